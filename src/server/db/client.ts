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

/**
 * Opens PostgreSQL when a URL is given, else embedded PGlite in `dataDir` (or in memory for ':memory:'),
 * and brings its schema up to date unless `migrate` is false (a server process whose primary did it).
 */
export async function openDatabase(opts: {
  url?: string | undefined;
  dataDir?: string;
  migrate?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const client = postgres(opts.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client: preparingStatements(client), schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
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
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, kind: 'pglite', close: () => client.close() };
}

type Sql = postgres.Sql;

/**
 * The client as drizzle sees it, with every parameterised query run as a named prepared statement.
 * drizzle asks postgres.js for an unnamed statement unless a query is `.prepare(name)`d, so PostgreSQL
 * parses and plans every query anew and postgres.js decodes its row description every time; with
 * `prepare: true` postgres.js keeps one statement per query text on each connection (a connection
 * lives 30–60 minutes, its max_lifetime, which bounds that cache). drizzle names every column it
 * selects, so a migration that adds columns does not invalidate them; postgres.js re-prepares a
 * statement PostgreSQL reports as stale. Not for a pooler in transaction mode (PgBouncer), which
 * does not keep prepared statements. Transactions and savepoints hand drizzle a new client, so those
 * are wrapped the same way.
 */
export function preparingStatements(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, args?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, args as never, { ...options, prepare: true });
      }
      if (prop === 'begin' || prop === 'savepoint') {
        const original = Reflect.get(target, prop, receiver) as (...a: unknown[]) => unknown;
        return (...a: unknown[]) => {
          const fn = a.pop() as (tx: Sql) => unknown;
          return original.call(target, ...a, (tx: Sql) => fn(preparingStatements(tx)));
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/** Runs `fn` in one transaction; the transaction is handed on as a Db so use cases compose. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/** A drizzle statement not yet sent (a select, insert, update or delete builder). */
export type Statement = { execute(): Promise<unknown> };
type Results<T extends readonly Statement[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]['execute']>>;
};

/**
 * Sends a transaction's statements together, in this order, without waiting for each answer: postgres.js
 * pipelines them on the transaction's connection (one round trip instead of one each); PGlite runs them
 * one after another. Each statement is sent synchronously here, so a later one may rely on an earlier
 * one (a foreign key to a row inserted before it). If one fails, the transaction fails and rolls back.
 */
export function pipeline<T extends readonly Statement[]>(...statements: T): Promise<Results<T>> {
  return Promise.all(statements.map((statement) => statement.execute())) as Promise<Results<T>>;
}
