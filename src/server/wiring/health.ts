import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_FOLDER } from '../db/client.js';

/**
 * Where a server process is in its life: serving, or shutting down (SIGTERM received). Shared by the
 * readiness route and the shutdown (main.ts): once `shuttingDown`, /readyz answers 503 so a load
 * balancer sends no more traffic here while the requests in flight finish.
 */
export type Lifecycle = { shuttingDown: boolean };

export const newLifecycle = (): Lifecycle => ({ shuttingDown: false });

/** How long /readyz waits for the database before it calls it unreachable. */
const DATABASE_CHECK_MS = 2_000;

/**
 * The newest migration this build ships (drizzle/meta/_journal.json's last `when`). drizzle's migrator
 * records each applied migration with that time (drizzle.__drizzle_migrations.created_at), so the
 * database is up to date for this build when its newest record is at least this one: a newer schema
 * (a later release migrated it, expand/contract: docs/migrations.md) is ready for this build too.
 */
export function newestMigration(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

export type Readiness = {
  ready: boolean;
  checks: { database: 'ok' | 'unreachable'; migrations: 'ok' | 'pending' | 'unknown'; shuttingDown: boolean };
};

/** Readiness: the database answers, its schema has this build's migrations, and no shutdown has begun. */
export async function readiness(db: Db, lifecycle: Lifecycle, newest: number): Promise<Readiness> {
  let database: Readiness['checks']['database'] = 'ok';
  let migrations: Readiness['checks']['migrations'] = 'unknown';
  try {
    const rows = await withTimeout(
      db.execute<{ applied: string | number | null }>(
        sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
      ),
      DATABASE_CHECK_MS,
    );
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      applied: string | number | null;
    }[];
    migrations = Number(list[0]?.applied ?? 0) >= newest ? 'ok' : 'pending';
  } catch {
    database = 'unreachable';
  }
  const shuttingDown = lifecycle.shuttingDown;
  return {
    ready: database === 'ok' && migrations === 'ok' && !shuttingDown,
    checks: { database, migrations, shuttingDown },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
