import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT } from '../../domain/webhooks.js';

// What a customer's webhook endpoint receives (issue 20, outgoing webhooks): one JSON envelope per
// event, signed as Standard Webhooks sign. `data` is left an open object here so that the document stays
// true as events gain fields.
// The events are the webhooks module's own list (src/domain/webhooks.ts).

export const WEBHOOK_EVENT_TYPES = WEBHOOK_EVENTS;

export const ZWebhookEvent = z.object({
  id: z.string().meta({
    description:
      "The event's id (`evt_…`): one event sent to several of your endpoints has the same id at each. To drop a repeated delivery, use the `webhook-id` header.",
  }),
  type: z.enum([...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]).meta({ description: 'What happened.' }),
  created: z.string().meta({ description: 'When it happened (ISO 8601, UTC).', format: 'date-time' }),
  data: z.record(z.string(), z.unknown()).meta({
    description:
      "The event's object (the order, visit, shop report, invoice, …), its ids and facts. `score.alert`: `alertId`, `evaluationId`, `programId`, `programName`, `locationId`, `locationName`, `shopDate`, `percentage`, `trailingAverage`, `reason` (below, drop, below-and-drop), `belowPercent`, `dropPoints`, `trailingShops`, `actionPlanId`, `reportUrl`, `alertedAt`.",
  }),
});

/** The Standard Webhooks headers each delivery carries. */
export const ZWebhookHeaders = z.object({
  'webhook-id': z
    .string()
    .regex(/^msg_[A-Za-z0-9]+$/)
    .meta({
      description:
        "The message id (`msg_…`): this delivery of the event to this endpoint, the same on every try and resend. Drop a message whose id you already processed. It is not the event's `id` in the body (`evt_…`).",
    }),
  'webhook-timestamp': z.string().regex(/^\d+$/).meta({
    description:
      'When this try was sent, in seconds since 1970 (UTC). Refuse old ones (e.g. over 5 minutes).',
  }),
  'webhook-signature': z.string().meta({
    description:
      "Space-separated signatures `v1,<base64 HMAC-SHA256>` of `{webhook-id}.{webhook-timestamp}.{raw body}` under the endpoint's signing secret; accept when one matches (compare in constant time).",
  }),
});
