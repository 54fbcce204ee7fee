import { eq, sql } from 'drizzle-orm';
import {
  AT_RISK_DAYS,
  addDays,
  DEFAULT_OFFER_RADIUS_MILES,
  EARTH_RADIUS_MILES,
  OFFER_EMAIL_MAX_VISITS,
} from '../../domain/index.js';
import { VisitStatus } from '../../evaluation/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction, pipeline } from '../db/client.js';
import { shopperOfferSettings } from '../db/schema.js';
import { type OfferedVisit, visitOffersRenderer } from '../email/index.js';
import { AppError } from '../errors.js';
import { type BackgroundMailDeps, backgroundNotifyDeps } from '../notifications/notify.js';
import { unsubscribeLink } from '../notifications/unsubscribe.js';
import { ROLES, requireShopper } from './roles.js';

// Offers (issue 47): shoppers hear of visits that opened near them (new, given back, released, or
// still open AT_RISK_DAYS before their due date) in one e-mail a day at most, listing everything that
// opened within their radius since their last offers e-mail. The run is a job (`visit-offers`): the
// daily schedule and the subscriber of order.placed and visit.released queue it.

/** Openings older than this are not offered any more (the board still lists the visits). */
const OPENING_MAX_AGE_DAYS = 3;
/** The largest radius a shopper may choose (miles). */
export const MAX_OFFER_RADIUS_MILES = 100;
export const MSG_OFFER_RADIUS = `Choose a distance from 1 to ${MAX_OFFER_RADIUS_MILES} miles.`;
/** Shoppers whose e-mails are written in one pipeline of statements. */
const MAIL_CHUNK = 500;

export type OffersRun = { openings: number; shoppers: number; emails: number };

/**
 * One offers run at `now`: records the openings (visits new since the last days, visits open
 * AT_RISK_DAYS before due), then e-mails every shopper who wants offers, has a home point, and has
 * had no offers e-mail today (UTC), the open visits that opened within their radius since their last
 * one. Runs are serialised (an advisory lock), so two at once cannot mail a shopper twice.
 */
export async function runVisitOffers(db: Db, deps: BackgroundMailDeps, now: Date): Promise<OffersRun> {
  const notify = await backgroundNotifyDeps(db, '', deps);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visit-offers'))`);
    const today = now.toISOString().slice(0, 10);
    const since = new Date(now.getTime() - OPENING_MAX_AGE_DAYS * 86_400_000);
    const nowIso = now.toISOString();
    // New visits (made at checkout or by the daily scheduling): one opening each, ever.
    await tx.execute(sql`
      insert into visit_openings (id, visit_id, reason, opened_at)
      select v.id || ':new', v.id, 'new', v.created_at from visits v
      where v.status = ${VisitStatus.Open} and v.created_at > ${since.toISOString()} and v.created_at <= ${nowIso}
      on conflict do nothing`);
    // Still open AT_RISK_DAYS before due: offered once more.
    await tx.execute(sql`
      insert into visit_openings (id, visit_id, reason, opened_at)
      select v.id || ':due-soon', v.id, 'due-soon', ${nowIso}::timestamptz from visits v
      where v.status = ${VisitStatus.Open} and v.due_date = ${addDays(today, AT_RISK_DAYS)}
      on conflict do nothing`);
    const startOfDay = `${today}T00:00:00.000Z`;
    // The box is as wide as the widest radius any shopper chose (25 miles by default), not the most
    // one may choose: a box four times wider finds sixteen times the pairs to measure.
    const [widest] = (await tx
      .select({
        miles:
          sql<number>`greatest(coalesce(max(${shopperOfferSettings.radiusMiles}), 0), ${DEFAULT_OFFER_RADIUS_MILES}::int)`.mapWith(
            Number,
          ),
      })
      .from(shopperOfferSettings)
      .where(eq(shopperOfferSettings.receiveOffers, true))) as { miles: number }[];
    const maxDeg = Math.min(widest?.miles ?? DEFAULT_OFFER_RADIUS_MILES, MAX_OFFER_RADIUS_MILES) / 69.0;
    // For each opening, the shoppers whose home is within their radius (a box on the gist index, then
    // haversine), who want offers and had none today; per shopper the nearest visits.
    const rows = (await tx.execute(sql`
      with o as (
        select distinct on (vo.visit_id) vo.visit_id, vo.opened_at, l.latitude::float8 as lat, l.longitude::float8 as lng,
          l.city, l.state, v.due_date, s.questionnaire_title as program
        from visit_openings vo
        join visits v on v.id = vo.visit_id and v.status = ${VisitStatus.Open}
        join shops s on s.id = v.shop_id and s.status = 'active'
        join locations l on l.id = v.location_id
        where vo.opened_at > ${since.toISOString()} and vo.opened_at <= ${nowIso}
          and l.latitude is not null and l.longitude is not null
        order by vo.visit_id, vo.opened_at desc
      ),
      pairs as (
        select u.id as shopper_id, o.*, ${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
            power(sin(radians(u.latitude - o.lat) / 2), 2) +
            cos(radians(o.lat)) * cos(radians(u.latitude)) * power(sin(radians(u.longitude - o.lng) / 2), 2)))) as miles,
          coalesce(os.radius_miles, ${DEFAULT_OFFER_RADIUS_MILES}::int) as radius
        from o
        join users u on point(u.longitude, u.latitude) <@ box(
            point(o.lng - ${maxDeg}::float8 / greatest(cos(radians(o.lat)), 0.01), o.lat - ${maxDeg}::float8),
            point(o.lng + ${maxDeg}::float8 / greatest(cos(radians(o.lat)), 0.01), o.lat + ${maxDeg}::float8))
          and ${ROLES.shopper} = any(u.roles)
        left join shopper_offer_settings os on os.shopper_id = u.id
        where coalesce(os.receive_offers, true)
          and ${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
            power(sin(radians(u.latitude - o.lat) / 2), 2) +
            cos(radians(o.lat)) * cos(radians(u.latitude)) * power(sin(radians(u.longitude - o.lng) / 2), 2))))
            <= coalesce(os.radius_miles, ${DEFAULT_OFFER_RADIUS_MILES}::int)
          and (os.last_offered_at is null or os.last_offered_at < ${startOfDay})
          and o.opened_at > coalesce(os.last_offered_at, '-infinity'::timestamptz)
      )
      select p.shopper_id as "shopperId", u.email,
        count(*)::int as total,
        (array_agg(json_build_object('programName', p.program, 'city', p.city, 'state', p.state,
          'dueDate', p.due_date, 'miles', round(p.miles::numeric, 1)) order by p.miles, p.visit_id))[1:${OFFER_EMAIL_MAX_VISITS}::int] as visits
      from pairs p join users u on u.id = p.shopper_id
      where p.miles <= p.radius
      group by p.shopper_id, u.email
      order by p.shopper_id`)) as unknown;
    const shoppers = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
      shopperId: string;
      email: string;
      total: number;
      visits: (Omit<OfferedVisit, 'miles'> & { miles: number | string })[] | string;
    }[];
    const openings = await tx.execute(
      sql`select count(*)::int as n from visit_openings where opened_at > ${since.toISOString()}`,
    );
    const openingCount = Number(
      (
        (Array.isArray(openings) ? openings : (openings as { rows: { n: number }[] }).rows)[0] as {
          n: number;
        }
      ).n,
    );
    const render = visitOffersRenderer({
      brand: notify.brand,
      url: `${notify.origin}/evaluator/visits`,
      preferencesUrl: `${notify.origin}/evaluator/standing`,
    });
    for (let i = 0; i < shoppers.length; i += MAIL_CHUNK) {
      const chunk = shoppers.slice(i, i + MAIL_CHUNK);
      const statements = chunk.map((s) => {
        const list = (typeof s.visits === 'string' ? JSON.parse(s.visits) : s.visits) as OfferedVisit[];
        const visits = list.map((v) => ({ ...v, miles: Number(v.miles) }));
        const link = unsubscribeLink({
          origin: notify.origin,
          secret: notify.secret,
          subject: { userId: s.shopperId, topic: 'visit-offers' },
        });
        const rendered = render({ visits, more: s.total - visits.length, unsubscribeUrl: link.url });
        return notify.mail.queue(tx, {
          to: s.email,
          kind: 'visit-offers',
          ...rendered,
          headers: link.headers,
          // One a day per shopper, whatever runs: a second run's message is not recorded.
          dedupKey: `visit-offers:${s.shopperId}:${today}`,
        }).record;
      });
      await pipeline(...statements);
      await tx
        .insert(shopperOfferSettings)
        .values(chunk.map((s) => ({ shopperId: s.shopperId, lastOfferedAt: now })))
        .onConflictDoUpdate({ target: shopperOfferSettings.shopperId, set: { lastOfferedAt: now } });
    }
    return { openings: openingCount, shoppers: shoppers.length, emails: shoppers.length };
  });
}

export type OfferSettings = { receiveOffers: boolean; radiusMiles: number; lastOfferedAt: Date | null };

/** The caller's (a shopper's) offers settings: defaults when never saved. */
export async function myOfferSettings(db: Db, opts: { user: UserRow | null }): Promise<OfferSettings> {
  const shopper = requireShopper(opts.user);
  const [row] = await db
    .select()
    .from(shopperOfferSettings)
    .where(eq(shopperOfferSettings.shopperId, shopper.id))
    .limit(1);
  return {
    receiveOffers: row?.receiveOffers ?? true,
    radiusMiles: row?.radiusMiles ?? DEFAULT_OFFER_RADIUS_MILES,
    lastOfferedAt: row?.lastOfferedAt ?? null,
  };
}

/** A shopper turns offers on or off and chooses how far (1-100 miles). */
export async function saveOfferSettings(
  db: Db,
  opts: { user: UserRow | null; receiveOffers: boolean; radiusMiles: number },
): Promise<OfferSettings> {
  const shopper = requireShopper(opts.user);
  if (
    !Number.isInteger(opts.radiusMiles) ||
    opts.radiusMiles < 1 ||
    opts.radiusMiles > MAX_OFFER_RADIUS_MILES
  )
    throw new AppError('BAD_USER_INPUT', MSG_OFFER_RADIUS, [
      { field: 'radiusMiles', message: MSG_OFFER_RADIUS },
    ]);
  const set = { receiveOffers: opts.receiveOffers, radiusMiles: opts.radiusMiles };
  const [row] = await db
    .insert(shopperOfferSettings)
    .values({ shopperId: shopper.id, ...set })
    .onConflictDoUpdate({ target: shopperOfferSettings.shopperId, set })
    .returning();
  return {
    receiveOffers: row!.receiveOffers,
    radiusMiles: row!.radiusMiles,
    lastOfferedAt: row!.lastOfferedAt,
  };
}
