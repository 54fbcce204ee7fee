import type { Subscriber } from '../events/index.js';
import type { BackgroundMailDeps } from '../notifications/notify.js';
import { alertAfterApproval } from './alerts.js';

/**
 * Score alerts as a subscriber of the event log (issue 48): each approved shop is checked against its
 * program's rule once (the receipt), and raises at most one alert (the alert's unique evaluation id).
 */
export const scoreAlertsSubscriber = (mail: BackgroundMailDeps): Subscriber => ({
  name: 'score-alerts', // stored in each receipt: keep it stable
  events: ['evaluation.approved'],
  async handle(tx, event) {
    if (event.type !== 'evaluation.approved') return;
    await alertAfterApproval(tx, event, mail);
  },
});
