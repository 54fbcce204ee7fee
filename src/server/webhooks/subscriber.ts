import type { DomainEventType, WebhookEvent } from '../../domain/index.js';
import type { Subscriber } from '../events/index.js';
import { emitWebhookEvent } from './emit-event.js';

/**
 * The webhook event each domain event is sent to customers' endpoints as. The payload's `data` is the
 * domain event's payload as recorded (the same fields the use cases sent before issue 44). Events not
 * listed (a plan submitted or returned) are the account's own business: no webhook.
 */
export const WEBHOOK_EVENT_OF = {
  'order.placed': 'order.placed',
  'visit.accepted': 'visit.scheduled',
  'evaluation.submitted': 'shop.submitted',
  'evaluation.approved': 'report.ready',
  'survey.response': 'survey.response',
  'invoice.paid': 'invoice.paid',
  'invoice.failed': 'invoice.payment_failed',
  'plan.created': 'action_plan.created',
  'plan.resolved': 'action_plan.completed',
  'score.alerted': 'score.alert',
} as const satisfies Partial<Record<DomainEventType, WebhookEvent>>;

/** Events no webhook carries: the plan's steps inside the account, and security events (the person's). */
type WebhookedType = keyof typeof WEBHOOK_EVENT_OF;
const webhooked = (type: DomainEventType): type is WebhookedType => Object.hasOwn(WEBHOOK_EVENT_OF, type);

/**
 * Outgoing webhooks as a subscriber of the event log: the account's endpoints that chose the event get
 * one delivery each (and its job). The message's event id is derived from the domain event's id, so a
 * replay could not mint a second one even without the receipt.
 */
export const webhookSubscriber: Subscriber = {
  name: 'webhooks',
  events: Object.keys(WEBHOOK_EVENT_OF) as WebhookedType[],
  async handle(tx, event) {
    // Shopper events (visit.released) and security events are never the account's integrations':
    // not subscribed, and refused here too.
    if (!webhooked(event.type)) return;
    await emitWebhookEvent(tx, {
      accountId: event.accountId,
      type: WEBHOOK_EVENT_OF[event.type],
      now: event.at,
      data: event.payload,
      eventId: `evt_${event.id}`,
    });
  },
};
