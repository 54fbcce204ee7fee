import { createReadStream } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  fileLinkWindow,
  isPublicUploadKey,
  isUploadFolder,
  MAX_UPLOAD_BYTES,
  originalFileName,
  UPLOAD_RULES,
  uploadRuleOf,
} from '../../domain/index.js';
import { hmac, safeEqual } from '../auth/tokens.js';
import { newId } from '../db/ids.js';

export type SignedUpload = {
  /** Where the browser sends the file (HTTP PUT with the file as the body). */
  uploadUrl: string;
  method: 'PUT';
  /** Headers the browser sets on the PUT (the signed content-length it sends by itself). */
  headers: Record<string, string>;
  /** Storage key, e.g. customQuestionnaires/{oid}/{id}_{name}. */
  fileKey: string;
  /** Where the file is read once uploaded (a signed short-lived link unless it is a brand image). */
  publicUrl: string;
  fileName: string;
};

/** What /s3/sign passes on, already checked against the folder's rule (src/domain/upload-rules.ts). */
export type SignRequest = { folder: string; fileName: string; contentType: string; size: number };

export interface StorageAdapter {
  readonly kind: 'local' | 's3';
  sign(opts: SignRequest): Promise<SignedUpload>;
  /**
   * The URL a reader is given for a (well-formed) key, the one place such URLs are made: a brand
   * image's permanent public URL; for every other upload a signed link that works for about an hour.
   */
  publicUrl(key: string): string;
  /** Stores bytes under a key: what the app's own upload route received (photos once stripped). */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes stored under a key (a shop report's photos for its PDF), or null when there are none. */
  read(key: string): Promise<Buffer | null>;
}

export { MAX_UPLOAD_BYTES };

/** Brand images (logo, favicon, brand-text image): web image types only, at most 2 MiB. */
export const BRAND_IMAGE_TYPES = UPLOAD_RULES.brands.types;
export const MAX_BRAND_IMAGE_BYTES = UPLOAD_RULES.brands.maxBytes;
export const MSG_BRAND_IMAGE_TYPE = UPLOAD_RULES.brands.typeMessage;
export const MSG_BRAND_IMAGE_SIZE = UPLOAD_RULES.brands.sizeMessage;

/** The size limit of an upload into a folder (brands/... is stricter than documents and recordings). */
export const maxUploadBytes = (folderOrKey: string): number =>
  uploadRuleOf(folderOrKey)?.maxBytes ?? MAX_UPLOAD_BYTES;

/** Folder names a client may ask to sign for: customQuestionnaires/{id}, brands/{id}, evaluations/{id}. */
export const isAllowedFolder = isUploadFolder;

/** The stored key of a new upload: `{folder}/{random}_{safe name}`. */
export function newUploadKey(folder: string, fileName: string) {
  const stored = `${newId(12)}_${safeFileName(fileName)}`;
  return { fileKey: `${folder}/${stored}`, fileName: originalFileName(stored) };
}

/** Upload links live ten minutes. */
export const UPLOAD_LINK_MS = 10 * 60_000;

export type AppUploadGrant = { key: string; expires: number; contentType: string; size: number };

/**
 * Links to this app's own upload route (PUT /s3/upload): an HMAC with the app secret over the key,
 * the expiry, the content type and the exact size, so the PUT cannot be another file, type or size.
 * Every local upload goes this way, and on S3 every photo (the server strips its metadata and then
 * writes it to the bucket).
 */
export function appUploadLinks(secret: string, now: () => number = Date.now) {
  const signature = (g: AppUploadGrant) =>
    hmac(secret, `upload|${g.key}|${g.expires}|${g.contentType}|${g.size}`);
  return {
    link(key: string, contentType: string, size: number) {
      const expires = now() + UPLOAD_LINK_MS;
      const sig = signature({ key, expires, contentType, size });
      const q = new URLSearchParams({ key, expires: String(expires), contentType, size: String(size), sig });
      return { uploadUrl: `/s3/upload?${q}`, headers: { 'content-type': contentType } };
    },
    verify(g: AppUploadGrant, sig: string) {
      return g.expires > now() && safeEqual(signature(g), sig);
    },
  };
}
export type AppUploadLinks = ReturnType<typeof appUploadLinks>;

/**
 * Keeps letters, digits, dot, dash and underscore, with no '..' (which stored keys never hold); the
 * stored name is {random}_{original}.
 */
export function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^-+|-+$/g, '');
  return (base || 'file').slice(-120);
}

/**
 * Default: files live in {dataDir}/uploads and are served at /s3/uploads/...: brand images to anyone,
 * every other file only with a signed link (`expires` and `sig`, an HMAC with the app secret) that
 * works for about an hour. Uploads go to this app's own PUT route (appUploadLinks).
 */
export function localStorage(opts: { dataDir: string; secret: string; now?: () => number }) {
  const root = path.resolve(opts.dataDir, 'uploads');
  const now = opts.now ?? Date.now;
  const uploads = appUploadLinks(opts.secret, now);
  const readSignature = (key: string, expires: number) => hmac(opts.secret, `read|${key}|${expires}`);

  const adapter: StorageAdapter & {
    root: string;
    uploads: AppUploadLinks;
    /** Whether a read link of a private key is genuine and not expired. */
    verifyRead(key: string, expires: number, sig: string): boolean;
    open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  } = {
    kind: 'local',
    root,
    uploads,
    async sign({ folder, fileName, contentType, size }) {
      const made = newUploadKey(folder, fileName);
      return {
        ...uploads.link(made.fileKey, contentType, size),
        method: 'PUT',
        fileKey: made.fileKey,
        publicUrl: adapter.publicUrl(made.fileKey),
        fileName: made.fileName,
      };
    },
    publicUrl(key) {
      if (isPublicUploadKey(key)) return `/s3/uploads/${key}`;
      const { expires } = fileLinkWindow(now());
      return `/s3/uploads/${key}?expires=${expires}&sig=${readSignature(key, expires)}`;
    },
    verifyRead(key, expires, sig) {
      return (
        Number.isSafeInteger(expires) && expires * 1000 > now() && safeEqual(readSignature(key, expires), sig)
      );
    },
    async write(key, body) {
      const file = path.resolve(root, key);
      if (!file.startsWith(root + path.sep)) throw new Error('Invalid storage key');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async read(key) {
      const file = path.resolve(root, key);
      if (!file.startsWith(root + path.sep)) return null;
      try {
        return await readFile(file);
      } catch {
        return null;
      }
    },
    async open(key) {
      const file = path.resolve(root, key);
      if (!file.startsWith(root + path.sep)) return null;
      try {
        const s = await stat(file);
        if (!s.isFile()) return null;
        return { stream: createReadStream(file), size: s.size };
      } catch {
        return null;
      }
    },
  };
  return adapter;
}
export type LocalStorageAdapter = ReturnType<typeof localStorage>;
