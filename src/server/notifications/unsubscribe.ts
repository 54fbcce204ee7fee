// One-click unsubscribe (RFC 8058): every e-mail a recipient may stop carries a signed link to
// /unsubscribe/{token} in its footer and in List-Unsubscribe / List-Unsubscribe-Post headers. The link
// works without a login: a mail client POSTs to it (one click), a person opens it and confirms.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  capabilityLink,
  isUnsubscribed,
  preferencesOffFor,
  TOPIC_LABEL,
  UNSUBSCRIBE_TOPICS,
  type UnsubscribeTopic,
} from '../../domain/index.js';
import { hashToken, hmac, safeEqual } from '../auth/tokens.js';
import { type Db, inTransaction } from '../db/client.js';
import { emailSuppressions, reportScheduleRecipients, shopperOfferSettings, users } from '../db/schema.js';
import { AppError } from '../errors.js';

export const MSG_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not valid. Sign in to change your e-mail preferences.';

/** Whom a link unsubscribes: an account (by id) or an address without one (a location's report address). */
export type UnsubscribeSubject =
  | { userId: string; topic: UnsubscribeTopic }
  | { email: string; topic: UnsubscribeTopic };

/** A token's subject as read back: an address is known by its hash only (the link does not carry it). */
export type UnsubscribeTarget =
  | { userId: string; topic: UnsubscribeTopic }
  | { emailHash: string; topic: UnsubscribeTopic };

/** An address as suppressions keep it: the SHA-256 of its lower-cased form. */
export const emailHash = (email: string) => hashToken(email.trim().toLowerCase());

const signature = (secret: string, payload: string) => hmac(secret, `unsubscribe|${payload}`).slice(0, 32);

/**
 * The link's token: `u` or `e`, the topic's number, the account id or the address's hash, then the
 * signature with the app secret (under 80 characters, so it fits a path segment). It does not expire.
 */
export function unsubscribeToken(secret: string, s: UnsubscribeSubject): string {
  const topic = UNSUBSCRIBE_TOPICS.indexOf(s.topic);
  const payload = 'userId' in s ? `u${topic}${s.userId}` : `e${topic}${emailHash(s.email)}`;
  return `${payload}.${signature(secret, payload)}`;
}

/** The token's subject, or null when it is malformed or not signed by this app. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const match = /^([ue])(\d)([A-Za-z0-9_-]{8,64})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, kind, index, id, sig] = match as unknown as [string, 'u' | 'e', string, string, string];
  if (!safeEqual(signature(secret, `${kind}${index}${id}`), sig)) return null;
  const topic = UNSUBSCRIBE_TOPICS[Number(index)];
  if (!topic) return null;
  return kind === 'u' ? { userId: id, topic } : { emailHash: id, topic };
}

export const unsubscribeUrl = (origin: string, token: string) =>
  capabilityLink(origin, 'unsubscribe', { secret: token });

/** The headers that let a mail client offer "Unsubscribe" and do it in one click (RFC 2369, RFC 8058). */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The link and headers of one message, for e-mail builders. */
export function unsubscribeLink(opts: { origin: string; secret: string; subject: UnsubscribeSubject }) {
  const url = unsubscribeUrl(opts.origin, unsubscribeToken(opts.secret, opts.subject));
  return { url, headers: unsubscribeHeaders(url) };
}

/**
 * What a link stops: the account's address, or null for an address the link does not name; and
 * whether it is stopped already (the link was followed before, or the preferences say so).
 */
export type UnsubscribeDescription = {
  email: string | null;
  topic: UnsubscribeTopic;
  label: string;
  unsubscribed: boolean;
};

function invalidLink() {
  return new AppError('BAD_USER_INPUT', MSG_UNSUBSCRIBE_LINK, [
    { field: 'token', message: MSG_UNSUBSCRIBE_LINK },
  ]);
}

async function subjectOf(db: Db, secret: string, token: string) {
  const subject = readUnsubscribeToken(secret, token);
  if (!subject) throw invalidLink();
  if ('emailHash' in subject) {
    const [kept] = await db
      .select({ topic: emailSuppressions.topic })
      .from(emailSuppressions)
      .where(
        and(eq(emailSuppressions.emailHash, subject.emailHash), eq(emailSuppressions.topic, subject.topic)),
      )
      .limit(1);
    return { subject, email: null, unsubscribed: kept !== undefined };
  }
  const [user] = await db
    .select({ email: users.email, emailPreferences: users.emailPreferences })
    .from(users)
    .where(eq(users.id, subject.userId))
    .limit(1);
  if (!user) throw invalidLink();
  if (subject.topic === 'scheduled-report') {
    // A schedule's recipient: their rows (of the account whose report they get) say it.
    const rows = await db
      .select({ unsubscribedAt: reportScheduleRecipients.unsubscribedAt })
      .from(reportScheduleRecipients)
      .where(eq(reportScheduleRecipients.userId, subject.userId));
    return { subject, email: user.email, unsubscribed: rows.every((r) => r.unsubscribedAt !== null) };
  }
  if (subject.topic === 'visit-offers') {
    // A shopper's offers live in their offers settings, not the customer preferences.
    const [settings] = await db
      .select({ on: shopperOfferSettings.receiveOffers })
      .from(shopperOfferSettings)
      .where(eq(shopperOfferSettings.shopperId, subject.userId))
      .limit(1);
    return { subject, email: user.email, unsubscribed: settings?.on === false };
  }
  return { subject, email: user.email, unsubscribed: isUnsubscribed(user.emailPreferences, subject.topic) };
}

/** What a link would stop, for the page that asks to confirm. */
export async function describeUnsubscribe(
  db: Db,
  secret: string,
  token: string,
): Promise<UnsubscribeDescription> {
  const { subject, email, unsubscribed } = await subjectOf(db, secret, token);
  return { email, topic: subject.topic, label: TOPIC_LABEL[subject.topic], unsubscribed };
}

/**
 * Follows a link: the account's preferences for the topic turn off (the others stay as they are), or
 * the address is kept from the topic's e-mails. Repeating it changes nothing more.
 */
export async function unsubscribe(db: Db, secret: string, token: string): Promise<UnsubscribeDescription> {
  return inTransaction(db, async (tx) => {
    const { subject, email } = await subjectOf(tx, secret, token);
    if ('userId' in subject && subject.topic === 'scheduled-report') {
      // This recipient only: the schedule and its other recipients stay as they are.
      await tx
        .update(reportScheduleRecipients)
        .set({ unsubscribedAt: new Date() })
        .where(
          and(
            eq(reportScheduleRecipients.userId, subject.userId),
            isNull(reportScheduleRecipients.unsubscribedAt),
          ),
        );
    } else if ('userId' in subject && subject.topic === 'visit-offers') {
      await tx
        .insert(shopperOfferSettings)
        .values({ shopperId: subject.userId, receiveOffers: false })
        .onConflictDoUpdate({ target: shopperOfferSettings.shopperId, set: { receiveOffers: false } });
    } else if ('userId' in subject) {
      const off = JSON.stringify(preferencesOffFor(subject.topic));
      await tx
        .update(users)
        .set({ emailPreferences: sql`${users.emailPreferences} || ${off}::jsonb`, updatedAt: new Date() })
        .where(eq(users.id, subject.userId));
    } else {
      await tx
        .insert(emailSuppressions)
        .values({ emailHash: subject.emailHash, topic: subject.topic })
        .onConflictDoNothing();
    }
    return { email, topic: subject.topic, label: TOPIC_LABEL[subject.topic], unsubscribed: true };
  });
}

/** The addresses among `emails` kept from `topic`'s e-mails (lower-cased). */
export async function suppressedAmong(db: Db, topic: UnsubscribeTopic, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const byHash = new Map(emails.map((e) => [emailHash(e), e.trim().toLowerCase()]));
  const rows = await db
    .select({ emailHash: emailSuppressions.emailHash })
    .from(emailSuppressions)
    .where(and(eq(emailSuppressions.topic, topic), inArray(emailSuppressions.emailHash, [...byHash.keys()])));
  return rows.map((r) => byHash.get(r.emailHash)!);
}
