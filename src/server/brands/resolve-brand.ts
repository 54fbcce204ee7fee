import { and, eq, sql } from 'drizzle-orm';
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
 * user's brand, entry path, then the default brand.
 */
export async function resolveBrand(db: Db, q: BrandLookup): Promise<BrandRow> {
  const host = q.host.toLowerCase();
  const byDomain = await one(
    db,
    and(eq(brands.type, 'CUSTOM_DOMAIN'), eq(sql`lower(${brands.customDomain})`, host)),
  );
  if (byDomain) return byDomain;
  const sub = subdomainOf(host, q.baseDomain);
  if (sub) {
    const bySub = await one(
      db,
      and(eq(brands.type, 'CUSTOM_SUBDOMAIN'), eq(sql`lower(${brands.subdomain})`, sub)),
    );
    if (bySub) return bySub;
  }
  if (q.user?.associatedBrandId) {
    const byUser = await one(db, and(eq(brands.id, q.user.associatedBrandId)));
    if (byUser) return byUser;
  }
  if (q.entryPath) {
    const byPath = await findBrandByEntryPath(db, q.entryPath);
    if (byPath) return byPath;
  }
  return defaultBrand(db);
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
