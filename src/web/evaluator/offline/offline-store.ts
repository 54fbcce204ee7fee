import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { PendingSave } from './outbox-logic';

/**
 * The evaluator's IndexedDB (library `idb`): the last server copy of each evaluation the shopper
 * opened or holds, the ordered outbox of saves not yet on the server, and photos waiting to be
 * uploaded. Everything is cleared on logout (shared phones).
 */
export interface EvaluationSnapshot {
  evaluationId: string;
  /** The FieldEvaluation query's `evaluation`, as the server last sent it. */
  data: Record<string, unknown> & { document: unknown; version: number };
  savedAt: string;
}

export interface WaitingPhoto {
  id: string;
  evaluationId: string;
  blob: Blob;
  fileName: string;
  /** When the photo was taken (the file's lastModified), ISO. */
  takenAt: string;
}

interface OfflineDb extends DBSchema {
  snapshots: { key: string; value: EvaluationSnapshot };
  outbox: { key: number; value: PendingSave; indexes: { evaluationId: string } };
  photos: { key: string; value: WaitingPhoto };
}

const DB_NAME = 'evaluator-offline';
let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

function db() {
  opened ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('snapshots', { keyPath: 'evaluationId' });
      d.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex(
        'evaluationId',
        'evaluationId',
      );
      d.createObjectStore('photos', { keyPath: 'id' });
    },
  });
  return opened;
}

/** IndexedDB is there (not in server rendering, nor some private modes). */
export const offlineStoreAvailable = () => typeof indexedDB !== 'undefined';

export async function saveSnapshot(data: EvaluationSnapshot['data'] & { _id: string }) {
  await (await db()).put('snapshots', {
    evaluationId: data._id,
    data,
    savedAt: new Date().toISOString(),
  });
}

export async function readSnapshot(evaluationId: string) {
  return (await db()).get('snapshots', evaluationId);
}

/** The pending saves of an evaluation, oldest first. */
export async function pendingOf(evaluationId: string): Promise<PendingSave[]> {
  return (await db()).getAllFromIndex('outbox', 'evaluationId', evaluationId);
}

export async function enqueue(save: PendingSave): Promise<number> {
  const { seq: _, ...rest } = save;
  return (await db()).add('outbox', rest as PendingSave);
}

export async function replacePending(save: PendingSave) {
  await (await db()).put('outbox', save);
}

export async function removePending(seq: number) {
  await (await db()).delete('outbox', seq);
}

/** Forgets an evaluation's pending saves and waiting photos ("Reload newest"). */
export async function dropPending(evaluationId: string) {
  const d = await db();
  for (const save of await pendingOf(evaluationId)) await d.delete('outbox', save.seq!);
  for (const photo of await d.getAll('photos')) {
    if (photo.evaluationId === evaluationId) await d.delete('photos', photo.id);
  }
}

export async function putPhoto(photo: WaitingPhoto) {
  await (await db()).put('photos', photo);
}

export async function readPhoto(id: string) {
  return (await db()).get('photos', id);
}

export async function deletePhoto(id: string) {
  await (await db()).delete('photos', id);
}

/** Logout: nothing of the shopper's work stays on the device. */
export async function clearOfflineStore() {
  if (!offlineStoreAvailable()) return;
  const d = await db();
  await Promise.all([d.clear('snapshots'), d.clear('outbox'), d.clear('photos')]);
}
