/**
 * Stored file references. A file reference the server keeps (a custom questionnaire upload, a brand
 * image, an evaluation photo or recording) is a storage key the server signed: `{folder}/{stored name}`,
 * where the folder belongs to one object (customQuestionnaires/{orderId}, brands/{brandId},
 * evaluations/{evaluationId}, actionPlans/{planId} for a plan's photo evidence) and the stored name is `{random id}_{safe original name}`. Its public URL
 * and its file name are always derived from the key, never taken from the client.
 */

export const UPLOAD_FOLDER_KINDS = ['customQuestionnaires', 'brands', 'evaluations', 'actionPlans'] as const;
export type UploadFolderKind = (typeof UPLOAD_FOLDER_KINDS)[number];

/** Longer than any key the server signs (85-character folder, 133-character stored name). */
export const MAX_UPLOAD_KEY_LENGTH = 300;

const FOLDER = /^(customQuestionnaires|brands|evaluations|actionPlans)\/([A-Za-z0-9_-]{1,64})$/;
/** `{random id}_{name}`: letters, digits, '.', '-', '_' only; the id starts it, so never '.' or '..'. */
const STORED_NAME = /^[A-Za-z0-9]{1,32}_[A-Za-z0-9._-]{1,160}$/;

/** Whether `folder` is one object's upload folder, e.g. 'brands/{id}'. */
export const isUploadFolder = (folder: string): boolean => FOLDER.test(folder);

/** The folder of one object's uploads, e.g. uploadFolder('brands', id) = 'brands/{id}'. */
export const uploadFolder = (kind: UploadFolderKind, id: string) => `${kind}/${id}`;

/** The original file name is the part after the first underscore of the stored name (spec). */
export function originalFileName(storedName: string): string {
  const i = storedName.indexOf('_');
  return i === -1 ? storedName : storedName.slice(i + 1);
}

export type UploadKey = {
  key: string;
  kind: UploadFolderKind;
  /** The id of the object the folder belongs to. */
  ownerId: string;
  folder: string;
  /** The original file name (after the first underscore of the stored name). */
  fileName: string;
};

/**
 * A well-formed upload key split into its parts, or null: exactly `{kind}/{id}/{stored name}`, with no
 * '..', no leading '/', no backslash, no control or other characters outside [A-Za-z0-9._-] and at
 * most MAX_UPLOAD_KEY_LENGTH characters.
 */
export function parseUploadKey(key: unknown): UploadKey | null {
  if (typeof key !== 'string' || key.length > MAX_UPLOAD_KEY_LENGTH || key.includes('..')) return null;
  const cut = key.lastIndexOf('/');
  if (cut === -1) return null;
  const folder = key.slice(0, cut);
  const storedName = key.slice(cut + 1);
  const f = FOLDER.exec(folder);
  if (!f || !STORED_NAME.test(storedName)) return null;
  return {
    key,
    kind: f[1] as UploadFolderKind,
    ownerId: f[2]!,
    folder,
    fileName: originalFileName(storedName),
  };
}

/** Whether `key` is a well-formed key of a file in exactly `folder`. */
export function isUploadKeyIn(key: unknown, folder: string): boolean {
  return parseUploadKey(key)?.folder === folder;
}

/**
 * The key a file reference names when it belongs in `folder`: the key itself, or exactly the URL the
 * server derives from such a key (`publicUrl`, e.g. '/s3/uploads/{key}' or the bucket URL), which is
 * what clients were given and may send back. A private file's URL is a signed link that changes and
 * expires, so its query (the signature) is not compared: the key, checked to be in `folder`, is all
 * that is kept. Anything else (another folder, an external or `javascript:` URL, a path that climbs
 * out) is null.
 */
export function keyOfFileReference(
  value: unknown,
  folder: string,
  publicUrl: (key: string) => string,
): string | null {
  if (typeof value !== 'string' || value === '' || value.length > 2000) return null;
  if (isUploadKeyIn(value, folder)) return value;
  const address = withoutQuery(value);
  const at = address.indexOf(`${folder}/`);
  if (at === -1) return null;
  let key: string;
  try {
    key = decodeURIComponent(address.slice(at));
  } catch {
    return null;
  }
  return isUploadKeyIn(key, folder) && withoutQuery(publicUrl(key)) === address ? key : null;
}

const withoutQuery = (url: string) => url.split('?', 1)[0]!;

/**
 * The app's own bundled files that the demo seed refers to (public/brands/{name}.svg logos,
 * public/samples/{name}.svg|wav report samples): same-origin static files, never uploads.
 */
export const isBundledAsset = (value: string): boolean =>
  /^\/(brands|samples)\/[a-z0-9-]{1,64}\.(svg|wav)$/.test(value);
