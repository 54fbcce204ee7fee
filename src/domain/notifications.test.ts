import { describe, expect, it } from 'vitest';
import {
  deliveryOf,
  type EmailPreferences,
  hourOf,
  isUnsubscribed,
  mayReceiveMarketing,
  NOTIFICATION_KINDS,
  PREFERENCE_OF,
  preferencesOffFor,
  scoreChange,
  TOPIC_LABEL,
  UNSUBSCRIBE_TOPICS,
} from './notifications';

const ALL_ON: EmailPreferences = {
  receiveMarketing: true,
  receiveShopScheduled: true,
  receiveShopQA: true,
  receiveShopComplete: true,
  receiveSurveyComplete: true,
  receiveAsDigest: false,
};

const DIGESTED = NOTIFICATION_KINDS.filter((k) => k !== 'action-plan' && k !== 'score-alert');

describe('deliveryOf', () => {
  it.each(DIGESTED)('%s: now when its preference is on, off when off, digest with the digest', (kind) => {
    expect(deliveryOf(ALL_ON, kind)).toBe('now');
    expect(deliveryOf({ ...ALL_ON, [PREFERENCE_OF[kind]]: false }, kind)).toBe('off');
    expect(deliveryOf({ ...ALL_ON, receiveAsDigest: true }, kind)).toBe('digest');
    expect(deliveryOf({ ...ALL_ON, receiveAsDigest: true, [PREFERENCE_OF[kind]]: false }, kind)).toBe('off');
  });

  it('governs each kind by its own preference only', () => {
    const onlyQa = {
      ...ALL_ON,
      receiveShopScheduled: false,
      receiveShopComplete: false,
      receiveSurveyComplete: false,
    };
    expect(NOTIFICATION_KINDS.map((k) => deliveryOf(onlyQa, k))).toEqual([
      'off',
      'now',
      'off',
      'off',
      'now',
      'now',
    ]);
  });

  it('action plans go out at once even with the digest on, and are on for preferences saved before them', () => {
    expect(deliveryOf({ ...ALL_ON, receiveAsDigest: true }, 'action-plan')).toBe('now');
    expect(deliveryOf({ ...ALL_ON, receiveActionPlans: false }, 'action-plan')).toBe('off');
    expect(deliveryOf(ALL_ON, 'action-plan')).toBe('now');
  });

  it('score alerts (issue 48) go out at once too, and are on for preferences saved before them', () => {
    expect(deliveryOf({ ...ALL_ON, receiveAsDigest: true }, 'score-alert')).toBe('now');
    expect(deliveryOf({ ...ALL_ON, receiveScoreAlerts: false }, 'score-alert')).toBe('off');
    expect(deliveryOf(ALL_ON, 'score-alert')).toBe('now');
  });
});

describe('unsubscribe topics', () => {
  it('keep the numbers of e-mails already sent: new topics are added last', () => {
    expect(UNSUBSCRIBE_TOPICS.slice(0, 7)).toEqual([
      'shop-scheduled',
      'shop-sent-to-qa',
      'shop-completed',
      'survey-complete',
      'digest',
      'news',
      'reports',
    ]);
    expect(preferencesOffFor('action-plan')).toEqual({ receiveActionPlans: false });
  });
});

describe('news', () => {
  it('goes only to customers who opted in', () => {
    expect(mayReceiveMarketing(ALL_ON)).toBe(true);
    expect(mayReceiveMarketing({ ...ALL_ON, receiveMarketing: false })).toBe(false);
  });
});

describe('preferencesOffFor', () => {
  it('turns off the one preference of a kind, news, or everything the digest gathers', () => {
    expect(preferencesOffFor('shop-scheduled')).toEqual({ receiveShopScheduled: false });
    expect(preferencesOffFor('survey-complete')).toEqual({ receiveSurveyComplete: false });
    expect(preferencesOffFor('news')).toEqual({ receiveMarketing: false });
    const digest = preferencesOffFor('digest');
    expect(Object.values(digest).every((v) => v === false)).toBe(true);
    expect(Object.keys(digest).sort()).toEqual([
      'receiveAsDigest',
      'receiveShopComplete',
      'receiveShopQA',
      'receiveShopScheduled',
      'receiveSurveyComplete',
    ]);
    expect(preferencesOffFor('reports')).toEqual({});
  });

  it('labels every topic', () => {
    for (const topic of UNSUBSCRIBE_TOPICS) expect(TOPIC_LABEL[topic]).toMatch(/\w/);
  });
});

describe('hourOf', () => {
  it('is the UTC hour the instant falls in', () => {
    const { start, end } = hourOf(new Date('2026-11-25T10:59:59.999Z'));
    expect(start.toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(hourOf(new Date('2026-11-25T11:00:00Z')).start.toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });
});

describe('scoreChange', () => {
  it.each([
    [85, null, 'first shop'],
    [85, 80, 'up 5 points'],
    [80, 85, 'down 5 points'],
    [81, 80, 'up 1 point'],
    [80.2, 80, 'no change'],
  ] as const)('%d after %s reads %s', (now, before, words) => {
    expect(scoreChange(now, before)).toBe(words);
  });
});

describe('isUnsubscribed', () => {
  it('is true once every preference a link turns off is off, and not before', () => {
    expect(isUnsubscribed(ALL_ON, 'news')).toBe(false);
    expect(isUnsubscribed({ ...ALL_ON, receiveMarketing: false }, 'news')).toBe(true);
    // Topics kept apart from the preferences (a report address, a schedule's recipient, a shopper's
    // offers settings) are answered from their own rows (unsubscribe.ts).
    const apart = new Set(['reports', 'scheduled-report', 'visit-offers']);
    for (const topic of UNSUBSCRIBE_TOPICS.filter((t) => !apart.has(t))) {
      expect(isUnsubscribed({ ...ALL_ON, ...preferencesOffFor(topic) }, topic)).toBe(true);
    }
    // The digest link turns off the digest and what it gathers: one left on is not unsubscribed.
    expect(isUnsubscribed({ ...ALL_ON, ...preferencesOffFor('digest'), receiveShopQA: true }, 'digest')).toBe(
      false,
    );
  });

  it('counts an action-plan preference never saved as on, and never reads an account as off report mail', () => {
    expect(isUnsubscribed(ALL_ON, 'action-plan')).toBe(false);
    expect(isUnsubscribed({ ...ALL_ON, receiveActionPlans: false }, 'action-plan')).toBe(true);
    expect(isUnsubscribed(ALL_ON, 'reports')).toBe(false);
  });
});
