/**
 * The pure part of the evaluator's offline outbox (docs/offline-evaluator.md): what a pending save
 * is, how pending saves lie over the last snapshot the server sent, and how a failed send is read.
 * The IndexedDB side is offline-store.ts; the sending loop outbox.ts.
 */

/** One save made on the page, waiting for the server: answer changes and the section in view. */
export interface PendingSave {
  /** Order of the saves (IndexedDB's auto-increment key); absent before it is stored. */
  seq?: number;
  evaluationId: string;
  /** {elementId: value}; null clears. A photo taken offline is `offline-photo:<id>` until it is uploaded. */
  answers: Record<string, unknown>;
  currentSectionId: string | null;
  /** When the photos of this save were taken ({elementId: ISO time}). */
  photoTakenAt: Record<string, string>;
}

/** The answer of a photo that is still on the phone, waiting to be uploaded. */
export const OFFLINE_PHOTO = 'offline-photo:';

export const offlinePhotoId = (value: unknown): string | null =>
  typeof value === 'string' && value.startsWith(OFFLINE_PHOTO) ? value.slice(OFFLINE_PHOTO.length) : null;

/** The offline photos a save refers to. */
export const photoIdsOf = (answers: Record<string, unknown>): string[] =>
  Object.values(answers)
    .map(offlinePhotoId)
    .filter((id): id is string => id !== null);

/** The answers with each value mapped (offline photo ids to URLs and back). */
export const mapAnswers = (answers: Record<string, unknown>, map: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(answers).map(([id, value]) => [id, map(value)]));

/** The part of an evaluation document pending saves change. */
export interface DocumentLike {
  answers?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The document as the shopper left it: the snapshot with every pending save over it, in order (a
 * later answer wins, null clears, the last section in view is the current one).
 */
export function withPending<D extends DocumentLike>(document: D, pending: readonly PendingSave[]): D {
  if (pending.length === 0) return document;
  const answers: Record<string, unknown> = { ...document.answers };
  let metadata: Record<string, unknown> = { ...document.metadata };
  for (const save of [...pending].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    for (const [id, value] of Object.entries(save.answers)) {
      if (value === null) delete answers[id];
      else answers[id] = value;
    }
    if (save.currentSectionId) metadata = { ...metadata, currentSectionId: save.currentSectionId };
  }
  return { ...document, answers, metadata };
}

export type SendFailure =
  | { kind: 'network' }
  | { kind: 'conflict'; message: string }
  | { kind: 'refused'; message: string };

type MaybeApolloError = {
  networkError?: unknown;
  graphQLErrors?: { message: string; extensions?: { code?: string; fields?: { field: string }[] } }[];
  message?: string;
};

/**
 * How a failed send is read: no answer from the server (offline, timeout) is retried; a stale
 * version is a conflict for the shopper to settle; anything else the server refused (given back,
 * submitted, another shopper's, a bad answer) stops the outbox with the server's message.
 */
export function sendFailure(err: unknown): SendFailure {
  const e = (err ?? {}) as MaybeApolloError;
  const gql = e.graphQLErrors ?? [];
  if (gql.length === 0) {
    if (e.networkError || err instanceof TypeError || !navigatorOnline()) return { kind: 'network' };
    return { kind: 'refused', message: e.message || 'The changes could not be saved.' };
  }
  const message = gql.map((g) => g.message).join(' ');
  const stale = gql.some(
    (g) => g.extensions?.code === 'CONFLICT' && g.extensions.fields?.some((f) => f.field === 'baseVersion'),
  );
  return stale ? { kind: 'conflict', message } : { kind: 'refused', message };
}

const navigatorOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** Wait before the next try after `failures` network failures in a row: 1 s doubling to 30 s. */
export const retryDelay = (failures: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

/** "Offline: 3 changes waiting" / "All changes saved": the banner's words. */
export function bannerText(opts: { online: boolean; waiting: number }): string {
  if (opts.waiting === 0)
    return opts.online ? 'All changes saved' : 'Offline: all changes saved on this phone';
  const changes = `${opts.waiting} ${opts.waiting === 1 ? 'change' : 'changes'} waiting`;
  return opts.online ? `Saving: ${changes}` : `Offline: ${changes}`;
}
