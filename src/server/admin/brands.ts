import { and, eq, ne, or, sql } from 'drizzle-orm';
import { isBundledAsset, type TBrandInput, ZBrandInput } from '../../domain/index.js';
import type { StorageAdapter } from '../adapters/storage.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { brandsChanged } from '../brands/resolve-brand.js';
import { catalogueChanged } from '../catalogue/published-industries.js';
import type { BrandRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { brands, industries, orders, questionnaires, users } from '../db/schema.js';
import { AppError, type FieldError, parseInput } from '../errors.js';
import { BRAND_IMAGE_FIELDS, type BrandImageField, brandImageKey } from '../file-references.js';

export const MSG_BRAND_NOT_FOUND = 'Brand not found.';
export const MSG_RESTRICT_CMS = 'This brand cannot be modified from the CMS';
export const MSG_BRAND_IN_USE =
  'This brand has customers or orders, so it cannot be removed. Its storefront keeps their history.';
export const MSG_DEFAULT_BRAND = 'The default brand cannot be removed.';

const notFound = () =>
  new AppError('NOT_FOUND', MSG_BRAND_NOT_FOUND, [{ field: '_id', message: MSG_BRAND_NOT_FOUND }]);
const restricted = () =>
  new AppError('FORBIDDEN', MSG_RESTRICT_CMS, [{ field: '_id', message: MSG_RESTRICT_CMS }]);

/** Image fields: uploaded into brands/{brandId}/ after the first save; the favicon is PNG or ICO. */
const IMAGE_FIELDS: Record<BrandImageField, { label: string; ext: RegExp; types: string }> = {
  logoUrl: { label: 'Logo', ext: /\.(png|jpe?g|gif|webp)$/i, types: 'PNG, JPEG, GIF or WebP' },
  brandTextImageUrl: {
    label: 'Brand Text Image',
    ext: /\.(png|jpe?g|gif|webp)$/i,
    types: 'PNG, JPEG, GIF or WebP',
  },
  faviconUrl: { label: 'Favicon', ext: /\.(png|ico)$/i, types: 'PNG or ICO' },
};

/**
 * Image references to store: each must be a key /s3/sign gave for this brand's folder, or the public
 * URL derived from one (which the form sends back); the key is stored and URLs are derived on read.
 * A bundled logo the brand already has (the demo seed's) may stay.
 */
function imageValues(input: TBrandInput, brand: BrandRow, storage: StorageAdapter) {
  const values: Partial<Record<BrandImageField, string | null>> = {};
  const errors: FieldError[] = [];
  for (const field of BRAND_IMAGE_FIELDS) {
    const rule = IMAGE_FIELDS[field];
    const value = input[field];
    if (!value) {
      values[field] = null;
      continue;
    }
    if (value === brand[field] && isBundledAsset(value)) {
      values[field] = value;
      continue;
    }
    const key = brandImageKey(storage, brand.id, value);
    if (!key) errors.push({ field, message: `${rule.label} must be uploaded for this brand.` });
    else if (!rule.ext.test(key))
      errors.push({ field, message: `${rule.label} must be a ${rule.types} image.` });
    else values[field] = key;
  }
  return { values, errors };
}

const ADDRESS_FIELDS = [
  ['shortName', 'Short Name'],
  ['subdomain', 'Subdomain'],
  ['customDomain', 'Custom Domain'],
  ['entryPath', 'Entry Path'],
] as const;

/** shortName, subdomain, custom domain and entry path are unique across brands (case-insensitive). */
async function uniquenessErrors(db: Db, input: TBrandInput, exceptId: string | null): Promise<FieldError[]> {
  const checks = ADDRESS_FIELDS.filter(([f]) => input[f]);
  if (!checks.length) return [];
  const taken = await db
    .select({
      shortName: brands.shortName,
      subdomain: brands.subdomain,
      customDomain: brands.customDomain,
      entryPath: brands.entryPath,
    })
    .from(brands)
    .where(
      and(
        exceptId ? ne(brands.id, exceptId) : undefined,
        or(...checks.map(([f]) => eq(sql`lower(${brands[f]})`, String(input[f]).toLowerCase()))),
      ),
    );
  return checks
    .filter(([f]) => taken.some((b) => b[f]?.toLowerCase() === String(input[f]).toLowerCase()))
    .map(([field, label]) => ({
      field,
      message: `${label} '${input[field]}' is already used by another brand.`,
    }));
}

/** Only the address field of the brand's type is kept. */
function brandValues(input: TBrandInput) {
  return {
    ...input,
    subdomain: input.type === 'CUSTOM_SUBDOMAIN' ? input.subdomain : null,
    customDomain: input.type === 'CUSTOM_DOMAIN' ? input.customDomain : null,
    entryPath: input.type === 'ENTRY_PATH' ? input.entryPath : null,
    primaryColor: input.primaryColor ?? undefined,
    secondaryColor: input.secondaryColor ?? undefined,
    headerTextColor: input.headerTextColor ?? undefined,
    footerLinkTextColor: input.footerLinkTextColor ?? undefined,
  };
}

function refuse(errors: FieldError[]): void {
  if (errors.length) throw new AppError('BAD_USER_INPUT', errors.map((e) => e.message).join(' '), errors);
}

/**
 * A transaction that writes brands; once it has committed, every request reads the brands (and the
 * catalogue, which a removed brand takes with it) anew.
 */
async function brandWrite<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const result = await inTransaction(db, fn);
  brandsChanged();
  catalogueChanged();
  return result;
}

/** createBrand: images come after the first save, so image URLs are not taken here. */
export async function createBrand(db: Db, rawInput: unknown): Promise<BrandRow> {
  const input = parseInput(ZBrandInput, rawInput);
  return brandWrite(db, async (tx) => {
    refuse(await uniquenessErrors(tx, input, null));
    const [row] = await tx
      .insert(brands)
      .values({
        id: newId(),
        ...brandValues(input),
        logoUrl: null,
        faviconUrl: null,
        brandTextImageUrl: null,
      })
      .returning();
    return row!;
  });
}

async function loadEditableBrand(db: Db, id: string): Promise<BrandRow> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, id)).limit(1).for('update');
  if (!brand) throw notFound();
  if (brand.restrictCMS) throw restricted();
  return brand;
}

/** updateBrand: the storefront shows the change at its next page load (see brandsChanged). */
export async function updateBrand(
  db: Db,
  id: string,
  rawInput: unknown,
  storage: StorageAdapter,
): Promise<BrandRow> {
  const input = parseInput(ZBrandInput, rawInput);
  return brandWrite(db, async (tx) => {
    const brand = await loadEditableBrand(tx, id);
    const images = imageValues(input, brand, storage);
    refuse([...images.errors, ...(await uniquenessErrors(tx, input, id))]);
    const [row] = await tx
      .update(brands)
      .set({ ...brandValues(input), ...images.values, updatedAt: new Date() })
      .where(eq(brands.id, id))
      .returning();
    return row!;
  });
}

/**
 * removeBrand: refused for the default brand and for a brand with customers or orders (their
 * history must stay readable); otherwise the brand and its catalogue go.
 */
export async function removeBrand(db: Db, id: string): Promise<BrandRow> {
  return brandWrite(db, async (tx) => {
    const brand = await loadEditableBrand(tx, id);
    if (brand.isDefault)
      throw new AppError('CONFLICT', MSG_DEFAULT_BRAND, [{ field: '_id', message: MSG_DEFAULT_BRAND }]);
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.associatedBrandId, id))
      .limit(1);
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.brandId, id)).limit(1);
    if (customer || order)
      throw new AppError('CONFLICT', MSG_BRAND_IN_USE, [{ field: '_id', message: MSG_BRAND_IN_USE }]);
    await tx.delete(questionnaires).where(eq(questionnaires.brandId, id));
    await tx.delete(industries).where(eq(industries.brandId, id));
    await tx.delete(brands).where(eq(brands.id, id));
    return brand;
  });
}

export const MSG_ASSOCIATE_AUTHENTICATED_ONLY =
  'Only brands of type AUTHENTICATED can be associated with a customer.';
export const MSG_CUSTOMER_NOT_FOUND = 'Customer Not Found';

/** associateBrandToUser: a customer joins an authenticated-type brand (their storefront after login). */
export async function associateBrandToUser(
  db: Db,
  opts: { uid: string; brandId: string; actor?: AuditActor },
) {
  return inTransaction(db, async (tx) => {
    const [old] = await tx
      .select({ brandId: users.associatedBrandId })
      .from(users)
      .where(eq(users.id, opts.uid))
      .limit(1);
    const [brand] = await tx.select().from(brands).where(eq(brands.id, opts.brandId)).limit(1);
    if (!brand)
      throw new AppError('NOT_FOUND', MSG_BRAND_NOT_FOUND, [
        { field: 'brandId', message: MSG_BRAND_NOT_FOUND },
      ]);
    if (brand.type !== 'AUTHENTICATED') {
      throw new AppError('BAD_USER_INPUT', MSG_ASSOCIATE_AUTHENTICATED_ONLY, [
        { field: 'brandId', message: MSG_ASSOCIATE_AUTHENTICATED_ONLY },
      ]);
    }
    const [user] = await tx
      .update(users)
      .set({ associatedBrandId: brand.id, updatedAt: new Date() })
      .where(eq(users.id, opts.uid))
      .returning();
    if (!user)
      throw new AppError('NOT_FOUND', MSG_CUSTOMER_NOT_FOUND, [
        { field: 'uid', message: MSG_CUSTOMER_NOT_FOUND },
      ]);
    await recordAudit(tx, opts.actor ?? { person: null }, {
      accountId: user.id,
      action: 'admin.brand_assigned',
      subject: { type: 'account', id: user.id, label: user.email },
      before: { brandId: old?.brandId ?? null },
      after: { brandId: brand.id, brandName: brand.name },
    });
    return user;
  });
}
