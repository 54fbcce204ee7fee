import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isUploadFolder, originalFileName } from '../../domain/index.js';
import { hmac, safeEqual } from '../auth/tokens.js';
import { newId } from '../db/ids.js';

export type SignedUpload = {
  /** Where the browser sends the file (HTTP PUT with the file as the body). */
  uploadUrl: string;
  method: 'PUT';
  headers: Record<string, string>;
  /** Storage key, e.g. customQuestionnaires/{oid}/{id}_{name}. */
  fileKey: string;
  /** Where the file is served once uploaded. */
  publicUrl: string;
  fileName: string;
};

export interface StorageAdapter {
  readonly kind: 'local' | 's3';
  sign(opts: { folder: string; fileName: string; contentType: string }): Promise<SignedUpload>;
  /** Where the file of a (well-formed) key is served: the one place public URLs are made. */
  publicUrl(key: string): string;
}

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** Brand images (logo, favicon, brand-text image): web image types only, at most 2 MiB. */
export const BRAND_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
];
export const MAX_BRAND_IMAGE_BYTES = 2 * 1024 * 1024;
export const MSG_BRAND_IMAGE_TYPE = 'Brand images must be PNG, JPEG, GIF, WebP or ICO files.';
export const MSG_BRAND_IMAGE_SIZE = 'Brand images must be 2 MB or smaller.';

/** The size limit of an upload into a folder (brands/... is stricter than documents and recordings). */
export const maxUploadBytes = (folderOrKey: string): number =>
  folderOrKey.startsWith('brands/') ? MAX_BRAND_IMAGE_BYTES : MAX_UPLOAD_BYTES;

/** Folder names a client may ask to sign for: customQuestionnaires/{id}, brands/{id}, evaluations/{id}. */
export const isAllowedFolder = isUploadFolder;

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
 * Default: files live in {dataDir}/uploads and are served at /s3/uploads/...; the signed upload URL
 * is this app's own PUT endpoint with an HMAC over the key and expiry.
 */
export function localStorage(opts: { dataDir: string; secret: string }) {
  const root = path.resolve(opts.dataDir, 'uploads');
  const signature = (key: string, expires: number, contentType: string) =>
    hmac(opts.secret, `upload|${key}|${expires}|${contentType}`);

  const adapter: StorageAdapter & {
    root: string;
    verifyUpload(key: string, expires: number, contentType: string, sig: string, now?: number): boolean;
    write(key: string, body: Buffer): Promise<void>;
    open(key: string): Promise<{ stream: NodeJS.ReadableStream; size: number } | null>;
  } = {
    kind: 'local',
    root,
    async sign({ folder, fileName, contentType }) {
      const stored = `${newId(12)}_${safeFileName(fileName)}`;
      const fileKey = `${folder}/${stored}`;
      const expires = Date.now() + 10 * 60_000;
      const sig = signature(fileKey, expires, contentType);
      const q = new URLSearchParams({ key: fileKey, expires: String(expires), contentType, sig });
      return {
        uploadUrl: `/s3/upload?${q}`,
        method: 'PUT',
        headers: { 'content-type': contentType },
        fileKey,
        publicUrl: adapter.publicUrl(fileKey),
        fileName: originalFileName(stored),
      };
    },
    publicUrl: (key) => `/s3/uploads/${key}`,
    verifyUpload(key, expires, contentType, sig, now = Date.now()) {
      return expires > now && safeEqual(signature(key, expires, contentType), sig);
    },
    async write(key, body) {
      const file = path.resolve(root, key);
      if (!file.startsWith(root + path.sep)) throw new Error('Invalid storage key');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
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
