import { performance } from 'node:perf_hooks';
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
import { questionnaireShopperRules, shopperOfferSettings } from '../db/schema.js';
import { type OfferedVisit, visitOffersRenderer } from '../email/index.js';
import { AppError } from '../errors.js';
import { type BackgroundMailDeps, backgroundNotifyDeps } from '../notifications/notify.js';
import { unsubscribeLink } from '../notifications/unsubscribe.js';
import { qualifiesSql } from './qualification.js';
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
/** Shoppers whose e-mails are written in one multi-row insert (and their settings in one upsert). */
const MAIL_CHUNK = 1000;

/** `emails`: recorded (a message whose dedup key was recorded before is not). */
export type OffersRun = { openings: number; shoppers: number; emails: number };
/** The run's phases (the benchmark prints them): openings recorded, shoppers found, e-mails written. */
export type OffersPhase = 'openings' | 'find' | 'write';

type OfferRow = {
  shopperId: string;
  email: string;
  total: number;
  visits: (Omit<OfferedVisit, 'miles'> & { miles: number | string })[] | string;
};

const rowsOf = <T>(res: unknown): T[] =>
  (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as T[];

/**
 * One offers run at `now`: records the openings (visits new since the last days, visits open
 * AT_RISK_DAYS before due), then e-mails every shopper who wants offers, has a home point, and has
 * had no offers e-mail today (UTC), the open visits that opened within their radius since their last
 * one and that they qualify for (the shopboard's rule, qualification.ts). Runs are serialised (an
 * advisory lock), so two at once cannot mail a shopper twice.
 */
export async function runVisitOffers(
  db: Db,
  deps: BackgroundMailDeps,
  now: Date,
  opts: { onPhase?: (phase: OffersPhase, ms: number) => void } = {},
): Promise<OffersRun> {
  const notify = await backgroundNotifyDeps(db, '', deps);
  let mark = performance.now();
  const phase = (name: OffersPhase) => {
    const at = performance.now();
    opts.onPhase?.(name, at - mark);
    mark = at;
  };
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visit-offers'))`);
    const today = now.toISOString().slice(0, 10);
    const since = new Date(now.getTime() - OPENING_MAX_AGE_DAYS * 86_400_000).toISOString();
    const nowIso = now.toISOString();
    const [, , counted] = await pipeline(
      // New visits (made at checkout or by the daily scheduling): one opening each, ever.
      {
        execute: () =>
          tx.execute(sql`
        insert into visit_openings (id, visit_id, reason, opened_at)
        select v.id || ':new', v.id, 'new', v.created_at from visits v
        where v.status = ${VisitStatus.Open} and v.created_at > ${since} and v.created_at <= ${nowIso}
        on conflict do nothing`),
      },
      // Still open AT_RISK_DAYS before due: offered once more.
      {
        execute: () =>
          tx.execute(sql`
        insert into visit_openings (id, visit_id, reason, opened_at)
        select v.id || ':due-soon', v.id, 'due-soon', ${nowIso}::timestamptz from visits v
        where v.status = ${VisitStatus.Open} and v.due_date = ${addDays(today, AT_RISK_DAYS)}
        on conflict do nothing`),
      },
      {
        execute: () =>
          tx.execute(sql`select count(*)::int as n from visit_openings where opened_at > ${since}`),
      },
    );
    const openingCount = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
    phase('openings');
    // The pairs are counted per shopper in memory (a hash aggregate of their keys): room for it.
    // Its plan is set by row counts (openings just written, not yet analysed): no JIT compile for it.
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local jit = off`);
    const shoppers = rowsOf<OfferRow>(await tx.execute(offersQuery({ since, now, today })));
    phase('find');
    const render = visitOffersRenderer({
      brand: notify.brand,
      url: `${notify.origin}/evaluator/visits`,
      preferencesUrl: `${notify.origin}/evaluator/standing`,
    });
    // Each chunk is rendered while the one before is being written (the database is another process).
    let writing: Promise<unknown> = Promise.resolve();
    let emails = 0;
    for (let i = 0; i < shoppers.length; i += MAIL_CHUNK) {
      const chunk = shoppers.slice(i, i + MAIL_CHUNK);
      const messages = chunk.map((s) => {
        const list = (typeof s.visits === 'string' ? JSON.parse(s.visits) : s.visits) as OfferedVisit[];
        const visits = list.map((v) => ({ ...v, miles: Number(v.miles) }));
        const link = unsubscribeLink({
          origin: notify.origin,
          secret: notify.secret,
          subject: { userId: s.shopperId, topic: 'visit-offers' },
        });
        return {
          to: s.email,
          kind: 'visit-offers',
          ...render({ visits, more: s.total - visits.length, unsubscribeUrl: link.url }),
          headers: link.headers,
          // One a day per shopper, whatever runs: a second run's message is not recorded.
          dedupKey: `visit-offers:${s.shopperId}:${today}`,
        };
      });
      await writing;
      writing = pipeline(
        {
          execute: () =>
            notify.mail.sendMany(tx, messages).then((ids) => {
              emails += ids.filter(Boolean).length;
            }),
        },
        tx
          .insert(shopperOfferSettings)
          .values(chunk.map((s) => ({ shopperId: s.shopperId, lastOfferedAt: now })))
          .onConflictDoUpdate({ target: shopperOfferSettings.shopperId, set: { lastOfferedAt: now } }),
      );
    }
    await writing;
    phase('write');
    return { openings: openingCount, shoppers: shoppers.length, emails };
  });
}

/** A pair's sort key: the distance in thousandths of a mile, then the opening's number (24 bits). */
const VISIT_BITS = 24;
/**
 * A box's half-width in longitude is the radius over cos(latitude), at most five grid cells: up to 78°
 * north or south (the US ends at 71°); a box beyond stays five cells wide.
 */
const MIN_COS = 0.2;

/**
 * Per shopper to offer, the open visits that opened since `since` (and since their last offers e-mail)
 * within their radius and that they qualify for, nearest first, at most OFFER_EMAIL_MAX_VISITS, with
 * how many in all. Set-based, for tens of thousands of openings and shoppers at once: the shoppers who
 * may get an e-mail today (e) and the openings (o) are each read once, placed in cells of a grid as
 * wide as the widest radius any shopper chose; each opening is paired by a hash join with the shoppers
 * of the cells its box covers (no index probe or row lookup per pair), then the box, the haversine
 * distance against the shopper's own radius, and the questionnaire's requirements. Per shopper the
 * pairs are counted and their nearest kept (a sort of each shopper's own pairs, not of all pairs).
 */
export function offersQuery(at: { since: string; now: Date; today: string }) {
  const nowIso = at.now.toISOString();
  const startOfDay = `${at.today}T00:00:00.000Z`;
  const year = at.now.getUTCFullYear();
  const miles = (a: string, b: string) =>
    sql.raw(`${EARTH_RADIUS_MILES}::float8 * 2 * asin(least(1, sqrt(
      power(sin(radians(${b}.lat - ${a}.lat) / 2), 2) +
      cos(radians(${a}.lat)) * cos(radians(${b}.lat)) * power(sin(radians(${b}.lng - ${a}.lng) / 2), 2))))`);
  const qualifies = qualifiesSql({
    id: sql`e.shopper_id`,
    age: sql`(${year}::int - e.birth_year)`,
    gender: sql`e.gender`,
    hasCar: sql`e.has_car`,
    rating: sql`e.rating`,
  });
  const mask = 2 ** VISIT_BITS - 1;
  return sql`
    with w as (
      select least(greatest(coalesce(max(radius_miles), 0), ${DEFAULT_OFFER_RADIUS_MILES}::int),
        ${MAX_OFFER_RADIUS_MILES}::int) / 69.0::float8 as deg
      from shopper_offer_settings where receive_offers
    ),
    o as materialized (
      select row_number() over (order by x.visit_id)::int as n, x.*
      from (
        select distinct on (vo.visit_id) vo.visit_id, vo.opened_at, l.search_latitude as lat,
          l.search_longitude as lng, l.city, l.state, v.due_date, s.questionnaire_title as program, s.qid
        from visit_openings vo
        join visits v on v.id = vo.visit_id and v.status = ${VisitStatus.Open}
        join shops s on s.id = v.shop_id and s.status = 'active'
        join locations l on l.id = v.location_id
        where vo.opened_at > ${at.since} and vo.opened_at <= ${nowIso}
          and l.search_latitude is not null and l.search_longitude is not null
        order by vo.visit_id, vo.opened_at desc
      ) x
    ),
    e as materialized (
      select sp.user_id as shopper_id, u.email, sp.latitude as lat, sp.longitude as lng,
        coalesce(os.radius_miles, ${DEFAULT_OFFER_RADIUS_MILES}::int) as radius,
        coalesce(os.last_offered_at, '-infinity'::timestamptz) as since,
        u.birth_year, u.gender, sp.has_car, sr.rating,
        floor(sp.latitude / w.deg)::int as cy, floor(sp.longitude / w.deg)::int as cx
      from shopper_profiles sp cross join w
      join users u on u.id = sp.user_id and ${ROLES.shopper} = any(u.roles)
      left join shopper_offer_settings os on os.shopper_id = sp.user_id
      left join shopper_ratings sr on sr.shopper_id = sp.user_id
      where sp.latitude is not null and sp.longitude is not null
        and coalesce(os.receive_offers, true)
        and (os.last_offered_at is null or os.last_offered_at < ${startOfDay})
    ),
    cells as materialized (
      select o.n, y.cy, x.cx
      from o cross join w
      cross join lateral (select floor((o.lat - w.deg) / w.deg)::int + d as cy
        from (values (0), (1), (2)) dy (d)) y
      cross join lateral (select floor((o.lng - w.deg / greatest(cos(radians(o.lat)), ${MIN_COS}::float8)) / w.deg)::int + d as cx
        from (values (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)) dx (d)) x
      where y.cy <= floor((o.lat + w.deg) / w.deg)
        and x.cx <= floor((o.lng + w.deg / greatest(cos(radians(o.lat)), ${MIN_COS}::float8)) / w.deg)
    ),
    pairs as (
      select e.shopper_id, o.n, ${miles('o', 'e')} as miles
      from cells c
      join e on e.cy = c.cy and e.cx = c.cx
      join o on o.n = c.n
      cross join w
      left join ${questionnaireShopperRules} on ${questionnaireShopperRules.qid} = o.qid
      where e.lat between o.lat - w.deg and o.lat + w.deg
        and e.lng between o.lng - w.deg / greatest(cos(radians(o.lat)), ${MIN_COS}::float8)
          and o.lng + w.deg / greatest(cos(radians(o.lat)), ${MIN_COS}::float8)
        and o.opened_at > e.since
        and ${miles('o', 'e')} <= e.radius
        and ${qualifies}
    ),
    agg as (
      select shopper_id, count(*)::int as total,
        array_agg((round(miles * 1000)::bigint << ${VISIT_BITS}) | n) as keys
      from pairs group by shopper_id
    ),
    top as (
      select agg.shopper_id, agg.total, t.k
      from agg cross join lateral (
        select k from unnest(agg.keys) k order by k limit ${OFFER_EMAIL_MAX_VISITS}::int) t
    )
    select top.shopper_id as "shopperId", e.email, top.total,
      json_agg(json_build_object('programName', o.program, 'city', o.city, 'state', o.state,
        'dueDate', o.due_date, 'miles', round((${miles('o', 'e')})::numeric, 1)) order by top.k) as visits
    from top
    join o on o.n = (top.k & ${mask}::bigint)
    join e on e.shopper_id = top.shopper_id
    group by top.shopper_id, e.email, top.total
    order by top.shopper_id`;
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
