import { and, desc, eq, lt } from 'drizzle-orm';
import {
  MSG_WEBHOOK_DELIVERY_NOT_FOUND,
  MSG_WEBHOOK_DELIVERY_PENDING,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryStatus,
} from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { webhookDeliveries } from '../db/schema.js';
import { AppError } from '../errors.js';
import { enqueue } from '../jobs/enqueue.js';
import type { Caller } from '../team/index.js';
import { newEventId, queueDeliveries } from './emit-event.js';
import { loadEndpoint, webhookAccount } from './endpoints.js';

export type DeliveryView = {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: string;
  payload: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  httpStatus: number | null;
  responseExcerpt: string;
  error: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
};

const columns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  payload: webhookDeliveries.payload,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  httpStatus: webhookDeliveries.httpStatus,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  error: webhookDeliveries.error,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

/** An endpoint's latest deliveries, newest first (`before`: a createdAt, to page back). */
export async function listDeliveries(
  db: Db,
  accountId: string,
  endpointId: string,
  opts: { limit: number; before?: Date },
): Promise<DeliveryView[]> {
  return db
    .select(columns)
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.accountId, accountId),
        opts.before ? lt(webhookDeliveries.createdAt, opts.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(opts.limit);
}

async function readDelivery(db: Db, accountId: string, id: string): Promise<DeliveryView> {
  const [row] = await db
    .select(columns)
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.accountId, accountId)))
    .limit(1);
  if (!row)
    throw new AppError('NOT_FOUND', MSG_WEBHOOK_DELIVERY_NOT_FOUND, [
      { field: 'deliveryId', message: MSG_WEBHOOK_DELIVERY_NOT_FOUND },
    ]);
  return row;
}

/** Sends the endpoint a `webhook.test` event now, whatever events it chose and even when disabled. */
export async function sendTestEvent(db: Db, c: Caller, endpointId: string, now: Date): Promise<DeliveryView> {
  const account = webhookAccount(c);
  return inTransaction(db, async (tx) => {
    await loadEndpoint(tx, account.id, endpointId);
    const payload = {
      id: newEventId(),
      type: WEBHOOK_TEST_EVENT,
      created: now.toISOString(),
      data: { message: 'A test event sent from your account’s webhook settings.', endpointId },
    };
    const [id] = await queueDeliveries(tx, account.id, [endpointId], payload, now);
    return readDelivery(tx, account.id, id!);
  });
}

/**
 * Sends a delivered or failed message again: the same message (its webhook-id and body), with a fresh
 * set of tries; its log keeps counting. One still being tried is refused, so it is never sent twice at once.
 */
export async function resendDelivery(db: Db, c: Caller, deliveryId: string): Promise<DeliveryView> {
  const account = webhookAccount(c);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.accountId, account.id)))
      .for('update')
      .limit(1);
    if (!row)
      throw new AppError('NOT_FOUND', MSG_WEBHOOK_DELIVERY_NOT_FOUND, [
        { field: 'deliveryId', message: MSG_WEBHOOK_DELIVERY_NOT_FOUND },
      ]);
    if (row.status === 'pending' || row.status === 'retrying')
      throw new AppError('CONFLICT', MSG_WEBHOOK_DELIVERY_PENDING, [
        { field: 'deliveryId', message: MSG_WEBHOOK_DELIVERY_PENDING },
      ]);
    await tx.update(webhookDeliveries).set({ status: 'pending' }).where(eq(webhookDeliveries.id, row.id));
    await enqueue(tx, 'webhook-delivery', { deliveryId: row.id });
    return readDelivery(tx, account.id, row.id);
  });
}
