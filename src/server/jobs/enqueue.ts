import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { atomically, type Db, type Statement } from '../db/client.js';
import { jobKeys } from '../db/schema.js';
import { JOB_QUEUE_SCHEMA, JOBS, type JobData, type JobName } from './definitions.js';

/**
 * pg-boss's `db` option over a Drizzle database or transaction: pg-boss's statement runs on the caller's
 * connection, inside its transaction, so the job is written (or rolled back) with the change that causes
 * it. pg-boss numbers its parameters ($1, $2...); they are bound as Drizzle parameters. Objects are sent
 * as JSON text (the drivers would not serialize them for a jsonb parameter), undefined as null.
 */
export function onDatabase(db: Db): PgBoss.Db {
  return {
    executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) =>
        i % 2 === 0 ? sql.raw(part) : sql`${toParam(values[Number(part) - 1])}`,
      );
      // Sent now (not on the next tick): a statement of `finish` must reach the connection before COMMIT.
      return db.execute(sql.join(chunks)).then((res: unknown) => ({
        rows: Array.isArray(res) ? res : (res as { rows: unknown[] }).rows,
      }));
    },
  };
}

/** A value as a query parameter both drivers accept (see onDatabase). */
export function toParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value);
  return value;
}

/**
 * Writes jobs only, through the `db` each call passes: it never connects or polls by itself (workers
 * run in JobQueue), so enqueueing works wherever a database is open (app, CLI, tests).
 */
const producer = new PgBoss({
  schema: JOB_QUEUE_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error('Jobs are written through the caller’s database (enqueue).')),
  },
});

export type EnqueueOptions = {
  /**
   * A job that must be queued once: a second job with this key is not queued, even after the first
   * has run (the key is kept in job_keys). Also stored as the job's singletonKey, to find it.
   */
  key?: string;
  /** Run no earlier than this. */
  startAfter?: Date;
};

/**
 * Queues a job on `db`: pass the transaction whose change causes the job, so both commit or neither
 * does. Returns the job's id, or null when a job with the same `key` was queued before.
 */
export async function enqueue<N extends JobName>(
  db: Db,
  name: N,
  data: JobData[N],
  opts: EnqueueOptions = {},
): Promise<string | null> {
  if (opts.key === undefined) return send(db, name, data, opts);
  const key = opts.key;
  // The key and the job are written together. Of two instances queueing one key at once, the second
  // waits for the first's commit, then finds the key.
  return atomically(db, async (tx) => {
    const id = randomUUID();
    const claimed = await tx
      .insert(jobKeys)
      .values({ key, queue: name, jobId: id })
      .onConflictDoNothing()
      .returning({ key: jobKeys.key });
    if (claimed.length === 0) return null;
    return send(tx, name, data, { ...opts, id });
  });
}

/** `enqueue` without a key, as a statement not yet sent, for `pipeline` and `finish` (client.ts). */
export function enqueueStatement<N extends JobName>(db: Db, name: N, data: JobData[N]): Statement {
  return { execute: () => send(db, name, data, {}) };
}

/**
 * Queues many jobs of one kind, without keys, in one statement on `db` (the transaction of the change
 * that causes them): the offers run queues thousands of deliveries at once.
 */
export async function enqueueMany<N extends JobName>(db: Db, name: N, data: JobData[N][]): Promise<void> {
  if (data.length === 0) return;
  const { batchSize: _, ...policy } = JOBS[name];
  await producer.insert(
    data.map((d) => ({ name, data: d, ...policy })),
    { db: onDatabase(db) },
  );
}

async function send<N extends JobName>(
  db: Db,
  name: N,
  data: JobData[N],
  opts: EnqueueOptions & { id?: string },
): Promise<string> {
  const { batchSize: _, ...policy } = JOBS[name];
  const id = await producer.send(name, data, {
    ...policy,
    ...(opts.id ? { id: opts.id } : {}),
    ...(opts.key ? { singletonKey: opts.key } : {}),
    ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    db: onDatabase(db),
  });
  // pg-boss writes nothing for a queue that does not exist.
  if (!id) throw new Error(`No job queue '${name}': create it in a migration (see definitions.ts).`);
  return id;
}
