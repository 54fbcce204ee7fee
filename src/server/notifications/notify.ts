// Telling a customer about their shops and surveys, as their preferences say: not at all, one e-mail
// now, or a line in their daily digest (digest.ts). Called inside the transaction of the event, so the
// message (or digest line) is written with it or not at all; preferences are read then, so a change
// takes effect for the next event.
import { eq } from 'drizzle-orm';
import {
  deliveryOf,
  formatCalendarDate,
  formatDateUs,
  type NotificationKind,
  type UnsubscribeTopic,
} from '../../domain/index.js';
import type { MailAdapter, MailMessage } from '../adapters/mail.js';
import type { StorageAdapter } from '../adapters/storage.js';
import { brandSiteOrigin, defaultBrand } from '../brands/resolve-brand.js';
import type { Config } from '../config.js';
import type { BrandRow } from '../context.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { brands, digestItems, users } from '../db/schema.js';
import {
  type EmailBrand,
  emailBrandOf,
  preferencesUrl,
  renderShopScheduled,
  renderShopSentToQa,
} from '../email/index.js';
import { audienceOfLocation } from '../team/access.js';
import { unsubscribeLink } from './unsubscribe.js';

/** What sending needs: the mail adapter, the brand the e-mails wear, the site's origin and the app secret. */
export type NotifyDeps = { mail: MailAdapter; brand: EmailBrand; origin: string; secret: string };

/** The facts of a digest line, by kind (kept as JSON in digest_items.facts). */
export type DigestFacts = {
  'shop-scheduled': { programName: string; locationName: string; dueDate: string };
  'shop-sent-to-qa': { programName: string; locationName: string; shopDate: string };
  'shop-completed': {
    evaluationId: string;
    programName: string;
    locationName: string;
    percentage: number;
    /** The location's previous approved shop on the same program, or null for its first. */
    previousPercentage: number | null;
  };
  'survey-complete': { programName: string; locationName: string; responses: number };
  /** Never in the digest (told at once): kept for the record's shape. */
  'action-plan': { planId: string; event: string };
  /** Never in the digest (told at once). */
  'score-alert': { alertId: string };
};

/** The customer's e-mail links: their preferences page and a one-click unsubscribe for `topic`. */
export function customerLinks(
  deps: Pick<NotifyDeps, 'origin' | 'secret'>,
  userId: string,
  topic: UnsubscribeTopic,
) {
  const unsubscribe = unsubscribeLink({
    origin: deps.origin,
    secret: deps.secret,
    subject: { userId, topic },
  });
  return {
    preferencesUrl: preferencesUrl(deps.origin),
    unsubscribeUrl: unsubscribe.url,
    headers: unsubscribe.headers,
  };
}

/**
 * Tells the customer `userId` of an event of `kind`: queues the e-mail `render` makes (with their
 * preferences and unsubscribe links and headers), or writes the digest line, or nothing. Returns how.
 */
export async function notifyCustomer<K extends NotificationKind>(
  tx: Db,
  deps: NotifyDeps,
  event: {
    userId: string;
    kind: K;
    facts: DigestFacts[K];
    /** For an event that may be told twice (a retried job): told once, as a digest line or an e-mail. */
    key?: string;
    /** The e-mail's kind in the outbox when not the notification's own (the report's is 'report-ready'). */
    mailKind?: string;
    render: (links: { preferencesUrl: string; unsubscribeUrl: string }) => Omit<MailMessage, 'to' | 'kind'>;
  },
): Promise<'off' | 'now' | 'digest'> {
  const [customer] = await tx
    .select({ email: users.email, prefs: users.emailPreferences })
    .from(users)
    .where(eq(users.id, event.userId))
    .limit(1);
  if (!customer) return 'off';
  const delivery = deliveryOf(customer.prefs, event.kind);
  if (delivery === 'digest') {
    await addToDigest(tx, event);
  } else if (delivery === 'now') {
    const { headers, ...links } = customerLinks(deps, event.userId, event.kind);
    const message = {
      to: customer.email,
      kind: event.mailKind ?? event.kind,
      ...event.render(links),
      headers,
    };
    await deps.mail.send(tx, event.key ? { ...message, dedupKey: event.key } : message);
  }
  return delivery;
}

/** Writes a line for the customer's next daily digest (once per `key`, when given). */
export async function addToDigest<K extends NotificationKind>(
  tx: Db,
  line: { userId: string; kind: K; facts: DigestFacts[K]; key?: string },
) {
  await tx
    .insert(digestItems)
    .values({ id: line.key ?? newId(), userId: line.userId, kind: line.kind, facts: line.facts })
    .onConflictDoNothing();
}

/**
 * Everyone an event at a location is told to, each by their own preferences: the account's members by
 * their role and reach, the account's own login included (team/access audienceOfLocation). Every
 * sender of a location's events asks here.
 */
export async function audienceOf(tx: Db, accountId: string, locationId: string | null): Promise<string[]> {
  return audienceOfLocation(tx, accountId, locationId);
}

/** Where the customer follows their shops. */
export const activeShopsUrl = (origin: string) => `${origin}/account/active-shops`;

/** A shop's event at a location, as the customer knows it. */
type ShopAt = { userId: string; locationId: string | null; programName: string; locationName: string };

/** What every shop notice's e-mail shows besides its facts: the brand, the shops page and the links. */
type NoticeBase = { brand: EmailBrand; url: string; preferencesUrl: string; unsubscribeUrl: string };

/** Tells everyone who hears of the location (audienceOf) of a shop's event, each by their preferences. */
async function notifyShop<K extends 'shop-scheduled' | 'shop-sent-to-qa'>(
  tx: Db,
  deps: NotifyDeps,
  e: ShopAt,
  kind: K,
  facts: DigestFacts[K],
  render: (base: NoticeBase) => Omit<MailMessage, 'to' | 'kind'>,
) {
  const url = activeShopsUrl(deps.origin);
  for (const userId of await audienceOf(tx, e.userId, e.locationId))
    await notifyCustomer(tx, deps, {
      userId,
      kind,
      facts,
      render: (links) => render({ brand: deps.brand, url, ...links }),
    });
}

/** A shopper accepted a visit of the customer's shop ("shop scheduled"): the account and the location's managers. */
export function notifyShopScheduled(tx: Db, deps: NotifyDeps, e: ShopAt & { dueDate: string }) {
  const facts = { programName: e.programName, locationName: e.locationName, dueDate: e.dueDate };
  return notifyShop(tx, deps, e, 'shop-scheduled', facts, (base) =>
    renderShopScheduled({ ...base, ...facts, dueDate: formatDateUs(e.dueDate) }),
  );
}

/** The shopper submitted the customer's shop ("shop sent to QA"): the account and the location's managers. */
export function notifyShopSentToQa(tx: Db, deps: NotifyDeps, e: ShopAt & { shopDate: string }) {
  const facts = { programName: e.programName, locationName: e.locationName, shopDate: e.shopDate };
  return notifyShop(tx, deps, e, 'shop-sent-to-qa', facts, (base) =>
    renderShopSentToQa({ ...base, ...facts, shopDate: formatCalendarDate(e.shopDate) }),
  );
}

/**
 * The brand a customer's e-mails wear outside a request (the digest, survey batches, billing): the
 * brand they belong to, else the default brand.
 */
export async function customerBrand(db: Db, userId: string | null): Promise<BrandRow> {
  if (!userId) return defaultBrand(db);
  const [row] = await db
    .select({ brand: brands })
    .from(users)
    .innerJoin(brands, eq(brands.id, users.associatedBrandId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.brand ?? defaultBrand(db);
}

/** What work outside a request sends e-mail with: `origin` is the configured public URL. */
export type BackgroundMailDeps = {
  mail: MailAdapter;
  storage: StorageAdapter;
  origin: string;
  /** BASE_DOMAIN, under which brands have their subdomains. */
  baseDomain: string;
  secret: string;
};

/** BackgroundMailDeps from the configuration, for the workers, the CLI and the admin's digest run. */
export const backgroundMailDeps = (
  config: Pick<Config, 'PUBLIC_URL' | 'BASE_DOMAIN' | 'appSecret'>,
  adapters: { mail: MailAdapter; storage: StorageAdapter },
): BackgroundMailDeps => ({
  mail: adapters.mail,
  storage: adapters.storage,
  origin: config.PUBLIC_URL.replace(/\/$/, ''),
  baseDomain: config.BASE_DOMAIN,
  secret: config.appSecret,
});

/**
 * NotifyDeps for work outside a request: the customer's brand, with links to that brand's site (the
 * default brand's for a guest: `userId` null).
 */
export async function backgroundNotifyDeps(
  db: Db,
  userId: string | null,
  deps: BackgroundMailDeps,
): Promise<NotifyDeps> {
  const source = await customerBrand(db, userId);
  const origin = brandSiteOrigin(source, { publicUrl: deps.origin, baseDomain: deps.baseDomain });
  const brand = emailBrandOf(source, { origin, storage: deps.storage });
  return { mail: deps.mail, brand, origin, secret: deps.secret };
}

/**
 * A login's address and the NotifyDeps of their brand, for mail to one person outside a request (a
 * shopper told by a subscriber); null when the login is gone.
 */
export async function personalMailDeps(
  db: Db,
  userId: string,
  deps: BackgroundMailDeps,
): Promise<(NotifyDeps & { to: string }) | null> {
  const [person] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return person ? { ...(await backgroundNotifyDeps(db, userId, deps)), to: person.email } : null;
}
