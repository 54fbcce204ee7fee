import { renderVisitReleased } from '../email/index.js';
import type { Subscriber } from '../events/index.js';
import { enqueue } from '../jobs/index.js';
import { type BackgroundMailDeps, personalMailDeps } from '../notifications/notify.js';

// The supply side's side effects (issue 47), as subscribers of the event log.

/** Openings are gathered into one offers run per 10 minutes, queued to start when the window ends. */
const OFFER_WINDOW_MS = 10 * 60_000;

/**
 * A visit opened (an order placed its first visits; a hold ended without a submission): queue the
 * offers run of the current 10-minute window, once (its key), to start when the window ends.
 */
export const visitOffersSubscriber: Subscriber = {
  name: 'visit-offers',
  events: ['order.placed', 'visit.released'],
  async handle(tx, event) {
    if (event.type === 'order.placed' && event.payload.shops.every((s) => s.kind === 'customerSurvey'))
      return;
    const start = Math.floor(event.at.getTime() / OFFER_WINDOW_MS) * OFFER_WINDOW_MS;
    const window = new Date(start).toISOString();
    await enqueue(
      tx,
      'visit-offers',
      { window },
      { key: `visit-offers:${window}`, startAfter: new Date(start + OFFER_WINDOW_MS) },
    );
  },
};

/** The shopper whose visit the deadline job released is told, with what it means for their reliability. */
export function visitReleasedMailSubscriber(deps: BackgroundMailDeps): Subscriber {
  return {
    name: 'visit-released-mail',
    events: ['visit.released'],
    async handle(tx, event) {
      if (event.type !== 'visit.released' || event.payload.reason !== 'deadline') return;
      const p = event.payload;
      const notify = await personalMailDeps(tx, p.shopperId, deps);
      if (!notify) return;
      const rendered = renderVisitReleased({
        brand: notify.brand,
        programName: p.programName,
        city: p.city,
        state: p.state,
        submitBy: p.submitBy ?? p.dueDate,
        url: `${notify.origin}/evaluator/standing`,
      });
      await notify.mail.send(tx, {
        to: notify.to,
        kind: 'visit-released',
        ...rendered,
        dedupKey: `visit-released:${event.id}`,
      });
    },
  };
}
