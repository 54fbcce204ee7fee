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

/**
 * `score.alert`'s `data` (issue 48): an approved shop tripped its program's alert rule. The alert's facts
 * and the account's own ids only: nothing about the shopper (no name, e-mail, id) and no QA notes.
 * score-alerts.test.ts checks a delivery's `data` has exactly these keys.
 */
export const ZScoreAlertData = z.object({
  alertId: z.string().meta({ description: "The alert's id (the dashboard's Score Alerts)." }),
  evaluationId: z.string().meta({ description: 'The approved shop (its report).' }),
  programId: z.string().meta({ description: 'The program (your order questionnaire).' }),
  programName: z.string(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  shopDate: z.string().nullable().meta({ description: "The visit's date, `YYYY-MM-DD`.", format: 'date' }),
  percentage: z.number().meta({ description: "The shop's score, percent of the possible score." }),
  trailingAverage: z.number().nullable().meta({
    description: "The location's average over its previous approved shops of the program (null: none yet).",
  }),
  reason: z.enum(['below', 'drop', 'below-and-drop']).meta({
    description: "Under the rule's line, dropped more than its points against the trailing average, or both.",
  }),
  belowPercent: z.number().nullable().meta({ description: "The rule's line (percent), or null." }),
  dropPoints: z.number().nullable().meta({ description: "The rule's drop in points, or null." }),
  trailingShops: z
    .number()
    .int()
    .meta({ description: 'How many previous shops the trailing average takes.' }),
  actionPlanId: z.string().nullable().meta({
    description:
      "The action plan the program's trigger made for the same shop, if any (an alert never makes one).",
  }),
  reportUrl: z.string().meta({ description: "The shop report's address in the app." }),
  alertedAt: z
    .string()
    .meta({ description: 'When the alert was raised (ISO 8601, UTC).', format: 'date-time' }),
});

/** The envelope of a `score.alert` event, with its `data` spelled out. */
export const ZScoreAlertEvent = ZWebhookEvent.extend({
  type: z.literal('score.alert').meta({ description: 'What happened.' }),
  data: ZScoreAlertData,
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
