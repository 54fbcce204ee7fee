import { parseUploadKey, type UploadFolderKind } from './upload-keys';

/**
 * What each upload folder takes: the content types a file may be signed (and stored, and served) as,
 * and its largest size. The browser checks a file against this before asking to sign; the server
 * checks again at signing and binds both into the signed request (the local PUT's signature, S3's
 * signed content-type and content-length), so a signed upload cannot be another type or larger.
 */

/** Photos: the server re-encodes these to drop their metadata (EXIF GPS, device) before storing. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const ICON_TYPES = ['image/x-icon', 'image/vnd.microsoft.icon'] as const;
/** Call recordings as phones and browsers save them. */
const AUDIO_TYPES = [
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/wav',
  'audio/x-wav',
  'audio/webm',
  'audio/ogg',
] as const;
const DOCUMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
  'text/csv',
  // What a browser sends for a file whose type it does not know; stored and served as a download.
  'application/octet-stream',
] as const;

const MB = 1024 * 1024;

export type UploadRule = {
  types: readonly string[];
  maxBytes: number;
  /** Shown when the type is not one of `types`. */
  typeMessage: string;
  /** Shown when the file is larger than `maxBytes`. */
  sizeMessage: string;
};

export const UPLOAD_RULES: Record<UploadFolderKind, UploadRule> = {
  brands: {
    types: [...PHOTO_TYPES, ...ICON_TYPES],
    maxBytes: 2 * MB,
    typeMessage: 'Brand images must be PNG, JPEG, GIF, WebP or ICO files.',
    sizeMessage: 'Brand images must be 2 MB or smaller.',
  },
  actionPlans: {
    types: PHOTO_TYPES,
    maxBytes: 20 * MB,
    typeMessage: 'Photo evidence must be an image (JPEG, PNG, GIF or WebP).',
    sizeMessage: 'Photo evidence must be 20 MB or smaller.',
  },
  evaluations: {
    types: [...PHOTO_TYPES, ...AUDIO_TYPES],
    maxBytes: 20 * MB,
    typeMessage:
      'Evaluation files must be photos (JPEG, PNG, GIF or WebP) or recordings (MP3, M4A, AAC, WAV, WebM or Ogg).',
    sizeMessage: 'Evaluation files must be 20 MB or smaller.',
  },
  customQuestionnaires: {
    types: [...DOCUMENT_TYPES, ...PHOTO_TYPES],
    maxBytes: 20 * MB,
    typeMessage: 'A custom questionnaire must be a PDF, Word, Excel, text, CSV or image file.',
    sizeMessage: 'A custom questionnaire must be 20 MB or smaller.',
  },
};

/** The largest file any folder takes (the upload route's body limit). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

/** The rule of a folder ('evaluations/{id}') or of a key in it, or null for anything else. */
export function uploadRuleOf(folderOrKey: string): UploadRule | null {
  const kind = folderOrKey.split('/', 1)[0] as UploadFolderKind;
  return Object.hasOwn(UPLOAD_RULES, kind) ? UPLOAD_RULES[kind] : null;
}

/** A content type as compared: lower case, without parameters ('image/JPEG; x=y' is 'image/jpeg'). */
export const normalContentType = (type: string) => type.split(';', 1)[0]!.trim().toLowerCase();

/**
 * Why a file of this type and size cannot be signed into `folder`, naming the field ('contentType' or
 * 'size'), or null when it may.
 */
export function uploadProblem(
  folder: string,
  file: { contentType: string; size: number },
): { field: 'contentType' | 'size'; message: string } | null {
  const rule = uploadRuleOf(folder);
  if (!rule) return { field: 'contentType', message: 'Invalid upload folder.' };
  if (!rule.types.includes(normalContentType(file.contentType)))
    return { field: 'contentType', message: rule.typeMessage };
  if (!Number.isSafeInteger(file.size) || file.size <= 0)
    return { field: 'size', message: 'The file is empty.' };
  if (file.size > rule.maxBytes) return { field: 'size', message: rule.sizeMessage };
  return null;
}

/** Whether the server re-encodes files of this type to strip their metadata. */
export const isStrippedPhotoType = (contentType: string) =>
  (PHOTO_TYPES as readonly string[]).includes(normalContentType(contentType));

/**
 * Brand images (logos, favicons) are public by nature: the storefront and its e-mails show them to
 * everyone. Every other upload (an evaluation's photos and recordings, a plan's evidence, a custom
 * questionnaire) is served only through a short-lived signed link.
 */
export const isPublicUploadKey = (key: string) => parseUploadKey(key)?.kind === 'brands';

/**
 * A signed link to a private upload is made for the quarter hour it is asked in and works until an
 * hour after that quarter ends: every link lives 60 to 75 minutes, and a page read twice within a
 * quarter hour gets the same URL, so the browser's cache keeps working.
 */
export const FILE_LINK_ROUND_SECONDS = 15 * 60;
export const FILE_LINK_SECONDS = 60 * 60 + FILE_LINK_ROUND_SECONDS;

/** The quarter hour a link made at `nowMs` is signed for, and its expiry (both Unix seconds). */
export function fileLinkWindow(nowMs: number): { signedAt: number; expires: number } {
  const signedAt = Math.floor(nowMs / 1000 / FILE_LINK_ROUND_SECONDS) * FILE_LINK_ROUND_SECONDS;
  return { signedAt, expires: signedAt + FILE_LINK_SECONDS };
}
