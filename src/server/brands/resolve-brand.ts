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

/**
 * The candidates' condition with its keys as placeholders: a key that is null matches nothing, so one
 * statement serves every request. Its SQL is built once per database handle (drizzle's prepare), not
 * once per request; brands are read afresh every time, so a change shows at the next request on
 * every instance.
 */
const candidatesWhere = () =>
  or(
    and(eq(brands.type, 'CUSTOM_DOMAIN'), eq(sql`lower(${brands.customDomain})`, sql.placeholder('host'))),
    and(eq(brands.type, 'CUSTOM_SUBDOMAIN'), eq(sql`lower(${brands.subdomain})`, sql.placeholder('sub'))),
    eq(brands.id, sql.placeholder('userBrandId')),
    and(eq(brands.type, 'ENTRY_PATH'), eq(sql`lower(${brands.entryPath})`, sql.placeholder('entryPath'))),
    eq(brands.isDefault, true),
  );

const builders = {
  candidates: (db: Db) => db.select().from(brands).where(candidatesWhere()).prepare('brand_candidates'),
  byEntryPath: (db: Db) =>
    db
      .select()
      .from(brands)
      .where(
        and(eq(brands.type, 'ENTRY_PATH'), eq(sql`lower(${brands.entryPath})`, sql.placeholder('entryPath'))),
      )
      .limit(1)
      .prepare('brand_by_entry_path'),
  isDefault: (db: Db) =>
    db.select().from(brands).where(eq(brands.isDefault, true)).limit(1).prepare('brand_default'),
  any: (db: Db) => db.select().from(brands).limit(1).prepare('brand_any'),
};

type Statements = { [K in keyof typeof builders]: ReturnType<(typeof builders)[K]> };

const prepared = new WeakMap<Db, Partial<Statements>>();

/** The statement `name` for this database handle (or transaction), built at its first use. */
function statement<K extends keyof Statements>(db: Db, name: K): Statements[K] {
  let forDb = prepared.get(db);
  if (!forDb) {
    forDb = {};
    prepared.set(db, forDb);
  }
  forDb[name] ??= builders[name](db) as Statements[K];
  return forDb[name] as Statements[K];
}

/**
 * Resolves the brand of a visit (see bestBrand). Every request resolves its brand, so all the
 * candidates are read in one query and ranked here (one round trip instead of up to five).
 */
export async function resolveBrand(db: Db, q: BrandLookup): Promise<BrandRow> {
  const candidates = await statement(db, 'candidates').execute(brandKeys(q));
  return bestBrand(candidates, q) ?? defaultBrand(db);
}

export async function findBrandByEntryPath(db: Db, entryPath: string): Promise<BrandRow | undefined> {
  return (await statement(db, 'byEntryPath').execute({ entryPath: entryPath.toLowerCase() }))[0];
}

export async function defaultBrand(db: Db): Promise<BrandRow> {
  const brand = (await statement(db, 'isDefault').execute())[0] ?? (await statement(db, 'any').execute())[0];
  if (!brand) throw new Error('No brand is configured: run the seed or create a brand.');
  return brand;
}
