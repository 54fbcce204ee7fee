import {
  deletePhoto,
  dropPending,
  enqueue,
  pendingOf,
  readPhoto,
  readSnapshot,
  removePending,
  replacePending,
  saveSnapshot,
  type WaitingPhoto,
} from './offline-store';
import {
  mapAnswers,
  offlinePhotoId,
  type PendingSave,
  photoIdsOf,
  retryDelay,
  sendFailure,
} from './outbox-logic';
import { photoUploaded, uploadedUrlOf } from './photos';

export interface SaveVariables {
  id: string;
  answers: Record<string, unknown>;
  currentSectionId: string | null;
  baseVersion: number;
  photoTakenAt: Record<string, string>;
}

export interface OutboxDeps {
  /** Sends one save; resolves with the evaluation's new version and document. */
  send: (variables: SaveVariables) => Promise<{ version: number; document: unknown }>;
  /** Uploads a waiting photo into the evaluation's folder; resolves with the URL the answer holds. */
  upload: (photo: WaitingPhoto) => Promise<string>;
}

export interface OutboxState {
  /** Saves not yet on the server. */
  waiting: number;
  online: boolean;
  sending: boolean;
  /** The server refused a save: the outbox stops until the shopper chooses. */
  problem: { kind: 'conflict' | 'refused'; message: string } | null;
}

/**
 * The outbox of one evaluation: saves go into IndexedDB first, then to the server in order, each on
 * the version the previous one returned. No connection: it waits for 'online' and retries with
 * backoff. A conflict or refusal stops it with the server's message; the saves stay until the
 * shopper reloads the newest answers or keeps theirs.
 */
export class Outbox {
  private state: OutboxState;
  private listeners = new Set<() => void>();
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private disposed = false;

  constructor(
    readonly evaluationId: string,
    private baseVersion: number,
    private deps: OutboxDeps,
    waiting = 0,
  ) {
    this.state = {
      waiting,
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
      sending: false,
      problem: null,
    };
    if (typeof window !== 'undefined') {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
    }
  }

  getState = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<OutboxState>) {
    this.state = { ...this.state, ...next };
    for (const l of this.listeners) l();
  }

  private onOnline = () => {
    this.set({ online: true });
    this.failures = 0;
    this.kick();
  };

  private onOffline = () => this.set({ online: false });

  dispose() {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
    }
  }

  /** Keeps a save and starts sending. */
  async add(save: Omit<PendingSave, 'evaluationId' | 'seq'>) {
    await enqueue({ ...save, evaluationId: this.evaluationId });
    this.set({ waiting: this.state.waiting + 1 });
    this.kick();
  }

  /** Sends what is waiting unless offline, already sending or stopped by a problem. */
  kick() {
    if (this.running || this.state.problem || this.disposed) return this.running ?? Promise.resolve();
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Sends everything now; true once all is on the server (before a submit). */
  async flush(): Promise<boolean> {
    this.failures = 0;
    await this.kick();
    while (this.running) await this.running;
    return this.state.waiting === 0 && !this.state.problem;
  }

  private async run() {
    this.set({ sending: true });
    try {
      for (;;) {
        if (this.disposed) return;
        const [next] = await pendingOf(this.evaluationId);
        if (!next) {
          this.set({ waiting: 0 });
          return;
        }
        try {
          const save = await this.withUploadedPhotos(next);
          const saved = await this.deps.send({
            id: this.evaluationId,
            answers: save.answers,
            currentSectionId: save.currentSectionId,
            baseVersion: this.baseVersion,
            photoTakenAt: save.photoTakenAt,
          });
          this.baseVersion = saved.version;
          this.failures = 0;
          await removePending(save.seq!);
          await this.photosSent(next, save);
          await this.updateSnapshot(saved);
          this.set({ waiting: (await pendingOf(this.evaluationId)).length, online: true });
        } catch (err) {
          const failure = sendFailure(err);
          if (failure.kind === 'network') {
            this.failures += 1;
            this.timer = setTimeout(() => this.kick(), retryDelay(this.failures));
            return;
          }
          this.set({ problem: { kind: failure.kind, message: failure.message } });
          return;
        }
      }
    } finally {
      this.set({ sending: false });
    }
  }

  /** Uploads the save's waiting photos (once each) and puts their URLs in its answers. */
  private async withUploadedPhotos(save: PendingSave): Promise<PendingSave> {
    const ids = photoIdsOf(save.answers);
    if (ids.length === 0) return save;
    const urls = new Map<string, string>();
    for (const id of ids) {
      let url = uploadedUrlOf(id);
      if (!url) {
        const photo = await readPhoto(id);
        if (!photo) continue;
        url = await this.deps.upload(photo);
        photoUploaded(id, url);
      }
      urls.set(id, url);
    }
    const answers = mapAnswers(save.answers, (v) => {
      const id = offlinePhotoId(v);
      return id ? (urls.get(id) ?? null) : v;
    });
    const uploaded = { ...save, answers };
    await replacePending(uploaded);
    return uploaded;
  }

  /** A sent save's photos are on the server: later saves name their URLs, the blobs go. */
  private async photosSent(before: PendingSave, sent: PendingSave) {
    const ids = photoIdsOf(before.answers);
    if (ids.length === 0) return;
    const urls = new Map(ids.map((id) => [id, uploadedUrlOf(id)] as const));
    for (const later of await pendingOf(this.evaluationId)) {
      if (!photoIdsOf(later.answers).some((id) => urls.has(id))) continue;
      const answers = mapAnswers(later.answers, (v) => {
        const id = offlinePhotoId(v);
        return id && urls.get(id) ? urls.get(id) : v;
      });
      await replacePending({ ...later, answers });
    }
    for (const id of ids) await deletePhoto(id);
    void sent;
  }

  private async updateSnapshot(saved: { version: number; document: unknown }) {
    const snapshot = await readSnapshot(this.evaluationId);
    if (snapshot) {
      await saveSnapshot({
        ...snapshot.data,
        _id: this.evaluationId,
        document: saved.document,
        version: saved.version,
      });
    }
  }

  /** Tries again after the server refused (the shopper asked). */
  retry() {
    this.failures = 0;
    this.set({ problem: null });
    void this.kick();
  }

  /** "Keep mine": send the waiting saves again on the newest version. */
  keepMine(newestVersion: number) {
    this.baseVersion = newestVersion;
    this.set({ problem: null });
    void this.kick();
  }

  /** "Reload newest": forget the waiting saves. */
  async dropAll() {
    await dropPending(this.evaluationId);
    this.set({ waiting: 0, problem: null });
  }
}
