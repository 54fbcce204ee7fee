import type { Subscriber } from '../events/index.js';
import { type BackgroundMailDeps, personalMailDeps } from '../notifications/notify.js';
import { correctionsNeededEmail } from './emails.js';

/**
 * The shopper whose evaluation QA sent back is told what to correct, with a link to it in the
 * evaluator app (`evaluation.rejected`, a shopper event: no customer or webhook hears of it).
 */
export function correctionsMailSubscriber(deps: BackgroundMailDeps): Subscriber {
  return {
    name: 'corrections-mail', // stored in each receipt: keep it stable
    events: ['evaluation.rejected'],
    async handle(tx, event) {
      if (event.type !== 'evaluation.rejected') return;
      const p = event.payload;
      const shopper = await personalMailDeps(tx, p.shopperId, deps);
      if (!shopper) return;
      const { brand, origin } = shopper;
      await deps.mail.send(tx, {
        ...correctionsNeededEmail(shopper.to, {
          brand,
          origin,
          evaluationId: p.evaluationId,
          programName: p.programName,
          locationName: p.locationName,
          comment: p.comment,
        }),
        dedupKey: `evaluation-rejected:${event.id}`,
      });
    },
  };
}
