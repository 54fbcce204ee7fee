import { isBundledAsset, keyOfFileReference, parseUploadKey, uploadFolder } from '../domain/index.js';
import type { StorageAdapter } from './adapters/storage.js';
import type { BrandRow } from './context.js';
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

export const BRAND_IMAGE_FIELDS = ['logoUrl', 'faviconUrl', 'brandTextImageUrl'] as const;
export type BrandImageField = (typeof BRAND_IMAGE_FIELDS)[number];

/**
 * The key a brand image reference names: a key /s3/sign gave for brands/{brandId}, or the public URL
 * derived from one (what the admin form shows and sends back); null for anything else.
 */
export const brandImageKey = (storage: StorageAdapter, brandId: string, value: unknown) =>
  keyOfFileReference(value, uploadFolder('brands', brandId), (key) => storage.publicUrl(key));

/**
 * A brand image's public URL, derived from the stored key (or a URL stored before keys were): a
 * stored value that is not this brand's upload (a planted external URL) gives no image. The app's
 * bundled logos are served as they are.
 */
export function brandImageUrl<F extends BrandImageField>(
  storage: StorageAdapter,
  brand: Pick<BrandRow, 'id' | F>,
  field: F,
) {
  const stored = brand[field];
  if (!stored) return null;
  if (isBundledAsset(stored)) return stored;
  const key = brandImageKey(storage, brand.id, stored);
  return key ? storage.publicUrl(key) : null;
}

/** The brand with its image fields as public URLs (for the page shell). */
export function withBrandImageUrls(storage: StorageAdapter, brand: BrandRow): BrandRow {
  return {
    ...brand,
    logoUrl: brandImageUrl(storage, brand, 'logoUrl'),
    faviconUrl: brandImageUrl(storage, brand, 'faviconUrl'),
    brandTextImageUrl: brandImageUrl(storage, brand, 'brandTextImageUrl'),
  };
}
