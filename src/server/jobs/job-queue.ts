import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { JOB_QUEUE_SCHEMA, JOBS, type JobData, type JobName } from './definitions.js';
import { toParam } from './enqueue.js';

export type Job<N extends JobName> = {
  id: string;
  name: N;
  data: JobData[N];
  /** Tries before this one. */
  retryCount: number;
  /** No retry follows if this try fails: the job will be marked failed. */
  lastTry: boolean;
};

/** Does a job's work; throwing fails the try, and the queue retries it (see definitions.ts). */
export type JobHandler<N extends JobName> = (job: Job<N>) => Promise<void>;

export type JobQueue = {
  /** Registers the handler of one kind of job (before or after start). */
  work<N extends JobName>(name: N, handler: JobHandler<N>): Promise<void>;
  /** Starts maintenance and, unless `poll` is false, the workers. */
  start(): Promise<void>;
  /**
   * Fetches no more jobs, lets running ones finish (up to `timeoutMs`, default 10 s; one still running
   * then is failed, to be retried), then stops and closes the queue's pool.
   */
  stop(opts?: { timeoutMs?: number }): Promise<void>;
  /**
   * Runs due jobs of the registered kinds on this instance until none is left; returns how many ran.
   * For tests and operators; `retriesNow` first runs each job waiting for a retry once, without
   * waiting for its backoff to end.
   */
  drain(opts?: { retriesNow?: boolean; only?: readonly JobName[] }): Promise<number>;
};

export type JobQueueOptions = {
  /** Workers poll for jobs (default true); false leaves jobs to `drain`. */
  poll?: boolean;
  /** Seconds between a worker's polls when its queue is empty (default 2). */
  pollingIntervalSeconds?: number;
  /** A failed try, or an error of the queue itself (the job is retried; nothing is lost). */
  onError?: (err: unknown, context: string) => void;
};

/**
 * The durable job queue (pg-boss) on the app's database: PostgreSQL through pg-boss's own small pool,
 * or the embedded PGlite through the one PGlite instance (its statements queue with the app's).
 * Jobs are written by `enqueue` in the caller's transaction; this runs them.
 */
export function createJobQueue(database: Database, opts: JobQueueOptions = {}): JobQueue {
  const poll = opts.poll ?? true;
  const onError = opts.onError ?? (() => {});
  const boss = new PgBoss({
    schema: JOB_QUEUE_SCHEMA,
    // The schema comes from our migrations (0010_job_queue.sql); start() checks its version.
    migrate: false,
    // Scheduling is ours (scheduler.ts), with a clock tests can set.
    schedule: false,
    supervise: true,
    // A failed job stays in the queue, visible, for 14 days, then 30 more in pgboss.archive.
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 14 * 24 * 3600,
    deleteAfterDays: 30,
    ...(database.pglite
      ? { db: onPglite(database.pglite) }
      : { connectionString: database.url, max: 4, application_name: 'storefront-jobs' }),
  });
  boss.on('error', (err) => onError(err, 'job queue'));

  const handlers = new Map<JobName, JobHandler<JobName>>();
  let started = false;

  async function runOne(name: JobName, job: PgBoss.JobWithMetadata<unknown>) {
    const handler = handlers.get(name)!;
    try {
      await handler({
        id: job.id,
        name,
        data: job.data as JobData[JobName],
        retryCount: job.retryCount,
        lastTry: job.retryCount >= job.retryLimit,
      });
    } catch (err) {
      onError(err, `${name} job ${job.id}, try ${job.retryCount + 1} of ${job.retryLimit + 1}`);
      await record(() => boss.fail(name, job.id, errorOutput(err)), name, job.id);
      return;
    }
    await record(() => boss.complete(name, job.id), name, job.id);
  }

  /**
   * Records a try's outcome. When the database is gone at that moment (a restart), the job stays
   * active and runs again once it expires (expireInSeconds); every handler is safe to repeat. The
   * error is reported, never thrown: thrown, it escaped pg-boss's worker as an unhandled rejection
   * and ended the process (the chaos benchmark's PostgreSQL restart, scripts/bench/chaos.ts).
   */
  async function record(write: () => Promise<unknown>, name: JobName, id: string) {
    try {
      await write();
    } catch (err) {
      onError(err, `${name} job ${id}: its outcome was not recorded; it runs again after its expiry`);
    }
  }

  async function startWorker(name: JobName) {
    const batchSize = JOBS[name].batchSize;
    let workerId: string | undefined;
    workerId = await boss.work(
      name,
      { includeMetadata: true, batchSize, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
      // Each job of a batch succeeds or fails on its own.
      async (jobs) => {
        await Promise.all(jobs.map((job) => runOne(name, job)));
        // pg-boss 10 waits the polling interval after every fetch, even a full one: a backlog of e-mails
        // would go out at one batch per interval (10 every 2 s). A full batch means more may be waiting,
        // so the worker fetches again at once; it waits only once its queue runs dry.
        if (jobs.length === batchSize && workerId) boss.notifyWorker(workerId);
      },
    );
  }

  async function databaseNow(): Promise<string> {
    const { rows } = await boss.getDb().executeSql('SELECT now()::text AS now', []);
    return rows[0].now as string;
  }

  /**
   * Whether a job of `names` became due in the clock tick of the round that started at `since`: pg-boss
   * fetches jobs whose start_after is strictly before now(), so a job queued in the same tick (PGlite's
   * clock counts milliseconds) is not fetched in that round. `drain` then runs another round, in a later
   * tick. A job held back for another reason (a queue's policy) stops counting once the tick has passed.
   */
  async function dueSince(names: JobName[], since: string): Promise<boolean> {
    const { rows } = await boss.getDb().executeSql(
      `SELECT EXISTS (SELECT 1 FROM ${JOB_QUEUE_SCHEMA}.job
        WHERE name = ANY($1) AND state < 'active' AND start_after >= $2::timestamptz AND start_after <= now()) AS due`,
      [names, since],
    );
    return rows[0]?.due === true;
  }

  return {
    async work(name, handler) {
      if (handlers.has(name)) throw new Error(`A handler for '${name}' jobs is already registered.`);
      handlers.set(name, handler as JobHandler<JobName>);
      if (started && poll) await startWorker(name);
    },
    async start() {
      await boss.start();
      started = true;
      if (poll) for (const name of handlers.keys()) await startWorker(name);
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: timeoutMs });
    },
    async drain({ retriesNow = false, only } = {}) {
      let ran = 0;
      const names = [...handlers.keys()].filter((name) => !only || only.includes(name));
      const run = async (name: JobName, jobs: PgBoss.JobWithMetadata<unknown>[]) => {
        const size = JOBS[name].batchSize;
        for (let i = 0; i < jobs.length; i += size) {
          await Promise.all(jobs.slice(i, i + size).map((job) => runOne(name, job)));
        }
        ran += jobs.length;
      };
      // Each job waiting for a retry runs once now (a failure sets its next retry in the future again).
      if (retriesNow) {
        for (const name of names) {
          const fetch = { batchSize: 10_000, includeMetadata: true, ignoreStartAfter: true } as const;
          await run(name, await boss.fetch<unknown>(name, fetch));
        }
      }
      for (;;) {
        const before = ran;
        const roundStart = await databaseNow();
        for (const name of names) {
          const fetch = { batchSize: JOBS[name].batchSize, includeMetadata: true } as const;
          await run(name, await boss.fetch<unknown>(name, fetch));
        }
        if (ran === before && !(await dueSince(names, roundStart))) return ran;
      }
    },
  };
}

/** What a failed try leaves on the job (pg-boss keeps it as the job's output). */
function errorOutput(err: unknown): object {
  return err instanceof Error ? { name: err.name, message: err.message } : { message: String(err) };
}

/**
 * pg-boss's `db` on PGlite: statements with parameters through the extended protocol, others as simple
 * queries. Its maintenance scripts (BEGIN; ...; COMMIT;) run in a PGlite transaction, which rolls back
 * on an error: PGlite has one connection, which must never be left in an aborted transaction.
 */
function onPglite(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const res = await pglite.query(text, values.map(toParam));
        return { rows: res.rows };
      }
      const script = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/i.exec(text);
      const results = script
        ? await pglite.transaction((tx) => tx.exec(script[1]!))
        : await pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}
