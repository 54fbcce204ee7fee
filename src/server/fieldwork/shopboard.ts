import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Form } from '../../evaluation/index.js';
import { VisitStatus } from '../../evaluation/index.js';
import { EARTH_RADIUS_MILES } from '../adapters/us-places.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import {
  formVersions,
  locations,
  questionnaireShopperRules,
  questionnaires,
  shopperProfiles,
  shopperRatings,
  shops,
  users,
  visits,
} from '../db/schema.js';
import { AppError } from '../errors.js';
import { formOfVersion } from './forms.js';
import { ageOf, factsOf, qualifiesSql } from './qualification.js';
import { requireShopper } from './roles.js';

export const SHOPBOARD_SORTS = ['distance', 'dueDate', 'pay'] as const;
export type ShopboardSort = (typeof SHOPBOARD_SORTS)[number];
export const MAX_RADIUS_MILES = 250;
export const DEFAULT_RADIUS_MILES = 25;
export const MAX_PAGE = 50;

export const MSG_NO_HOME =
  'Add your home address on your profile, or use your current location, to see visits near you.';

export type ShopboardOptions = {
  user: UserRow | null;
  /** A point the browser gave (current location) for this query only; never stored. */
  near?: { latitude: number; longitude: number } | null;
  radiusMiles?: number | null;
  /** Due on or after / on or before (YYYY-MM-DD). */
  dueFrom?: string | null;
  dueTo?: string | null;
  /** Minimum pay (fee plus reimbursement), cents. */
  minPay?: number | null;
  sort?: ShopboardSort | null;
  offset?: number | null;
  limit?: number | null;
  now: Date;
};

export type ShopboardItem = {
  id: string;
  questionnaireTitle: string;
  locationName: string;
  city: string;
  state: string;
  /** Miles from the origin, one decimal. */
  distanceMiles: number;
  /** Compass direction from the origin (N, NE, ...): the rough position; the address comes on accepting. */
  direction: string;
  /** The area's point to about a kilometre (two decimals), for a map. */
  areaLatitude: number;
  areaLongitude: number;
  /** The window: from (cycle start, or today when later) to the due date. */
  earliestDate: string;
  dueDate: string;
  /** Cents: the shopper fee and the reimbursement the visit pays. */
  fee: number;
  reimbursement: number;
  questionCount: number;
  estimatedMinutes: number;
};

export type ShopboardPage = {
  items: ShopboardItem[];
  hasMore: boolean;
  offset: number;
  radiusMiles: number;
  /** home | current: where distances are measured from. */
  origin: 'home' | 'current';
};

const bad = (field: string, message: string) => new AppError('BAD_USER_INPUT', message, [{ field, message }]);
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
const MILES_PER_DEGREE = (EARTH_RADIUS_MILES * Math.PI) / 180;

/** Great-circle miles from a point to the location's point, in SQL (double precision; PGlite and PostgreSQL alike). */
export function distanceSql(lat: number, lng: number): SQL<number> {
  return sql<number>`(2 * ${sql.raw(String(EARTH_RADIUS_MILES))} * asin(least(1, sqrt(
    power(sin(radians(${locations.searchLatitude} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${locations.searchLatitude}))
      * power(sin(radians(${locations.searchLongitude} - ${lng}::float8) / 2), 2)))))`;
}

/** The latitude/longitude box around a point that holds every place within `miles` (a little wider). */
export function boundingBox(lat: number, lng: number, miles: number) {
  const dLat = (miles / MILES_PER_DEGREE) * 1.001;
  const cos = Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
  const dLng = Math.min(180, (miles / (MILES_PER_DEGREE * cos)) * 1.001);
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'] as const;
/** The compass point from a to b. */
export function compassFrom(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
) {
  const rad = Math.PI / 180;
  const y = Math.sin((b.longitude - a.longitude) * rad) * Math.cos(b.latitude * rad);
  const x =
    Math.cos(a.latitude * rad) * Math.sin(b.latitude * rad) -
    Math.sin(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos((b.longitude - a.longitude) * rad);
  const deg = (Math.atan2(y, x) / rad + 360) % 360;
  return COMPASS[Math.round(deg / 45) % 8]!;
}

/** Minutes to fill a form in, by the kinds of its questions (remarks and hidden parameters take none). */
const MINUTES: Partial<Record<string, number>> = {
  text: 0.5,
  number: 0.3,
  date: 0.3,
  time: 0.3,
  timespan: 0.5,
  choice: 0.3,
  multichoice: 0.5,
  narrative: 2,
  imageupload: 1,
  phonerecording: 3,
};
export function lengthOf(form: Form): { questionCount: number; estimatedMinutes: number } {
  let questionCount = 0;
  let minutes = 0;
  for (const section of form.sections) {
    for (const el of section.elements) {
      const m = MINUTES[el.typeId];
      if (m === undefined) continue;
      questionCount++;
      minutes += m;
    }
  }
  return { questionCount, estimatedMinutes: Math.max(5, Math.ceil(minutes / 5) * 5) };
}

/** The length estimate of each form version (published versions are parsed once per process). */
async function lengthsOf(db: Db, versionIds: string[]) {
  const out = new Map<string, { questionCount: number; estimatedMinutes: number }>();
  for (const id of versionIds) out.set(id, lengthOf(await formOfVersion(db, id)));
  return out;
}

/**
 * The shopper's qualification facts: the profile (car, home point) and the rating (shopper_ratings,
 * which visit-history.ts keeps), in one query, with the user's age and gender.
 */
export async function shopperFacts(db: Db, shopper: UserRow, now: Date) {
  const [p] = await db
    .select({
      hasCar: shopperProfiles.hasCar,
      latitude: shopperProfiles.latitude,
      longitude: shopperProfiles.longitude,
      rating: shopperRatings.rating,
    })
    .from(users)
    .leftJoin(shopperProfiles, eq(shopperProfiles.userId, users.id))
    .leftJoin(shopperRatings, eq(shopperRatings.shopperId, users.id))
    .where(eq(users.id, shopper.id))
    .limit(1);
  return {
    id: shopper.id,
    age: ageOf(shopper.birthYear, now),
    gender: shopper.gender,
    hasCar: p?.hasCar ?? false,
    rating: p?.rating ?? null,
    home:
      p?.latitude != null && p?.longitude != null ? { latitude: p.latitude, longitude: p.longitude } : null,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The shopboard: open visits within `radiusMiles` of the shopper's home (or of the point the browser
 * gave), that the shopper qualifies for; distance from a bounding box on the locations' indexed point
 * plus haversine, both in SQL. Filters by due dates and minimum pay; sorted by distance, due date or
 * pay (ties by due date, then id, so pages are stable); a page of at most 50 with hasMore.
 */
export async function listShopboard(db: Db, opts: ShopboardOptions): Promise<ShopboardPage> {
  const shopper = requireShopper(opts.user);
  const radiusMiles = opts.radiusMiles ?? DEFAULT_RADIUS_MILES;
  if (!(radiusMiles >= 1 && radiusMiles <= MAX_RADIUS_MILES))
    throw bad('radiusMiles', `Distance must be between 1 and ${MAX_RADIUS_MILES} miles.`);
  if (opts.dueFrom && !isDate(opts.dueFrom)) throw bad('dueFrom', 'Due from must be a date (YYYY-MM-DD).');
  if (opts.dueTo && !isDate(opts.dueTo)) throw bad('dueTo', 'Due by must be a date (YYYY-MM-DD).');
  if (opts.minPay != null && !(Number.isInteger(opts.minPay) && opts.minPay >= 0))
    throw bad('minPay', 'Minimum pay must be a whole number of cents, 0 or more.');
  const offset = opts.offset ?? 0;
  if (!(Number.isInteger(offset) && offset >= 0 && offset <= 100_000))
    throw bad('offset', 'Offset must be a whole number from 0 to 100000.');
  const limit = Math.min(Math.max(opts.limit ?? 20, 1), MAX_PAGE);
  const near = opts.near;
  if (near) {
    if (!(Math.abs(near.latitude) <= 90)) throw bad('latitude', 'Latitude must be between -90 and 90.');
    if (!(Math.abs(near.longitude) <= 180)) throw bad('longitude', 'Longitude must be between -180 and 180.');
  }
  const facts = await shopperFacts(db, shopper, opts.now);
  const origin = near ?? facts.home;
  if (!origin)
    throw new AppError('BAD_USER_INPUT', MSG_NO_HOME, [{ field: 'latitude', message: MSG_NO_HOME }]);

  const { latitude: lat, longitude: lng } = origin;
  const box = boundingBox(lat, lng, radiusMiles);
  const distance = distanceSql(lat, lng);
  const pay = sql<number>`(${questionnaires.shopperFee} + coalesce(${shops.billedReimbursement}, ${shops.reimbursement}))`;
  const sort = opts.sort ?? 'distance';
  const order =
    sort === 'dueDate'
      ? [asc(visits.dueDate), asc(distance), asc(visits.id)]
      : sort === 'pay'
        ? [desc(pay), asc(visits.dueDate), asc(visits.id)]
        : [asc(distance), asc(visits.dueDate), asc(visits.id)];

  const needed = offset + limit + 1;
  const inBox = and(
    sql`${locations.searchLatitude} between ${box.minLat}::float8 and ${box.maxLat}::float8`,
    sql`${locations.searchLongitude} between ${box.minLng}::float8 and ${box.maxLng}::float8`,
    sql`${distance} <= ${radiusMiles}::float8`,
  );
  /**
   * Nearest first: the page needs only the nearest locations with an open visit, so they are found
   * first (the box, then distance order, a few times the page) and the visits joined to those alone,
   * in the same statement; when filters leave too few, the set grows until it holds every location in
   * the radius.
   */
  if (sort === 'distance') {
    for (let k = Math.max(60, needed * 3); ; k *= 4) {
      const nearest = db
        .select({ id: locations.id })
        .from(locations)
        .where(
          and(
            inBox,
            sql`exists (select 1 from visits ov where ov.location_id = ${locations.id} and ov.status = ${VisitStatus.Open})`,
          ),
        )
        .orderBy(asc(distance), asc(locations.id))
        .limit(k);
      const found = await boardRows(inArray(locations.id, nearest));
      if (found.length >= needed) return page(found);
      // Too few: were there more than k locations in the radius?
      const [more] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(nearest.as('n'));
      if ((more?.n ?? 0) < k) return page(found);
    }
  }
  return page(await boardRows(inBox));

  function boardRows(where: SQL | undefined) {
    return db
      .select({
        id: visits.id,
        questionnaireTitle: shops.questionnaireTitle,
        locationName: locations.name,
        city: locations.city,
        state: locations.state,
        latitude: locations.searchLatitude,
        longitude: locations.searchLongitude,
        distance: distance.mapWith(Number),
        cycleStart: visits.cycleStart,
        dueDate: visits.dueDate,
        fee: questionnaires.shopperFee,
        reimbursement: sql<number>`coalesce(${shops.billedReimbursement}, ${shops.reimbursement})`.mapWith(
          Number,
        ),
        // The newest version of the form: its length estimate.
        versionId: sql<
          string | null
        >`(select fv.id from ${formVersions} fv where fv.form_id = ${questionnaires.formId}
          order by fv.version desc limit 1)`,
      })
      .from(locations)
      .innerJoin(visits, and(eq(visits.locationId, locations.id), eq(visits.status, VisitStatus.Open)))
      .innerJoin(shops, eq(shops.id, visits.shopId))
      .innerJoin(questionnaires, eq(questionnaires.id, shops.qid))
      .leftJoin(questionnaireShopperRules, eq(questionnaireShopperRules.qid, shops.qid))
      .where(
        and(
          where,
          eq(shops.status, 'active'),
          opts.dueFrom ? gte(visits.dueDate, opts.dueFrom) : undefined,
          opts.dueTo ? lte(visits.dueDate, opts.dueTo) : undefined,
          opts.minPay ? sql`${pay} >= ${opts.minPay}` : undefined,
          qualifiesSql(factsOf(facts)),
        ),
      )
      .orderBy(...order)
      .limit(needed - offset)
      .offset(offset);
  }

  async function page(rows: Awaited<ReturnType<typeof boardRows>>): Promise<ShopboardPage> {
    const items = rows.slice(0, limit);
    const lengths = await lengthsOf(db, [
      ...new Set(items.map((r) => r.versionId).filter((v): v is string => !!v)),
    ]);
    const today = opts.now.toISOString().slice(0, 10);
    return {
      items: items.map((r) => {
        const length = (r.versionId && lengths.get(r.versionId)) || { questionCount: 0, estimatedMinutes: 5 };
        const point = { latitude: r.latitude ?? lat, longitude: r.longitude ?? lng };
        return {
          id: r.id,
          questionnaireTitle: r.questionnaireTitle,
          locationName: r.locationName,
          city: r.city,
          state: r.state,
          distanceMiles: round1(r.distance),
          direction: r.distance < 0.1 ? '' : compassFrom({ latitude: lat, longitude: lng }, point),
          areaLatitude: round2(point.latitude),
          areaLongitude: round2(point.longitude),
          earliestDate: r.cycleStart > today ? r.cycleStart : today,
          dueDate: r.dueDate,
          fee: r.fee,
          reimbursement: r.reimbursement,
          ...length,
        };
      }),
      hasMore: rows.length > limit,
      offset,
      radiusMiles,
      origin: near ? 'current' : 'home',
    };
  }
}
