import { and, arrayOverlaps, eq, inArray, lt } from 'drizzle-orm';
import { addDaysUtc, WEBHOOK_LOG_RETENTION_DAYS, type WebhookEvent } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import { enqueue } from '../jobs/enqueue.js';

/** The JSON body of every message (Standard Webhooks' recommended shape). */
export type WebhookPayload = { id: string; type: string; created: string; data: Record<string, unknown> };

export const newEventId = () => `evt_${newId()}`;
export const newMessageId = () => `msg_${newId()}`;

export type WebhookEventInput = {
  accountId: string | null | undefined;
  type: WebhookEvent;
  data: Record<string, unknown>;
  now: Date;
  /** The message's event id (`evt_…`); a new one when not given. */
  eventId?: string;
};

/**
 * Records event `type` of account `accountId` for each of its enabled endpoints that chose it, and
 * queues one delivery job each, on `tx`: call it in the transaction of the change, so the messages
 * are sent if and only if the change commits. `data` must hold only the account's own facts.
 * Returns the deliveries' ids (none when no endpoint wants the event: one read, nothing written).
 */
export async function emitWebhookEvent(tx: Db, e: WebhookEventInput): Promise<string[]> {
  return emitWebhookEvents(tx, [e]);
}

/** emitWebhookEvent for many events (a billing run's invoices): one read for all their accounts. */
export async function emitWebhookEvents(tx: Db, events: WebhookEventInput[]): Promise<string[]> {
  const wanted = events.filter((e): e is WebhookEventInput & { accountId: string } => !!e.accountId);
  if (wanted.length === 0) return [];
  const accounts = [...new Set(wanted.map((e) => e.accountId))];
  const types = [...new Set(wanted.map((e) => e.type))];
  const endpoints = await tx
    .select({
      id: webhookEndpoints.id,
      accountId: webhookEndpoints.accountId,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(
      and(
        inArray(webhookEndpoints.accountId, accounts),
        eq(webhookEndpoints.enabled, true),
        arrayOverlaps(webhookEndpoints.events, types),
      ),
    );
  if (endpoints.length === 0) return [];
  const ids: string[] = [];
  for (const e of wanted) {
    const to = endpoints.filter((x) => x.accountId === e.accountId && x.events.includes(e.type));
    if (to.length === 0) continue;
    const payload: WebhookPayload = {
      id: e.eventId ?? newEventId(),
      type: e.type,
      created: e.now.toISOString(),
      data: e.data,
    };
    ids.push(
      ...(await queueDeliveries(
        tx,
        e.accountId,
        to.map((x) => x.id),
        payload,
        e.now,
      )),
    );
  }
  return ids;
}

/** One delivery row and job per endpoint, for one message. */
export async function queueDeliveries(
  tx: Db,
  accountId: string,
  endpointIds: string[],
  payload: WebhookPayload,
  now: Date,
): Promise<string[]> {
  const rows = endpointIds.map((endpointId) => ({
    id: newMessageId(),
    endpointId,
    accountId,
    eventId: payload.id,
    eventType: payload.type,
    payload: JSON.stringify(payload),
    createdAt: now,
  }));
  await tx.insert(webhookDeliveries).values(rows);
  for (const row of rows) await enqueue(tx, 'webhook-delivery', { deliveryId: row.id });
  // The log's retention: each endpoint sent a message drops its finished deliveries past the period
  // (an index range on endpoint and time), so no job has to sweep the table.
  await tx
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.endpointId, endpointIds),
        lt(webhookDeliveries.createdAt, addDaysUtc(now, -WEBHOOK_LOG_RETENTION_DAYS)),
        inArray(webhookDeliveries.status, ['delivered', 'failed']),
      ),
    );
  return rows.map((r) => r.id);
}
