import { actionPlanTrigger, planMailSubscriber } from '../action-plans/index.js';
import type { Adapters } from '../adapters/index.js';
import { billingMailSubscriber } from '../billing/index.js';
import { orderMailSubscriber } from '../checkout/index.js';
import type { Config } from '../config.js';
import type { Subscriber } from '../events/index.js';
import {
  correctionsMailSubscriber,
  reportReadySubscriber,
  visitOffersSubscriber,
  visitReleasedMailSubscriber,
} from '../fieldwork/index.js';
import { backgroundMailDeps, notificationsSubscriber } from '../notifications/index.js';
import { payablesSubscriber } from '../payables/index.js';
import { scoreAlertsSubscriber } from '../score-alerts/index.js';
import { securityNoticesSubscriber } from '../security-notices/index.js';
import { webhookSubscriber } from '../webhooks/index.js';

/** What subscribers may need besides the transaction they run in. */
export type SubscriberDeps = { config: Config; adapters: Adapters };

/**
 * Every subscriber of the event log, in one place (issue 44). A new side effect of an event is one
 * subscriber file in its feature and one line here; no use case changes. Names are stored in each
 * receipt (event_receipts): renaming one makes it run again on events it already handled.
 */
export function subscribersOf(deps: SubscriberDeps): Subscriber[] {
  const mail = backgroundMailDeps(deps.config, deps.adapters);
  return [
    webhookSubscriber,
    payablesSubscriber,
    notificationsSubscriber(mail),
    reportReadySubscriber(mail),
    actionPlanTrigger,
    planMailSubscriber(mail),
    securityNoticesSubscriber(mail),
    scoreAlertsSubscriber(mail),
    visitOffersSubscriber,
    visitReleasedMailSubscriber(mail),
    billingMailSubscriber(mail),
    orderMailSubscriber(mail),
    correctionsMailSubscriber(mail),
  ];
}
