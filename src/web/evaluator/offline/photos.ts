import { putPhoto, readPhoto } from './offline-store';
import { OFFLINE_PHOTO, offlinePhotoId } from './outbox-logic';

// A photo on the page is shown from a URL: the server's once uploaded, an object URL of the blob
// kept in IndexedDB while it waits. The outbox holds `offline-photo:<id>` instead, which survives a
// reload; these maps turn one into the other. Taken times are kept for both kinds.

const urlById = new Map<string, string>();
const idByUrl = new Map<string, string>();
const takenAtByUrl = new Map<string, string>();

const newPhotoId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** When the photo was taken: the file's time (a camera's file is dated when it is shot). */
export const takenAtOf = (file: File) => new Date(file.lastModified || Date.now()).toISOString();

/** A photo uploaded at once: remembers when it was taken for the save that sends its URL. */
export function rememberTakenAt(url: string, file: File) {
  takenAtByUrl.set(url, takenAtOf(file));
}

/** Keeps a photo on the phone until the outbox can upload it; returns the URL the page shows. */
export async function keepPhotoOffline(evaluationId: string, file: File): Promise<string> {
  const id = newPhotoId();
  const takenAt = takenAtOf(file);
  await putPhoto({ id, evaluationId, blob: file, fileName: file.name || 'photo.jpg', takenAt });
  const url = URL.createObjectURL(file);
  urlById.set(id, url);
  idByUrl.set(url, id);
  takenAtByUrl.set(url, takenAt);
  return url;
}

/** The value to keep in the outbox for an answer on the page. */
export function toOutboxValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const id = idByUrl.get(value);
  return id ? OFFLINE_PHOTO + id : value;
}

/** When the photo of an answer on the page was taken, if it is a photo picked here. */
export const takenAtOfAnswer = (value: unknown): string | undefined =>
  typeof value === 'string' ? takenAtByUrl.get(value) : undefined;

/** The page's URL of an outbox value (an object URL of the waiting photo's blob). */
export async function toPageValue(value: unknown): Promise<unknown> {
  const id = offlinePhotoId(value);
  if (!id) return value;
  const known = urlById.get(id);
  if (known) return known;
  const photo = await readPhoto(id);
  if (!photo) return null;
  const url = URL.createObjectURL(photo.blob);
  urlById.set(id, url);
  idByUrl.set(url, id);
  takenAtByUrl.set(url, photo.takenAt);
  return url;
}

/** Once uploaded, the photo's page URL stands for the server's too (later saves send that). */
export function photoUploaded(id: string, publicUrl: string) {
  const url = urlById.get(id);
  if (url) {
    idByUrl.set(url, id);
    takenAtByUrl.set(publicUrl, takenAtByUrl.get(url) ?? '');
  }
  uploadedUrlById.set(id, publicUrl);
}

const uploadedUrlById = new Map<string, string>();

/** The server URL of an offline photo already uploaded, if any. */
export const uploadedUrlOf = (id: string) => uploadedUrlById.get(id);
