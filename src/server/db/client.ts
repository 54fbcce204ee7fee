import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type * as schema from './schema.js';

// biome-ignore lint/suspicious/noExplicitAny: both drivers' query-result types are accepted.
export type Db = PgDatabase<PgQueryResultHKT & any, typeof schema>;

export type Database = {
  /** The primary: every write, and every read that must see the writes (sessions, a page after a mutation). */
  db: Db;
  /**
   * Where reporting reads and exports go: a streaming replica when DATABASE_READ_URL is set (its answers
   * may lag the primary by the replica's replay delay; docs/read-replica.md), else `db` itself.
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PostgreSQL: the URL it was opened with (the job queue opens its own pool there). */
  url?: string;
  /** PostgreSQL: the replica's URL, when reads go to one. */
  readUrl?: string;
  /** PGlite: the embedded database itself (the job queue runs its statements on it). */
  pglite?: PGlite;
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
  /** A streaming replica of `url` (DATABASE_READ_URL): `readDb` reads there. Ignored without `url`. */
  readUrl?: string | undefined;
  dataDir?: string;
  /** PGlite: start a new database (in memory, or a data directory not made yet) from this dump of a data directory (`dumpDataDir`) instead of initdb. */
  loadDataDir?: Blob;
  migrate?: boolean;
}): Promise<Database> {
  if (opts.url) {
    const primary = openPostgres(opts.url);
    const db = primary.db;
    if (opts.migrate !== false) await migratePostgres(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    // Migrations never run on the replica: it replays the primary's, and refuses writes anyway.
    const replica = opts.readUrl ? openPostgres(opts.readUrl) : null;
    return {
      db,
      readDb: replica?.db ?? db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([primary.close(), replica?.close()]);
      },
      url: opts.url,
      ...(opts.readUrl ? { readUrl: opts.readUrl } : {}),
    };
  }
  const dir = opts.dataDir ?? './data';
  let client: PGlite;
  // The extensions the migrations create (PostgreSQL ships them in contrib; PGlite loads them here).
  const extensions = { pg_trgm };
  if (dir === ':memory:') {
    client = new PGlite({ extensions, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  } else {
    const pgDir = path.join(dir, 'pglite');
    mkdirSync(pgDir, { recursive: true });
    // A new data directory may start from a dump instead of initdb; an existing one is never replaced.
    const load = opts.loadDataDir && !existsSync(path.join(pgDir, 'PG_VERSION'));
    client = new PGlite(pgDir, { extensions, ...(load ? { loadDataDir: opts.loadDataDir } : {}) });
  }
  const db = drizzlePglite({ client }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  return { db, readDb: db, kind: 'pglite', close: () => client.close(), pglite: client };
}

/** One PostgreSQL pool (the primary's or the replica's), with the same client settings for both. */
function openPostgres(url: string): { db: Db; close: () => Promise<void> } {
  const [address, socket] = postgresAddress(url);
  // JIT off: the app's queries are short, and the planner's estimates for the reports' per-shop reads
  // (an index lookup per shop) pass jit_above_cost, so JIT compiling cost more than the query itself
  // (scripts/bench/reporting.ts scoped: a manager's worst questions 144 -> 60 ms in EXPLAIN ANALYZE).
  const client = postgres(address, { ...socket, max: 10, onnotice: () => {}, connection: { jit: 'off' } });
  // No `schema` here: it only serves drizzle's relational queries (db.query.*), which the app does not
  // use, and it costs a builder per table on every transaction.
  const db = drizzlePostgres({ client: preparingStatements(client) }) as unknown as Db;
  // Closing waits for the queries in flight, 5 s at most (a graceful shutdown has finished its requests).
  return { db, close: () => client.end({ timeout: 5 }) };
}

type Sql = postgres.Sql;

/**
 * The URL and, for a Unix-domain socket, its path. As with libpq, `?host=/var/run/postgresql` names the
 * socket's directory (postgresql://user@localhost/db?host=/var/run/postgresql): on the database's own
 * machine a socket costs both sides less CPU per query than TCP over loopback.
 */
export function postgresAddress(url: string): [string, { path?: string }] {
  const parsed = new URL(url);
  const dir = parsed.searchParams.get('host');
  if (!dir?.startsWith('/')) return [url, {}];
  parsed.searchParams.delete('host');
  return [parsed.toString(), { path: `${dir.replace(/\/$/, '')}/.s.PGSQL.${parsed.port || 5432}` }];
}

/**
 * The client as drizzle sees it. Two changes to postgres.js's defaults, both to save work per query:
 *
 * - Every parameterised query runs as a named prepared statement. drizzle asks postgres.js for an unnamed
 *   statement unless a query is `.prepare(name)`d, so PostgreSQL would parse and plan every query anew and
 *   postgres.js decode its row description every time; with `prepare: true` postgres.js keeps one
 *   statement per query text on each connection (a connection lives 30–60 minutes, its max_lifetime,
 *   which bounds that cache). drizzle names every column it selects, so a migration that adds columns
 *   does not invalidate them; postgres.js re-prepares a statement PostgreSQL reports as stale. Not for a
 *   pooler in transaction mode (PgBouncer), which does not keep prepared statements.
 * - Transactions are pipelined (see `pipelinedTransaction`): BEGIN goes out with the first statement,
 *   and `finish` sends COMMIT with the last ones.
 */
export function preparingStatements(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, prop, receiver) {
      if (prop === 'unsafe') {
        return (query: string, args?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, args as never, { ...options, prepare: true });
      }
      if (prop === 'begin') {
        return (...a: unknown[]) => {
          const fn = a.pop() as (tx: Sql) => unknown;
          return pipelinedTransaction(target, fn, (a[0] as string | undefined) ?? '');
        };
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

/** On a transaction's client: sends COMMIT now, behind the statements already sent (see `finish`). */
const SEND_COMMIT = Symbol('sendCommit');

/** A server error on a live connection (a failed statement), as opposed to a lost connection. */
const connectionSurvives = (err: unknown) =>
  err instanceof postgres.PostgresError && err.severity !== 'FATAL' && err.severity !== 'PANIC';

/**
 * postgres.js's `begin`, without its wait: it sends BEGIN and waits for the answer before it runs the
 * transaction's first statement. Here the transaction reserves a connection and sends BEGIN and the
 * statements after it without waiting; PostgreSQL runs them in order, and a statement that follows a
 * failed BEGIN fails too. As with postgres.js, a statement whose error the caller swallowed still fails
 * the transaction (PostgreSQL would roll it back at COMMIT), and savepoints are nested scopes. The
 * connection goes back to the pool unless it was lost (the pool reconnects it then).
 */
async function pipelinedTransaction<T>(root: Sql, fn: (tx: Sql) => T | Promise<T>, options: string) {
  const conn = await root.reserve();
  let savepoints = 0;
  let alive = true;
  // Nothing is sent on a connection once it is lost (a database restart): postgres.js would schedule
  // the write on its closed socket and throw from a timer, ending the process (scripts/bench/chaos.ts
  // found it); the transaction fails with the statement's own error instead.
  const send = (command: string) =>
    alive
      ? conn.unsafe(command).catch((err: unknown) => {
          alive &&= connectionSurvives(err);
          throw err;
        })
      : Promise.reject(new Error('The connection of this transaction was lost.'));

  async function scope(body: (tx: Sql) => T | Promise<T>, savepoint: string | null): Promise<T> {
    let uncaught: unknown;
    let commit: Promise<unknown> | null = null;
    const client = new Proxy(conn, {
      get(target, prop, receiver) {
        if (prop === 'unsafe') {
          return (query: string, args?: unknown[], opts?: { prepare?: boolean }) => {
            if (commit) throw new Error('This transaction was committed; a statement came after finish().');
            if (!alive) throw new Error('The connection of this transaction was lost.');
            const q = target.unsafe(query, args as never, { ...opts, prepare: true });
            q.catch((err: unknown) => {
              uncaught ??= err;
              alive &&= connectionSurvives(err);
            });
            return q;
          };
        }
        if (prop === 'savepoint') {
          return (inner: (tx: Sql) => T | Promise<T>) => scope(inner, `s${savepoints++}`);
        }
        if (prop === 'begin') throw new Error('A transaction is already open on this client.');
        if (prop === SEND_COMMIT) return savepoint ? undefined : () => (commit ??= send('commit'));
        return Reflect.get(target, prop, receiver);
      },
    }) as Sql;

    if (savepoint) await send(`savepoint ${savepoint}`);
    let result: T;
    try {
      result = await body(client);
      if (uncaught) throw uncaught;
    } catch (err) {
      await send(savepoint ? `rollback to ${savepoint}` : 'rollback').catch(() => {});
      // "current transaction is aborted": the statement that aborted it says more.
      const code =
        (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
      throw code === '25P02' && uncaught ? uncaught : err;
    }
    if (!savepoint) await (commit ?? send('commit'));
    return result;
  }

  try {
    send(`begin ${options.replace(/[^a-z ]/gi, '')}`).catch(() => {});
    return await scope(fn, null);
  } finally {
    if (alive) conn.release();
  }
}

/** Runs `fn` in one transaction; the transaction is handed on as a Db so use cases compose. */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/**
 * Runs `fn` in the caller's transaction when `db` is one, else in a new transaction: writes that must
 * commit together, without a savepoint (savepoints must not overlap, and callers run such writes
 * concurrently on one transaction).
 */
export function atomically<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? fn(db as unknown as Db) : inTransaction(db, fn);
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

/**
 * A transaction's last statements, sent as `pipeline` sends them and, on PostgreSQL, with the COMMIT
 * right behind them: one round trip for the writes and the commit. It must be the transaction's last
 * step: the transaction is committed once it resolves, and a statement after it is refused. Resolves
 * when the commit has succeeded; if a statement fails, PostgreSQL rolls everything back and this rejects
 * with that statement's error. Inside a savepoint, or on PGlite, it is `pipeline` (the commit follows).
 */
export async function finish<T extends readonly Statement[]>(tx: Db, ...statements: T): Promise<Results<T>> {
  const results = pipeline(...statements);
  const client = (tx as unknown as { session?: { client?: { [SEND_COMMIT]?: () => Promise<unknown> } } })
    .session?.client;
  const commit = client?.[SEND_COMMIT]?.();
  if (commit) await Promise.all([results.catch(() => {}), commit]);
  return results;
}
