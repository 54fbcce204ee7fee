import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.js';

// biome-ignore lint/suspicious/noExplicitAny: both drivers' query-result types are accepted.
export type Db = PgDatabase<PgQueryResultHKT & any, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
};

export const MIGRATIONS_FOLDER = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);

/** Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory for ':memory:'). */
export async function openDatabase(opts: { url?: string | undefined; dataDir?: string }): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema }) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db, kind: 'postgres', close: () => client.end() };
  }
  const dir = opts.dataDir ?? './data';
  let client: PGlite;
  if (dir === ':memory:') {
    client = new PGlite();
  } else {
    const pgDir = path.join(dir, 'pglite');
    mkdirSync(pgDir, { recursive: true });
    client = new PGlite(pgDir);
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Runs `fn` in one transaction; the transaction is handed on as a Db so use cases compose. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}
