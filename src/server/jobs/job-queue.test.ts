import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/client.js';
import { jobKeys } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import { JOBS, type JobName } from './definitions.js';
import { enqueue } from './enqueue.js';
import { createJobQueue, type JobQueue } from './job-queue.js';

const t = setupTestApp();

let queues: JobQueue[] = [];
beforeEach(() => t.resetDb());
afterEach(async () => {
  for (const q of queues) await q.stop();
  queues = [];
});

/** A started queue on the test database that runs jobs only when drained. */
async function newQueue(): Promise<JobQueue> {
  const queue = createJobQueue(t.database, { poll: false });
  queues.push(queue);
  await queue.start();
  return queue;
}

type JobRow = {
  id: string;
  state: string;
  retryCount: number;
  delay: number;
  output: { message?: string } | null;
};
const jobRows = (name: JobName) =>
  t.rows<JobRow>(sql`
    select id, state::text, retry_count as "retryCount", output,
      extract(epoch from start_after - now())::float as delay
    from pgboss.job where name = ${name} order by created_on`);

describe('the job queue', () => {
  it('has a queue for every kind of job, created by the migrations', async () => {
    for (const name of Object.keys(JOBS) as JobName[]) {
      await expect(enqueue(t.db, name, { day: '2027-03-01', outboxId: 'x' } as never)).resolves.toMatch(
        /^[0-9a-f-]{36}$/,
      );
    }
  });

  it('runs a job queued just before the drain, even in the same clock tick as its fetch', async () => {
    // pg-boss fetches jobs due strictly before now(); PGlite's clock counts milliseconds, so a job
    // queued and fetched in one tick was once left behind (a clean-clone run's mail test).
    const queue = await newQueue();
    let ran = 0;
    await queue.work('visit-scheduling', async () => {
      ran++;
    });
    const early = (at: Date) =>
      t.rows<{ early: boolean }>(sql`select now() < ${at.toISOString()}::timestamptz as early`);
    for (let i = 1; i <= 5; i++) {
      // Due 30 ms from now; the drain starts in the tick the job becomes due.
      const at = new Date(Date.now() + 30);
      await enqueue(t.db, 'visit-scheduling', { day: '2027-03-01' }, { startAfter: at });
      while ((await early(at))[0]!.early);
      expect(await queue.drain()).toBe(1);
      expect(ran).toBe(i);
    }
  });

  it('keeps a queued job across restarts: a new queue instance runs it', async () => {
    await enqueue(t.db, 'visit-scheduling', { day: '2027-03-01' });
    const first = await newQueue();
    await first.stop();

    const second = await newQueue();
    const days: string[] = [];
    await second.work('visit-scheduling', async (job) => {
      days.push(job.data.day);
    });
    expect(await second.drain()).toBe(1);
    expect(days).toEqual(['2027-03-01']);
    expect((await jobRows('visit-scheduling'))[0]!.state).toBe('completed');
  });

  it('writes a job with the change that causes it: a rolled-back transaction leaves none', async () => {
    await expect(
      inTransaction(t.db, async (tx) => {
        await enqueue(tx, 'visit-scheduling', { day: '2027-03-01' }, { key: 'k1' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await jobRows('visit-scheduling')).toEqual([]);
    expect(await t.db.select().from(jobKeys)).toEqual([]);
    // The key is free again.
    expect(await enqueue(t.db, 'visit-scheduling', { day: '2027-03-01' }, { key: 'k1' })).not.toBeNull();
  });

  it('retries a failing job after growing delays, up to its limit, then keeps it visible as failed', async () => {
    const queue = await newQueue();
    const tries: number[] = [];
    await queue.work('visit-scheduling', async (job) => {
      tries.push(job.retryCount);
      throw new Error(`still failing (try ${job.retryCount + 1}, last: ${job.lastTry})`);
    });
    await enqueue(t.db, 'visit-scheduling', { day: '2027-03-01' });
    const { retryDelay, retryLimit } = JOBS['visit-scheduling'];

    await queue.drain();
    let [job] = await jobRows('visit-scheduling');
    expect(job).toMatchObject({ state: 'retry', retryCount: 0 });
    // retryDelay * 2^1 / 2 * (1 + random): between 1 and 2 retry delays.
    expect(job!.delay).toBeGreaterThan(retryDelay - 5);
    expect(job!.delay).toBeLessThan(2 * retryDelay + 5);
    // Not due yet: a drain runs nothing.
    expect(await queue.drain()).toBe(0);

    await queue.drain({ retriesNow: true });
    [job] = await jobRows('visit-scheduling');
    expect(job).toMatchObject({ state: 'retry', retryCount: 1 });
    expect(job!.delay).toBeGreaterThan(2 * retryDelay - 5);
    expect(job!.delay).toBeLessThan(4 * retryDelay + 5);

    for (let i = 0; i < retryLimit + 2; i++) await queue.drain({ retriesNow: true });
    [job] = await jobRows('visit-scheduling');
    expect(tries).toEqual([0, 1, 2, 3, 4]);
    expect(job).toMatchObject({ state: 'failed', retryCount: retryLimit });
    expect(job!.output?.message).toBe('still failing (try 5, last: true)');
  });

  it('queues a job with a key once, even after it has run', async () => {
    const queue = await newQueue();
    let runs = 0;
    await queue.work('billing-run', async () => {
      runs++;
    });
    const first = await enqueue(t.db, 'billing-run', { day: '2027-03-01' }, { key: 'billing:2027-03-01' });
    expect(first).not.toBeNull();
    expect(
      await enqueue(t.db, 'billing-run', { day: '2027-03-01' }, { key: 'billing:2027-03-01' }),
    ).toBeNull();
    await queue.drain();
    expect(
      await enqueue(t.db, 'billing-run', { day: '2027-03-01' }, { key: 'billing:2027-03-01' }),
    ).toBeNull();
    await queue.drain();
    expect(runs).toBe(1);
    expect((await jobRows('billing-run')).map((j) => j.id)).toEqual([first]);
  });

  it('runs each job once when two instances work the same queue at once (each with its own pool on PostgreSQL; PGlite has one connection and runs them in turn)', async () => {
    const ran: string[] = [];
    const instances = [await newQueue(), await newQueue()];
    for (const queue of instances) {
      await queue.work('visit-scheduling', async (job) => {
        ran.push(job.data.day);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
    }
    const days = Array.from({ length: 12 }, (_, i) => `2027-03-${String(i + 1).padStart(2, '0')}`);
    for (const day of days) await enqueue(t.db, 'visit-scheduling', { day });

    const counts = await Promise.all(instances.map((q) => q.drain()));
    expect(counts[0]! + counts[1]!).toBe(12);
    expect(ran.sort()).toEqual(days);
  });

  it('runs a queued job by itself when its workers poll', async () => {
    const queue = createJobQueue(t.database, { pollingIntervalSeconds: 0.5 });
    queues.push(queue);
    let resolveRan: (day: string) => void = () => {};
    const ran = new Promise<string>((resolve) => {
      resolveRan = resolve;
    });
    await queue.work('visit-scheduling', async (job) => resolveRan(job.data.day));
    await queue.start();
    await enqueue(t.db, 'visit-scheduling', { day: '2027-03-01' });
    expect(await ran).toBe('2027-03-01');
  });

  it('works through a backlog without waiting a polling interval after each full batch', async () => {
    const { batchSize } = JOBS['mail-delivery'];
    const backlog = 3 * batchSize + 2;
    for (let i = 0; i < backlog; i++) await enqueue(t.db, 'mail-delivery', { outboxId: `m${i}` });
    // An interval far longer than the test may take: only fetching again at once gets through.
    const queue = createJobQueue(t.database, { pollingIntervalSeconds: 60 });
    queues.push(queue);
    let ran = 0;
    let resolveAll: () => void = () => {};
    const all = new Promise<void>((resolve) => {
      resolveAll = resolve;
    });
    await queue.work('mail-delivery', async () => {
      if (++ran === backlog) resolveAll();
    });
    await queue.start();
    await all;
    expect(ran).toBe(backlog);
  });
});
