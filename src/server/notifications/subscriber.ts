import type { Subscriber } from '../events/index.js';
import {
  type BackgroundMailDeps,
  backgroundNotifyDeps,
  notifyShopScheduled,
  notifyShopSentToQa,
} from './notify.js';
import { queueSurveyResponsesNotice } from './survey-responses.js';

/**
 * The customer's shop and survey notifications as a subscriber of the event log, each by the
 * preferences of everyone who hears of the location (an e-mail now, a digest line, or nothing):
 * "shop scheduled" (visit.accepted), "shop sent to QA" (evaluation.submitted, recorded on the first
 * submission only) and the hour's "survey complete" (survey.response queues the hour's one job). The
 * e-mails wear the customer's brand, with links to that brand's site. Guests have no preferences: a
 * guest's event (no account) tells nobody here.
 */
export function notificationsSubscriber(deps: BackgroundMailDeps): Subscriber {
  return {
    name: 'notifications',
    events: ['visit.accepted', 'evaluation.submitted', 'survey.response'],
    async handle(tx, event) {
      const userId = event.accountId;
      if (!userId) return;
      if (event.type === 'survey.response') {
        const { surveyLinkId: linkId, programName, locationName } = event.payload;
        await queueSurveyResponsesNotice(tx, {
          linkId,
          clientId: userId,
          programName,
          locationName,
          at: event.at,
        });
        return;
      }
      if (event.type !== 'visit.accepted' && event.type !== 'evaluation.submitted') return;
      const { locationId, programName, locationName } = event.payload;
      const shop = { userId, locationId, programName, locationName };
      const notify = await backgroundNotifyDeps(tx, userId, deps);
      if (event.type === 'evaluation.submitted')
        await notifyShopSentToQa(tx, notify, { ...shop, shopDate: event.payload.shopDate });
      else if (event.payload.dueDate)
        await notifyShopScheduled(tx, notify, { ...shop, dueDate: event.payload.dueDate });
    },
  };
}
