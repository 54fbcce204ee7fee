// A throwaway PostgreSQL database for a benchmark, and the app on it, shared by the bench scripts.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { createAdapters } from '../../src/server/adapters/index.js';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { type Database, openDatabase } from '../../src/server/db/client.js';

/** The PostgreSQL server the benchmarks create their databases on. */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type BenchDatabase = {
  name: string;
  /** Connection URL of the new database. */
  url: string;
  /** The app's handle on it, migrated. */
  database: Database;
  /** A plain client for bulk seeding. */
  direct: postgres.Sql;
  /**
   * What a reused database (BENCH_REUSE_DB) was seeded with, as `markSeeded` recorded it; null when
   * it is new or its seeding did not finish (then it must be seeded: drop it first if not empty).
   */
  seededAs: string | null;
  /** Records that the database now holds the seed `what` (kept as the database's comment). */
  markSeeded: (what: string) => Promise<void>;
};

/**
 * Creates a uniquely named database (storefront_bench_{label}_...), migrates it, runs `fn`, and drops it
 * afterwards, unless KEEP_DB is set (then its name is printed). With BENCH_REUSE_DB=name the database
 * of that name is used and always kept: created when missing, else only migrated, so a large seed is
 * paid once (`seededAs` tells the caller what it holds).
 */
export async function withBenchDatabase<T>(label: string, fn: (db: BenchDatabase) => Promise<T>): Promise<T> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const reuse = process.env.BENCH_REUSE_DB;
  if (reuse && !/^[a-z0-9_]+$/.test(reuse))
    throw new Error('BENCH_REUSE_DB: lower-case letters, digits and _');
  const name =
    reuse || `storefront_bench_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const exists =
    reuse && (await admin`select 1 from pg_database where datname = ${reuse}`.then((r) => r.length > 0));
  if (!exists) await admin.unsafe(`CREATE DATABASE "${name}"`);
  const [row] = await admin<{ comment: string | null }[]>`
    select shobj_description(oid, 'pg_database') as comment from pg_database where datname = ${name}`;
  const comment = row?.comment;
  const seededAs = comment?.startsWith('bench seed: ') ? comment.slice('bench seed: '.length) : null;
  const markSeeded = async (what: string) => {
    await admin.unsafe(`COMMENT ON DATABASE "${name}" IS 'bench seed: ${what.replace(/'/g, "''")}'`);
  };
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const direct = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    return await fn({ name, url: url.toString(), database, direct, seededAs, markSeeded });
  } finally {
    await database.close();
    await direct.end({ timeout: 5 });
    if (reuse) console.log(`Kept database ${name} (BENCH_REUSE_DB).`);
    else if (process.env.KEEP_DB) console.log(`Kept database ${name} (KEEP_DB).`);
    else await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end({ timeout: 5 });
  }
}

/** The p-th percentile (nearest rank) of some timings. */
export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

/**
 * The app as production runs it (NODE_ENV=production, silent log) on the bench database, listening on a
 * free port of 127.0.0.1, with a loose GraphQL caller for the benchmark's own setup calls.
 */
export async function startBenchApp(db: BenchDatabase, opts: { webDist?: string } = {}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_SECRET: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    DATA_DIR: `/tmp/${db.name}`,
    HOST: '127.0.0.1',
  });
  const app = await buildApp({ db: db.database.db, config, adapters: createAdapters(config), ...opts });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const gql = async (query: string, variables: Record<string, unknown> = {}, token?: string) => {
    const res = await fetch(`${base}/api`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the benchmarks read responses loosely.
    const body = (await res.json()) as { data?: any; errors?: { message: string }[] };
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join('; '));
    return body.data;
  };
  return { app, base, gql };
}
