import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredDomainEvent } from '../../domain/index.js';
import { inTransaction } from '../db/client.js';
import { digestItems, users } from '../db/schema.js';
import { createUser, setupTestApp } from '../test/harness.js';
import { deliverEvent, loadEvent, recordEvent, relayEvent, type Subscriber } from './index.js';
import { invoicePaid } from './test-fixtures.js';

const t = setupTestApp();
beforeEach(() => t.resetDb());

const PAID = invoicePaid(null);

const jobsOf = (name: string) =>
  t.rows<{ data: Record<string, string> }>(
    sql`select data from pgboss.job where name = ${name} order by created_on`,
  );

/** A subscriber whose effect is a row: a digest item per event it handles. */
function rowWriter(name: string, userId: string, seen: StoredDomainEvent[]): Subscriber {
  return {
    name,
    events: ['invoice.paid'],
    async handle(tx, event) {
      seen.push(event);
      await tx.insert(digestItems).values({ id: `${name}:${event.id}`, userId, kind: 'test', facts: {} });
    },
  };
}

describe('the event log', () => {
  it('records an event with its relay job in the transaction, or neither when it rolls back', async () => {
    const id = await inTransaction(t.db, (tx) => recordEvent(tx, PAID));
    expect(await loadEvent(t.db, id)).toEqual({ id, ...PAID });
    expect(await jobsOf('domain-event')).toEqual([{ data: { eventId: id } }]);

    await expect(
      inTransaction(t.db, async (tx) => {
        await recordEvent(tx, PAID);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await t.rows(sql`select id from domain_events`)).length).toBe(1);
    expect((await jobsOf('domain-event')).length).toBe(1);
  });

  it('relays an event to the subscribers of its type, one job each', async () => {
    const id = await inTransaction(t.db, (tx) => recordEvent(tx, PAID));
    const user = await createUser(t.db, { email: 'a@example.test' });
    const wanted = rowWriter('wants-paid', user.id, []);
    const other: Subscriber = { name: 'wants-orders', events: ['order.placed'], handle: async () => {} };
    expect(await relayEvent(t.db, id, [wanted, other])).toEqual(['wants-paid']);
    expect(await jobsOf('event-subscriber')).toEqual([{ data: { eventId: id, subscriber: 'wants-paid' } }]);
    expect(await relayEvent(t.db, 'no-such-event', [wanted])).toEqual([]);
  });

  it('runs a subscriber once per event: a replay finds its receipt and does nothing', async () => {
    const user = await createUser(t.db, { email: 'a@example.test' });
    const id = await inTransaction(t.db, (tx) => recordEvent(tx, PAID));
    const seen: StoredDomainEvent[] = [];
    const once = rowWriter('once', user.id, seen);
    expect(await deliverEvent(t.db, id, once)).toBe(true);
    expect(await deliverEvent(t.db, id, once)).toBe(false);
    expect(seen.map((e) => e.id)).toEqual([id]);
    expect((await t.db.select().from(digestItems)).map((r) => r.id)).toEqual([`once:${id}`]);
    // Another subscriber of the same event has its own receipt.
    expect(await deliverEvent(t.db, id, rowWriter('twice', user.id, seen))).toBe(true);
    expect(seen.length).toBe(2);
  });

  it('a subscriber that fails leaves no receipt, so its retry runs it', async () => {
    const user = await createUser(t.db, { email: 'a@example.test' });
    const id = await inTransaction(t.db, (tx) => recordEvent(tx, PAID));
    let tries = 0;
    const flaky: Subscriber = {
      name: 'flaky',
      events: ['invoice.paid'],
      async handle(tx, event) {
        await tx.insert(digestItems).values({ id: event.id, userId: user.id, kind: 'test', facts: {} });
        tries += 1;
        if (tries === 1) throw new Error('the mail server is down');
      },
    };
    await expect(deliverEvent(t.db, id, flaky)).rejects.toThrow('the mail server is down');
    expect(await t.db.select().from(digestItems)).toEqual([]);
    expect(await deliverEvent(t.db, id, flaky)).toBe(true);
    expect((await t.db.select().from(digestItems)).length).toBe(1);
    expect((await t.db.select().from(users)).length).toBe(1);
  });
});
