import type { Db } from '../db/client.js';
import { createBrand, createIndustry, createQuestionnaire, createUser } from '../db/factories.js';
import { newId } from '../db/ids.js';
import {
  forms,
  formVersions,
  locations,
  orders,
  questionnaireShopperRules,
  shopperProfiles,
  shopperRatings,
  shops,
  userQuestionnaires,
  visits,
} from '../db/schema.js';
import { VISIT_FORM } from './fieldwork-fixtures.js';

/** Places with known coordinates (degrees) and the great-circle miles between some of them. */
export const PLACES = {
  austin: { city: 'Austin', state: 'TX', latitude: 30.2672, longitude: -97.7431 },
  roundRock: { city: 'Round Rock', state: 'TX', latitude: 30.5083, longitude: -97.6789 }, // 17.1 mi from Austin
  sanMarcos: { city: 'San Marcos', state: 'TX', latitude: 29.8833, longitude: -97.9414 }, // 29.1 mi
  sanAntonio: { city: 'San Antonio', state: 'TX', latitude: 29.4241, longitude: -98.4936 }, // 73.6 mi
  houston: { city: 'Houston', state: 'TX', latitude: 29.7604, longitude: -95.3698 }, // 146.2 mi
  dallas: { city: 'Dallas', state: 'TX', latitude: 32.7767, longitude: -96.797 }, // 182.1 mi
} as const;
export type Place = (typeof PLACES)[keyof typeof PLACES];

/** A customer's active program (one questionnaire with a published form), to hang locations and visits on. */
export async function boardProgram(db: Db, opts: { title?: string; fee?: number } = {}) {
  const brand = await createBrand(db);
  const industry = await createIndustry(db, { brandId: brand.id });
  const formId = newId();
  await db.insert(forms).values({ id: formId, name: 'Form', draft: VISIT_FORM });
  await db.insert(formVersions).values({ id: newId(), formId, version: 1, definition: VISIT_FORM });
  const q = await createQuestionnaire(db, {
    brandId: brand.id,
    industryId: industry.id,
    title: opts.title ?? 'Dining Experience',
    formId,
    shopperFee: opts.fee ?? 1000,
  });
  const customer = await createUser(db, { businessName: 'Taco Shack Inc' });
  const oid = newId();
  await db
    .insert(orders)
    .values({ id: oid, uid: customer.id, brandId: brand.id, status: 'COMPLETE', orderDate: new Date() });
  const uqid = newId();
  await db.insert(userQuestionnaires).values({ id: uqid, oid, uid: customer.id, qid: q.id });
  return { brandId: brand.id, qid: q.id, oid, uqid, customerId: customer.id, title: q.title };
}
export type BoardProgram = Awaited<ReturnType<typeof boardProgram>>;

/** A location at a place with one active shop and `count` open visits (due one day apart from `due`). */
export async function boardLocation(
  db: Db,
  program: BoardProgram,
  place: { city: string; state: string; latitude: number; longitude: number },
  opts: { name?: string; reimbursement?: number; due?: string; cycleStart?: string; count?: number } = {},
) {
  const locationId = newId();
  await db.insert(locations).values({
    id: locationId,
    uid: program.customerId,
    name: opts.name ?? `Taco Shack ${place.city}`,
    line1: '100 Main St',
    city: place.city,
    state: place.state,
    postalCode: '78701',
    searchLatitude: place.latitude,
    searchLongitude: place.longitude,
  });
  const shopId = newId();
  const cycleStart = opts.cycleStart ?? '2026-11-01';
  await db.insert(shops).values({
    id: shopId,
    uid: program.customerId,
    oid: program.oid,
    locationId,
    qid: program.qid,
    uqid: program.uqid,
    status: 'active',
    reimbursement: opts.reimbursement ?? 2500,
    startDate: cycleStart,
    totalQuantity: opts.count ?? 1,
    questionnaireTitle: program.title,
    questionnaireType: 'mysteryShop',
  });
  const due = new Date(`${opts.due ?? '2026-12-20'}T00:00:00Z`);
  const ids: string[] = [];
  for (let i = 0; i < (opts.count ?? 1); i++) {
    const id = newId();
    ids.push(id);
    await db.insert(visits).values({
      id,
      shopId,
      uqid: program.uqid,
      locationId,
      cycleStart,
      sequence: i + 1,
      dueDate: new Date(due.getTime() + i * 86_400_000).toISOString().slice(0, 10),
    });
  }
  return { locationId, shopId, visitIds: ids };
}

/** A shopper's profile row: home point, car, rating. */
export async function setShopperProfile(
  db: Db,
  userId: string,
  p: { latitude?: number | null; longitude?: number | null; hasCar?: boolean; shopperRating?: number | null },
) {
  const values = {
    userId,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
    pointPrecision: p.latitude == null ? null : 'geocoded',
    hasCar: p.hasCar ?? false,
  };
  const { userId: _, ...set } = values;
  await db.insert(shopperProfiles).values(values).onConflictDoUpdate({ target: shopperProfiles.userId, set });
  // The rating as the grades made it (shopper_ratings, kept by visit-history.ts).
  if (p.shopperRating !== undefined) {
    const rating = { rating: p.shopperRating, grades: p.shopperRating == null ? 0 : 1 };
    await db
      .insert(shopperRatings)
      .values({ shopperId: userId, ...rating })
      .onConflictDoUpdate({ target: shopperRatings.shopperId, set: rating });
  }
}

/** A questionnaire's rules, straight into the table. */
export async function setRules(
  db: Db,
  qid: string,
  rules: Partial<typeof questionnaireShopperRules.$inferInsert>,
) {
  await db
    .insert(questionnaireShopperRules)
    .values({ qid, ...rules })
    .onConflictDoUpdate({ target: questionnaireShopperRules.qid, set: rules });
}
