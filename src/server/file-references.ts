import { parseUploadKey } from '../domain/index.js';
import type { StorageAdapter } from './adapters/storage.js';
import type { CustomUpload } from './db/schema.js';

/**
 * What the client sees of a stored custom upload: the key, and the file name and public URL derived
 * from it. A stored value that is not a custom-questionnaire key (a row from before keys were checked)
 * is shown as no upload, so a planted link never renders.
 */
export function customUploadView(storage: StorageAdapter, stored: CustomUpload | null | undefined) {
  const k = parseUploadKey(stored?.fileKey);
  if (k?.kind !== 'customQuestionnaires') return null;
  return { fileKey: k.key, fileName: k.fileName, publicUrl: storage.publicUrl(k.key) };
}
