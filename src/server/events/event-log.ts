import { eq, sql } from 'drizzle-orm';
import type { DomainEvent, DomainEventType, StoredDomainEvent } from '../../domain/index.js';
import { atomically, type Db, inTransaction, type Statement } from '../db/client.js';
import { newId } from '../db/ids.js';
import { domainEvents, eventReceipts } from '../db/schema.js';
import { enqueue, enqueueStatement } from '../jobs/enqueue.js';

// The event log (issue 44), platform side: the writer a use case calls in its transaction, and the
// relay that turns a committed event into one job per subscriber. Which subscribers exist is decided at
// the composition root (src/server/wiring/subscribers.ts); this module only runs what it is given.

/**
 * Reacts to events of `events`, once per event: `handle` runs in a transaction that also records the
 * (event id, subscriber) receipt, so a retried or replayed job finds the receipt and does nothing.
 */
export type Subscriber = {
  /** Unique and stable: it is stored in each receipt. */
  name: string;
  events: readonly DomainEventType[];
  handle(tx: Db, event: StoredDomainEvent): Promise<void>;
};

/**
 * Records `event` on `tx` (the use case's transaction) and queues its relay with it: the subscribers
 * hear of it if and only if the change commits. Returns the event's id.
 */
export async function recordEvent(tx: Db, event: DomainEvent): Promise<string> {
  return (await recordEvents(tx, [event]))[0]!;
}

const rowOf = (e: DomainEvent) => ({
  id: newId(),
  type: e.type,
  accountId: e.accountId,
  payload: e.payload as Record<string, unknown>,
  occurredAt: e.at,
});

/**
 * recordEvent as statements not yet sent, for `finish` or `pipeline` (client.ts): a use case that
 * pipelines its last writes with COMMIT records its event in the same round trip.
 */
export function recordEventStatements(tx: Db, event: DomainEvent): Statement[] {
  const row = rowOf(event);
  return [tx.insert(domainEvents).values(row), enqueueStatement(tx, 'domain-event', { eventId: row.id })];
}

/** recordEvent for many events (a billing run's invoices): one insert. */
export async function recordEvents(tx: Db, events: DomainEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map(rowOf);
  return atomically(tx, async (t) => {
    await t.insert(domainEvents).values(rows);
    for (const row of rows) await enqueue(t, 'domain-event', { eventId: row.id });
    return rows.map((r) => r.id);
  });
}

/** An event as stored, or null when it is gone. */
export async function loadEvent(db: Db, id: string): Promise<StoredDomainEvent | null> {
  const [row] = await db.select().from(domainEvents).where(eq(domainEvents.id, id));
  if (!row) return null;
  return {
    id: row.id,
    type: row.type,
    accountId: row.accountId,
    at: row.occurredAt,
    payload: row.payload,
  } as StoredDomainEvent;
}

/**
 * The `domain-event` job: one `event-subscriber` job for each subscriber of the event's type, in one
 * transaction. Returns the subscribers told. A repeat queues their jobs again; each finds its receipt.
 */
export async function relayEvent(db: Db, eventId: string, subscribers: readonly Subscriber[]) {
  return inTransaction(db, async (tx) => {
    const event = await loadEvent(tx, eventId);
    if (!event) return [];
    const told = subscribers.filter((s) => s.events.includes(event.type)).map((s) => s.name);
    for (const subscriber of told) await enqueue(tx, 'event-subscriber', { eventId, subscriber });
    return told;
  });
}

/**
 * The `event-subscriber` job: runs `subscriber` on the event unless it already did (its receipt is
 * written in the same transaction as its effect). Returns whether it ran.
 */
export async function deliverEvent(db: Db, eventId: string, subscriber: Subscriber): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(eventReceipts)
      .values({ eventId, subscriber: subscriber.name })
      .onConflictDoNothing()
      .returning({ eventId: eventReceipts.eventId });
    if (claimed.length === 0) return false;
    const event = await loadEvent(tx, eventId);
    if (!event) return false;
    await subscriber.handle(tx, event);
    return true;
  });
}

/** The log's events of `type`, oldest first (tests and admin tools). */
export async function eventsOfType(db: Db, type: DomainEventType): Promise<StoredDomainEvent[]> {
  const rows = await db
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(eq(domainEvents.type, type))
    .orderBy(domainEvents.occurredAt, sql`${domainEvents.createdAt}`);
  const events = await Promise.all(rows.map((r) => loadEvent(db, r.id)));
  return events.filter((e): e is StoredDomainEvent => e !== null);
}
