import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { visits } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import {
  addLocation,
  CHECKOUT,
  cardToken,
  catalogue,
  customer,
  saveShop,
  startCart,
} from '../test/order-wizard.js';
import { registerJobs } from '../wiring/background-work.js';
import { createJobQueue, type JobQueue } from './job-queue.js';
import { type DailySchedule, queueDueRuns, startScheduler } from './scheduler.js';

const t = setupTestApp();

const SCHEDULES: DailySchedule[] = [
  { job: 'visit-scheduling', at: '05:00' },
  { job: 'billing-run', at: '06:30' },
];
const at = (iso: string) => new Date(iso);

let queues: JobQueue[] = [];
beforeEach(() => t.resetDb());
afterEach(async () => {
  for (const q of queues) await q.stop();
  queues = [];
});

/** An app instance's queue (every job registered as `npm start` does); `ran` collects its runs' reports. */
async function instance() {
  const ran: string[] = [];
  const queue = createJobQueue(t.database, { poll: false });
  queues.push(queue);
  const quiet = () => {};
  await registerJobs(queue, {
    db: t.db,
    config: t.config,
    adapters: t.adapters,
    log: { info: (msg) => ran.push(msg), warn: quiet, error: quiet },
  });
  await queue.start();
  return { queue, ran };
}

describe('the daily scheduler', () => {
  it('queues each run once its time (UTC) has come, once a day', async () => {
    expect(await queueDueRuns(t.db, SCHEDULES, at('2027-03-01T04:59:59Z'))).toEqual([]);
    expect(await queueDueRuns(t.db, SCHEDULES, at('2027-03-01T05:00:00Z'))).toEqual([
      'schedule:visit-scheduling:2027-03-01',
    ]);
    expect(await queueDueRuns(t.db, SCHEDULES, at('2027-03-01T06:00:00Z'))).toEqual([]);
    // An instance started late in the day catches the day's runs up, without repeating one.
    expect(await queueDueRuns(t.db, SCHEDULES, at('2027-03-01T23:10:00Z'))).toEqual([
      'schedule:billing-run:2027-03-01',
    ]);
    expect(await queueDueRuns(t.db, SCHEDULES, at('2027-03-02T06:30:00Z'))).toEqual([
      'schedule:visit-scheduling:2027-03-02',
      'schedule:billing-run:2027-03-02',
    ]);
  });

  it('runs the CLI commands’ code for the day it was queued for', async () => {
    const { queue, ran } = await instance();
    await queueDueRuns(t.db, SCHEDULES, at('2027-03-01T07:00:00Z'));
    expect(await queue.drain()).toBe(2);
    expect(ran.sort()).toEqual([
      expect.stringMatching(/^Billing run for 2027-03-01: 0 invoices created, 0 paid/),
      'Visit scheduling for 2027-03-01: 0 recurring shops, 0 visits added.',
    ]);
  });

  it('adds the next cycles of a recurring shop by itself on the day they come due', async () => {
    const c = await catalogue(t, { name: 'Customer Optix' });
    const alice = await customer(t, { email: 'alice@example.test' });
    const cart = await startCart(t, [c.shop.id], { token: alice.token });
    const locationId = await addLocation(t, cart.oid, { token: alice.token });
    await saveShop(
      t,
      {
        oid: cart.oid,
        locationId,
        uqid: cart.uqid(c.shop.id),
        recurring: true,
        frequencyPeriod: 'month',
        frequencyQuantity: 2,
        reimbursement: 3000,
      },
      { token: alice.token },
    );
    const input = { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) };
    expect((await t.gql(CHECKOUT, { oid: cart.oid, input }, { token: alice.token })).errors).toBeUndefined();
    const first = await t.db.select().from(visits);
    expect(first).toHaveLength(2);

    const { queue } = await instance();
    const later = new Date(new Date(`${first[0]!.cycleStart}T05:00:00Z`).getTime() + 70 * 86_400_000);
    const scheduler = startScheduler({
      db: t.db,
      schedules: SCHEDULES,
      clock: () => later,
      intervalMs: 3_600_000,
    });
    try {
      await scheduler.tick();
      await queue.drain();
    } finally {
      scheduler.stop();
    }
    expect(await t.db.select().from(visits)).toHaveLength(6); // two more monthly cycles, 2 visits each
  });

  it('runs each scheduled run once with two app instances on one database', async () => {
    const a = await instance();
    const b = await instance();
    const now = at('2027-03-01T08:00:00Z');
    // Both instances' schedulers tick at once, then both queues work.
    const third = startScheduler({ db: t.db, schedules: SCHEDULES, clock: () => now });
    await Promise.all([queueDueRuns(t.db, SCHEDULES, now), queueDueRuns(t.db, SCHEDULES, now), third.tick()]);
    third.stop();
    const jobs = await t.rows<{ name: string }>(sql`select name from pgboss.job order by name`);
    expect(jobs.map((j) => j.name)).toEqual(['billing-run', 'visit-scheduling']);
    const ran = await Promise.all([a.queue.drain(), b.queue.drain()]);
    expect(ran[0]! + ran[1]!).toBe(2);
    const reports = [...a.ran, ...b.ran];
    expect(reports.filter((r) => r.startsWith('Visit scheduling for 2027-03-01'))).toHaveLength(1);
    expect(reports.filter((r) => r.startsWith('Billing run for 2027-03-01'))).toHaveLength(1);

    // Later ticks the same day, on either instance, queue nothing more.
    expect(await queueDueRuns(t.db, SCHEDULES, at('2027-03-01T20:00:00Z'))).toEqual([]);
    expect(await Promise.all([a.queue.drain(), b.queue.drain()])).toEqual([0, 0]);
  });
});
