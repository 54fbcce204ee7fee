// Which customer notifications go out, when, and what an unsubscribe link turns off. Pure rules; the
// server (src/server/notifications) gathers the facts and sends.
import type { TEmailPreferencesInput } from './schemas/email-preferences';

/** A customer's preferences as stored: "Action plans" is absent on those saved before it existed (on). */
export type EmailPreferences = Omit<TEmailPreferencesInput, 'receiveActionPlans' | 'receiveScoreAlerts'> & {
  receiveActionPlans?: boolean;
  /** Score alerts (issue 48): absent on those saved before it existed (on). */
  receiveScoreAlerts?: boolean;
};

/** The events a customer can be told about, one per preference of /account/preferences but news. */
export type NotificationKind =
  | 'shop-scheduled'
  | 'shop-sent-to-qa'
  | 'shop-completed'
  | 'survey-complete'
  | 'action-plan'
  | 'score-alert';

export const NOTIFICATION_KINDS: readonly NotificationKind[] = [
  'shop-scheduled',
  'shop-sent-to-qa',
  'shop-completed',
  'survey-complete',
  'action-plan',
  'score-alert',
];

/** The preference that governs each kind. */
export const PREFERENCE_OF: Record<NotificationKind, keyof EmailPreferences> = {
  'shop-scheduled': 'receiveShopScheduled',
  'shop-sent-to-qa': 'receiveShopQA',
  'shop-completed': 'receiveShopComplete',
  'survey-complete': 'receiveSurveyComplete',
  'action-plan': 'receiveActionPlans',
  'score-alert': 'receiveScoreAlerts',
};

/**
 * Kinds that never wait for the daily digest: an action plan asks someone to act by a date (issue 19).
 */
const TOLD_AT_ONCE: ReadonlySet<NotificationKind> = new Set(['action-plan', 'score-alert']);

/** Not at all, one e-mail now, or a line in the next daily digest. */
export type Delivery = 'off' | 'now' | 'digest';

/** How a customer with these preferences hears of an event of this kind (read at the event). */
export function deliveryOf(prefs: EmailPreferences, kind: NotificationKind): Delivery {
  // A preference added after an account saved its preferences is on until they turn it off.
  if (!(prefs[PREFERENCE_OF[kind]] ?? true)) return 'off';
  return prefs.receiveAsDigest && !TOLD_AT_ONCE.has(kind) ? 'digest' : 'now';
}

/** Only a customer who opted in to news receives marketing. */
export const mayReceiveMarketing = (prefs: EmailPreferences) => prefs.receiveMarketing;

/**
 * What a one-click unsubscribe link stops: a notification kind, the daily digest (everything it
 * gathers), news, or, for a location's report address (no login, no preferences), its shop reports.
 */
export type UnsubscribeTopic =
  | NotificationKind
  | 'digest'
  | 'news'
  | 'reports'
  | 'scheduled-report'
  | 'visit-offers';

/** In a fixed order: a topic's index is in the links of e-mails already sent, so new ones go last. */
export const UNSUBSCRIBE_TOPICS: readonly UnsubscribeTopic[] = [
  'shop-scheduled',
  'shop-sent-to-qa',
  'shop-completed',
  'survey-complete',
  'digest',
  'news',
  'reports',
  'action-plan',
  'scheduled-report',
  'score-alert',
  // A shopper's offers of open visits near them (issue 47): kept in their offers settings.
  'visit-offers',
];

/** The preferences an account's unsubscribe turns off; `reports` has none (it is kept per address). */
export function preferencesOffFor(topic: UnsubscribeTopic): Partial<EmailPreferences> {
  switch (topic) {
    case 'news':
      return { receiveMarketing: false };
    case 'digest':
      return {
        receiveAsDigest: false,
        receiveShopScheduled: false,
        receiveShopQA: false,
        receiveShopComplete: false,
        receiveSurveyComplete: false,
      };
    case 'reports':
    case 'scheduled-report':
    case 'visit-offers':
      // Kept apart from the preferences: a location's report address, a schedule's recipient row, a
      // shopper's offers settings.
      return {};
    default:
      return { [PREFERENCE_OF[topic]]: false };
  }
}

/** The e-mails a topic names, as the unsubscribe page says it ("You will no longer receive …"). */
export const TOPIC_LABEL: Record<UnsubscribeTopic, string> = {
  'shop-scheduled': 'e-mails when a shop is scheduled',
  'shop-sent-to-qa': 'e-mails when a shop is sent to QA',
  'shop-completed': 'e-mails when a shop is completed',
  'survey-complete': 'e-mails about new survey responses',
  'action-plan': 'e-mails about action plans',
  'score-alert': 'e-mails about score alerts',
  digest: 'the daily digest, or the shop and survey e-mails it gathers',
  news: 'news from us',
  reports: 'shop reports for this location',
  'scheduled-report': 'the scheduled Performance Summary e-mails',
  'visit-offers': 'e-mails offering open visits near you',
};

/** The UTC hour an instant falls in: survey responses are told once per link per hour, after it. */
export function hourOf(at: Date): { start: Date; end: Date } {
  const start = new Date(at);
  start.setUTCMinutes(0, 0, 0);
  return { start, end: new Date(start.getTime() + 3_600_000) };
}

/** A location's score against its previous shop on the same program, as the digest words it. */
export function scoreChange(percentage: number, previous: number | null): string {
  if (previous === null) return 'first shop';
  const points = Math.round(percentage - previous);
  if (points === 0) return 'no change';
  const unit = Math.abs(points) === 1 ? 'point' : 'points';
  return points > 0 ? `up ${points} ${unit}` : `down ${-points} ${unit}`;
}

/**
 * Whether an account is already unsubscribed from a topic: every preference its link turns off is
 * off (a preference added after the account saved its preferences counts as on). `reports` has no
 * preferences: an account is never unsubscribed from it by them.
 */
export function isUnsubscribed(prefs: EmailPreferences, topic: UnsubscribeTopic): boolean {
  const off = Object.keys(preferencesOffFor(topic)) as (keyof EmailPreferences)[];
  return off.length > 0 && off.every((key) => prefs[key] === false);
}
