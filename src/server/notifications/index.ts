export { type DigestDeps, digestSections, sendDigest, sendDigests } from './digest.js';
export {
  activeShopsUrl,
  addToDigest,
  audienceOf,
  type BackgroundMailDeps,
  backgroundMailDeps,
  backgroundNotifyDeps,
  customerBrand,
  type DigestFacts,
  type NotifyDeps,
  notifyCustomer,
  notifyShopScheduled,
  notifyShopSentToQa,
  personalMailDeps,
} from './notify.js';
export { notificationsSubscriber } from './subscriber.js';
export { queueSurveyResponsesNotice, sendSurveyResponsesNotice } from './survey-responses.js';
export {
  describeUnsubscribe,
  MSG_UNSUBSCRIBE_LINK,
  readUnsubscribeToken,
  suppressedAmong,
  type UnsubscribeDescription,
  unsubscribe,
  unsubscribeHeaders,
  unsubscribeLink,
  unsubscribeToken,
  unsubscribeUrl,
} from './unsubscribe.js';
