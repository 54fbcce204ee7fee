import { eq, sql } from 'drizzle-orm';
import { statusAfterTry } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../db/schema.js';
import type { Job } from '../jobs/job-queue.js';
import { RefusedAddress, type SendOptions, sendWebhookRequest } from './send-request.js';
import { webhookHeaders } from './signature.js';

export type DeliverDeps = SendOptions & { now?: () => Date };

/**
 * The 'webhook-delivery' job: one try of one message to its endpoint, signed now (a fresh
 * webhook-timestamp each try, the same webhook-id), recorded on the delivery row whatever happens.
 * A try that gets no 2xx throws, so the queue retries it with a growing delay; after the last try the
 * delivery is failed. An address that is refused is not tried again (the URL must change first).
 */
export async function deliverWebhook(
  db: Db,
  deps: DeliverDeps,
  job: Pick<Job<'webhook-delivery'>, 'data' | 'lastTry'>,
): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      payload: webhookDeliveries.payload,
      status: webhookDeliveries.status,
      url: webhookEndpoints.url,
      secret: webhookEndpoints.secret,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, job.data.deliveryId))
    .limit(1);
  // The endpoint was deleted, or the message already arrived.
  if (!row || row.status === 'delivered') return;
  const started = now();
  const timestamp = Math.floor(started.getTime() / 1000);
  let httpStatus: number | null = null;
  let body = '';
  let error: string | null = null;
  let refused = false;
  try {
    const answer = await sendWebhookRequest(
      row.url,
      row.payload,
      webhookHeaders(row.secret, row.id, timestamp, row.payload),
      deps,
    );
    httpStatus = answer.httpStatus;
    body = answer.body;
    if (httpStatus < 200 || httpStatus >= 300) error = `The endpoint answered HTTP ${httpStatus}.`;
  } catch (err) {
    refused = err instanceof RefusedAddress;
    error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
  }
  const finished = now();
  const status = statusAfterTry(httpStatus, job.lastTry || refused);
  const entry = { at: started.toISOString(), httpStatus, error, ms: finished.getTime() - started.getTime() };
  await db
    .update(webhookDeliveries)
    .set({
      status,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      httpStatus,
      responseExcerpt: body,
      error,
      lastAttemptAt: started,
      deliveredAt: status === 'delivered' ? finished : null,
      attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([entry])}::jsonb`,
    })
    .where(eq(webhookDeliveries.id, row.id));
  if (status === 'retrying') throw new Error(error ?? 'Not delivered.');
}
