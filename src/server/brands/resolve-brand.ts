import type { BrandRow, UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { readCache } from '../db/read-cache.js';
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

/** The subdomain label of host under baseDomain ("sb1" for sb1.example.com), or null. */
export function subdomainOf(host: string, baseDomain: string): string | null {
  const h = host.toLowerCase();
  const base = baseDomain.toLowerCase();
  if (!h.endsWith(`.${base}`)) return null;
  const sub = h.slice(0, -(base.length + 1));
  return sub && !sub.includes('.') && sub !== 'www' ? sub : null;
}

/** What a brand lookup matches on, normalised once: lower-case host, subdomain and entry path. */
export type BrandKeys = {
  host: string;
  sub: string | null;
  userBrandId: string | null;
  entryPath: string | null;
};

export function brandKeys(q: BrandLookup): BrandKeys {
  const host = q.host.toLowerCase();
  return {
    host,
    sub: subdomainOf(host, q.baseDomain),
    userBrandId: q.user?.associatedBrandId || null,
    entryPath: q.entryPath?.toLowerCase() || null,
  };
}

/**
 * The best of the candidate brands in the spec's order: custom domain, subdomain, the authenticated
 * user's brand, entry path, then the default brand; undefined when there is no candidate at all.
 */
export function bestBrand<B extends BrandRow>(candidates: B[], q: BrandLookup): B | undefined {
  const k = brandKeys(q);
  const rank = (b: BrandRow) =>
    b.type === 'CUSTOM_DOMAIN' && b.customDomain?.toLowerCase() === k.host
      ? 0
      : k.sub && b.type === 'CUSTOM_SUBDOMAIN' && b.subdomain?.toLowerCase() === k.sub
        ? 1
        : k.userBrandId !== null && b.id === k.userBrandId
          ? 2
          : k.entryPath && b.type === 'ENTRY_PATH' && b.entryPath?.toLowerCase() === k.entryPath
            ? 3
            : 4;
  return [...candidates].sort((a, b) => rank(a) - rank(b))[0];
}

/** Whether a brand could be the visit's brand: what bestBrand ranks (the SQL of readSession agrees). */
function isCandidate(b: BrandRow, k: BrandKeys): boolean {
  return (
    (b.type === 'CUSTOM_DOMAIN' && b.customDomain?.toLowerCase() === k.host) ||
    (k.sub !== null && b.type === 'CUSTOM_SUBDOMAIN' && b.subdomain?.toLowerCase() === k.sub) ||
    b.id === k.userBrandId ||
    (k.entryPath !== null && b.type === 'ENTRY_PATH' && b.entryPath?.toLowerCase() === k.entryPath) ||
    b.isDefault
  );
}

/**
 * How long a process keeps the brands it read. A brand saved through this process shows at its next
 * request (brandsChanged); a change made by another instance shows within this time.
 */
export const BRAND_CACHE_MS = 5_000;

const brandCache = readCache<'all', BrandRow[]>(BRAND_CACHE_MS);

/** Call after a brand was written (after its transaction committed): the next request reads them anew. */
export const brandsChanged = (): void => brandCache.changed();

/**
 * Every brand (a white-label storefront has tens, not thousands), read at most every BRAND_CACHE_MS:
 * anonymous requests resolve their brand without a query.
 */
const allBrands = (db: Db): Promise<BrandRow[]> =>
  brandCache.get(db, 'all', () => db.select().from(brands).orderBy(brands.createdAt).execute());

/**
 * The brands resolved from one read of the brands, by what the lookup matches on: a visit's brand is
 * worked out once per host and entry path while that read is kept, not at every request. The host and
 * the cookie are the caller's, so at most RESOLVED_MAX are kept per read; past that it starts over.
 */
const resolved = new WeakMap<BrandRow[], Map<string, BrandRow>>();
const RESOLVED_MAX = 256;

/** Resolves the brand of a visit (see bestBrand) from the cached brands. */
export async function resolveBrand(db: Db, q: BrandLookup): Promise<BrandRow> {
  const all = await allBrands(db);
  const key = `${q.host}\n${q.baseDomain}\n${q.user?.associatedBrandId ?? ''}\n${q.entryPath ?? ''}`;
  const byKey = resolved.get(all) ?? new Map<string, BrandRow>();
  const hit = byKey.get(key);
  if (hit) return hit;
  const k = brandKeys(q);
  const brand =
    bestBrand(
      all.filter((b) => isCandidate(b, k)),
      q,
    ) ?? (await defaultBrand(db));
  resolved.set(all, byKey);
  if (byKey.size >= RESOLVED_MAX) byKey.clear();
  byKey.set(key, brand);
  return brand;
}

export async function findBrandByEntryPath(db: Db, entryPath: string): Promise<BrandRow | undefined> {
  const path = entryPath.toLowerCase();
  return (await allBrands(db)).find((b) => b.type === 'ENTRY_PATH' && b.entryPath?.toLowerCase() === path);
}

/** The default brand, else the oldest. */
export async function defaultBrand(db: Db): Promise<BrandRow> {
  const all = await allBrands(db);
  const brand = all.find((b) => b.isDefault) ?? all[0];
  if (!brand) throw new Error('No brand is configured: run the seed or create a brand.');
  return brand;
}

/**
 * The site a brand's customers use, for links in e-mails sent outside a request (the digest, survey
 * batches): its custom domain, or its subdomain of BASE_DOMAIN, else the public URL (where entry-path,
 * authenticated and default brands live; a logged-in customer's brand follows their account there).
 * The scheme is the public URL's, and so is the port of a subdomain (a custom domain has its own).
 */
export function brandSiteOrigin(
  brand: Pick<BrandRow, 'type' | 'subdomain' | 'customDomain'>,
  site: { publicUrl: string; baseDomain: string },
): string {
  const base = new URL(site.publicUrl);
  if (brand.type === 'CUSTOM_DOMAIN' && brand.customDomain)
    return `${base.protocol}//${brand.customDomain.toLowerCase()}`;
  if (brand.type === 'CUSTOM_SUBDOMAIN' && brand.subdomain) {
    base.hostname = `${brand.subdomain.toLowerCase()}.${site.baseDomain.toLowerCase()}`;
    return base.origin;
  }
  return site.publicUrl.replace(/\/$/, '');
}
