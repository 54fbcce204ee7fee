import { and, eq, or, sql } from 'drizzle-orm';
import type { BrandRow, UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { brands } from '../db/schema.js';

/** Cookie that remembers the entry path a visitor came in through (/{entryPath}). */
export const ENTRY_BRAND_COOKIE = 'entry_brand';

export type BrandLookup = {
  /** Request host without port, lower case. */
  host: string;
  baseDomain: string;
  user: UserRow | null;
  /** The remembered entry path, if any. */
  entryPath: string | null;
};

const one = async (db: Db, where: ReturnType<typeof and>) =>
  (await db.select().from(brands).where(where).limit(1))[0];

/** The subdomain label of host under baseDomain ("sb1" for sb1.example.com), or null. */
export function subdomainOf(host: string, baseDomain: string): string | null {
  const h = host.toLowerCase();
  const base = baseDomain.toLowerCase();
  if (!h.endsWith(`.${base}`)) return null;
  const sub = h.slice(0, -(base.length + 1));
  return sub && !sub.includes('.') && sub !== 'www' ? sub : null;
}

/**
 * Resolves the brand of a visit in the spec's order: custom domain, subdomain, the authenticated
 * user's brand, entry path, then the default brand. Every request resolves its brand, so all the
 * candidates are read in one query and ranked here (one round trip instead of up to five).
 */
export async function resolveBrand(db: Db, q: BrandLookup): Promise<BrandRow> {
  const host = q.host.toLowerCase();
  const sub = subdomainOf(host, q.baseDomain);
  const byDomain = and(eq(brands.type, 'CUSTOM_DOMAIN'), eq(sql`lower(${brands.customDomain})`, host));
  const bySub = sub
    ? and(eq(brands.type, 'CUSTOM_SUBDOMAIN'), eq(sql`lower(${brands.subdomain})`, sub))
    : undefined;
  const byUser = q.user?.associatedBrandId ? eq(brands.id, q.user.associatedBrandId) : undefined;
  const byPath = q.entryPath
    ? and(eq(brands.type, 'ENTRY_PATH'), eq(sql`lower(${brands.entryPath})`, q.entryPath.toLowerCase()))
    : undefined;
  const candidates = await db
    .select()
    .from(brands)
    .where(or(byDomain, bySub, byUser, byPath, eq(brands.isDefault, true)));
  const rank = (b: BrandRow) =>
    b.type === 'CUSTOM_DOMAIN' && b.customDomain?.toLowerCase() === host
      ? 0
      : sub && b.type === 'CUSTOM_SUBDOMAIN' && b.subdomain?.toLowerCase() === sub
        ? 1
        : b.id === q.user?.associatedBrandId
          ? 2
          : q.entryPath && b.type === 'ENTRY_PATH' && b.entryPath?.toLowerCase() === q.entryPath.toLowerCase()
            ? 3
            : 4;
  const best = candidates.sort((a, b) => rank(a) - rank(b))[0];
  return best ?? defaultBrand(db);
}

export async function findBrandByEntryPath(db: Db, entryPath: string): Promise<BrandRow | undefined> {
  return one(
    db,
    and(eq(brands.type, 'ENTRY_PATH'), eq(sql`lower(${brands.entryPath})`, entryPath.toLowerCase())),
  );
}

export async function defaultBrand(db: Db): Promise<BrandRow> {
  const brand =
    (await one(db, and(eq(brands.isDefault, true)))) ?? (await db.select().from(brands).limit(1))[0];
  if (!brand) throw new Error('No brand is configured: run the seed or create a brand.');
  return brand;
}
