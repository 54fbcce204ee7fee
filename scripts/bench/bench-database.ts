// A throwaway PostgreSQL database for a benchmark, shared by the bench scripts.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
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
};

/**
 * Creates a uniquely named database (storefront_bench_{label}_...), migrates it, runs `fn`, and drops it
 * afterwards, unless KEEP_DB is set (then its name is printed).
 */
export async function withBenchDatabase<T>(label: string, fn: (db: BenchDatabase) => Promise<T>): Promise<T> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  const name = `storefront_bench_${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  const direct = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    return await fn({ name, url: url.toString(), database, direct });
  } finally {
    await database.close();
    await direct.end({ timeout: 5 });
    if (process.env.KEEP_DB) console.log(`Kept database ${name} (KEEP_DB).`);
    else await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end({ timeout: 5 });
  }
}

/** The p-th percentile (nearest rank) of some timings. */
export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
