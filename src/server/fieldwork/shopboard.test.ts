import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { distanceMiles } from '../adapters/us-places.js';
import { evaluations, shopperProfiles, visits } from '../db/schema.js';
import { registerShopper } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import {
  type BoardProgram,
  boardLocation,
  boardProgram,
  PLACES,
  setRules,
  setShopperProfile,
} from '../test/shopboard-fixtures.js';
import { MSG_NO_HOME } from './shopboard.js';
import { MSG_VISIT_TAKEN } from './visits.js';

const t = setupTestApp();

const BOARD = `query ($radius: Float, $lat: Float, $lng: Float, $sort: ShopboardSort, $dueTo: String, $minPay: Int, $offset: Int, $limit: Int) {
  shopboard(radiusMiles: $radius, latitude: $lat, longitude: $lng, sort: $sort, dueTo: $dueTo, minPay: $minPay, offset: $offset, limit: $limit) {
    hasMore origin radiusMiles
    items { _id city locationName distanceMiles direction earliestDate dueDate fee reimbursement questionCount estimatedMinutes }
  } }`;
const ACCEPT = `mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }`;

type Item = {
  _id: string;
  city: string;
  distanceMiles: number;
  dueDate: string;
  fee: number;
  reimbursement: number;
};
const board = async (token: string, vars: Record<string, unknown> = {}) => {
  const res = await t.gql(BOARD, vars, { token });
  expect(res.errors).toBeUndefined();
  return res.data.shopboard as { hasMore: boolean; origin: string; items: Item[] };
};
const accept = (token: string, id: string) => t.gql(ACCEPT, { id }, { token });
const refusal = (res: { errors?: { message: string }[] }) => res.errors?.[0]?.message;

let program: BoardProgram;
let sam: { token: string; id: string };
let at: Record<keyof typeof PLACES, Awaited<ReturnType<typeof boardLocation>>>;

beforeEach(async () => {
  await t.resetDb();
  program = await boardProgram(t.db);
  at = {} as typeof at;
  let day = 1;
  for (const [key, place] of Object.entries(PLACES)) {
    at[key as keyof typeof PLACES] = await boardLocation(t.db, program, place, {
      due: `2026-12-${String(30 - day++).padStart(2, '0')}`,
      reimbursement: 1000 * day,
    });
  }
  sam = await registerShopper(t, 'sam@example.test');
  await setShopperProfile(t.db, sam.id, PLACES.austin);
});

describe('the shopboard: distance in SQL', () => {
  it('lists the open visits within the radius of home, nearest first, with the distances of a known table', async () => {
    const near = await board(sam.token, { radius: 30 });
    expect(near.origin).toBe('home');
    expect(near.items.map((i) => i.city)).toEqual(['Austin', 'Round Rock', 'San Marcos']);
    const wide = await board(sam.token, { radius: 200 });
    expect(wide.items.map((i) => i.city)).toEqual([
      'Austin',
      'Round Rock',
      'San Marcos',
      'San Antonio',
      'Houston',
      'Dallas',
    ]);
    for (const item of wide.items) {
      const place = Object.values(PLACES).find((p) => p.city === item.city)!;
      expect(item.distanceMiles).toBeCloseTo(distanceMiles(PLACES.austin, place), 0);
    }
    expect(wide.items.map((i) => i.distanceMiles)).toEqual([0, 17.1, 29.1, 73.6, 146.2, 182.1]);
    expect((await board(sam.token, { radius: 180 })).items.map((i) => i.city)).not.toContain('Dallas');
  });

  it("measures from the browser's point when given, and stores nothing of it", async () => {
    const res = await board(sam.token, {
      radius: 10,
      lat: PLACES.houston.latitude,
      lng: PLACES.houston.longitude,
    });
    expect(res.origin).toBe('current');
    expect(res.items.map((i) => i.city)).toEqual(['Houston']);
    const [profile] = await t.db.select().from(shopperProfiles).where(eq(shopperProfiles.userId, sam.id));
    expect([profile!.latitude, profile!.longitude]).toEqual([
      PLACES.austin.latitude,
      PLACES.austin.longitude,
    ]);
  });

  it('filters by due date and pay, sorts by due date or pay, and pages with hasMore', async () => {
    const byDue = await board(sam.token, { radius: 200, sort: 'dueDate' });
    expect(byDue.items.map((i) => i.dueDate)).toEqual([...byDue.items.map((i) => i.dueDate)].sort());
    const byPay = await board(sam.token, { radius: 200, sort: 'pay' });
    const pays = byPay.items.map((i) => i.fee + i.reimbursement);
    expect(pays).toEqual([...pays].sort((a, b) => b - a));
    const dueTo = byDue.items[2]!.dueDate;
    expect((await board(sam.token, { radius: 200, dueTo })).items).toHaveLength(3);
    const minPay = pays[1]!;
    expect((await board(sam.token, { radius: 200, minPay })).items).toHaveLength(2);
    const first = await board(sam.token, { radius: 200, limit: 4 });
    const second = await board(sam.token, { radius: 200, limit: 4, offset: 4 });
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect([...first.items, ...second.items].map((i) => i.city)).toEqual(wide());
    function wide() {
      return ['Austin', 'Round Rock', 'San Marcos', 'San Antonio', 'Houston', 'Dallas'];
    }
  });

  it('gives the area, the window, the pay and the length, never the street address', async () => {
    const res = await t.gql(
      `query { shopboard(radiusMiles: 5) { items { city state direction areaLatitude earliestDate dueDate fee reimbursement questionCount estimatedMinutes } } }`,
      {},
      { token: sam.token },
    );
    const [item] = res.data.shopboard.items;
    expect(item).toMatchObject({ city: 'Austin', state: 'TX', fee: 1000, areaLatitude: 30.27 });
    expect(item.questionCount).toBeGreaterThan(0);
    expect(item.estimatedMinutes).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(res.data)).not.toContain('100 Main St');
  });

  it('asks for a home or a point when the shopper has neither, and refuses bad filters by name', async () => {
    const ana = await registerShopper(t, 'ana@example.test');
    await t.db.delete(shopperProfiles).where(eq(shopperProfiles.userId, ana.id));
    const res = await t.gql(BOARD, {}, { token: ana.token });
    expect(res.errors?.[0]?.message).toBe(MSG_NO_HOME);
    const bad = await t.gql(BOARD, { radius: 900 }, { token: sam.token });
    expect(bad.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'radiusMiles', message: expect.any(String) },
    ]);
  });

  it('is for shoppers only: anonymous and customers are refused', async () => {
    expect((await t.gql(BOARD, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await createUser(t.db, { email: 'cathy@example.test', password: 'password123' });
    const customer = await t.login('cathy@example.test', 'password123');
    expect((await t.gql(BOARD, {}, { token: customer })).errors?.[0]?.message).toBe('Not Authorized');
  });

  it('places a new shopper at sign-up from their address (built-in places without a geocoder point)', async () => {
    const res = await t.gql(
      `mutation ($input: ShopperRegisterInput!) { registerShopper(input: $input) { user { _id } } }`,
      {
        input: {
          email: 'new@example.test',
          password: 'secret-pass',
          firstName: 'New',
          lastName: 'Shopper',
          phone: '(512)-555-0101',
          line1: '500 Elm St',
          city: 'Round Rock',
          state: 'TX',
          postalCode: '78664',
          hasCar: true,
        },
      },
    );
    expect(res.errors).toBeUndefined();
    const [p] = await t.db
      .select()
      .from(shopperProfiles)
      .where(eq(shopperProfiles.userId, res.data.registerShopper.user._id));
    expect(p).toMatchObject({ line1: '500 Elm St', postalCode: '78664', hasCar: true });
    expect(distanceMiles(p as { latitude: number; longitude: number }, PLACES.roundRock)).toBeLessThan(3);
  });
});

describe('who may take what', () => {
  it('hides visits whose requirements the shopper does not meet, and refuses to accept them', async () => {
    await setRules(t.db, program.qid, { requiresCar: true, minRating: 7 });
    expect((await board(sam.token, { radius: 30 })).items).toEqual([]);
    const refused = await accept(sam.token, at.austin.visitIds[0]!);
    expect(refusal(refused)).toBe(
      'This visit needs a shopper with a car. If you have one, say so on your profile.',
    );
    await setShopperProfile(t.db, sam.id, { ...PLACES.austin, hasCar: true });
    expect(refusal(await accept(sam.token, at.austin.visitIds[0]!))).toBe(
      'This visit needs a shopper rating of 7 or more; you have no rating yet.',
    );
    await setShopperProfile(t.db, sam.id, { ...PLACES.austin, hasCar: true, shopperRating: 8.2 });
    expect((await board(sam.token, { radius: 30 })).items).toHaveLength(3);
    expect((await accept(sam.token, at.austin.visitIds[0]!)).errors).toBeUndefined();
  });

  it('checks age, gender and certification', async () => {
    await setRules(t.db, program.qid, { minAge: 21, gender: 'female' });
    expect((await board(sam.token, { radius: 30 })).items).toEqual([]);
    expect(refusal(await accept(sam.token, at.austin.visitIds[0]!))).toBe(
      'This visit is for shoppers aged 21 or over. Add your birth year on your profile.',
    );
    const admin = await createUser(t.db, {
      email: 'root@example.test',
      admin: true,
      password: 'password123',
    });
    const adminToken = await t.login(admin.email, 'password123');
    const cert = await t.gql(
      `mutation { addCertification(input: { name: "Alcohol compliance" }) { _id name } }`,
      {},
      { token: adminToken },
    );
    const certificationId = cert.data.addCertification._id;
    const saved = await t.gql(
      `mutation ($qid: String!, $c: String) { saveQuestionnaireShopperRules(qid: $qid, input: { minAge: 21, maxAge: 60, gender: "female", certificationId: $c }) { minAge maxAge gender certificationId } }`,
      { qid: program.qid, c: certificationId },
      { token: adminToken },
    );
    expect(saved.data.saveQuestionnaireShopperRules).toEqual({
      minAge: 21,
      maxAge: 60,
      gender: 'female',
      certificationId,
    });
    await t.gql(
      `mutation ($input: ShopperProfileInput!) { updateShopperProfile(input: $input) { homePlaced } }`,
      { input: { line1: '1 Congress Ave', city: 'Austin', state: 'TX', gender: 'female', birthYear: 1990 } },
      { token: sam.token },
    );
    expect(refusal(await accept(sam.token, at.austin.visitIds[0]!))).toBe(
      'This visit needs the Alcohol compliance certification.',
    );
    const granted = await t.gql(
      `mutation ($c: String!) { setShopperCertification(email: "sam@example.test", certificationId: $c, held: true) { holders } }`,
      { c: certificationId },
      { token: adminToken },
    );
    expect(granted.data.setShopperCertification.holders).toBe(1);
    expect((await board(sam.token, { radius: 30 })).items).toHaveLength(3);
    // The rules are the admin's: a shopper cannot read or set them.
    expect(
      (
        await t.gql(
          `query ($q: String!) { questionnaireShopperRules(qid: $q) { qid } }`,
          { q: program.qid },
          { token: sam.token },
        )
      ).errors?.[0]?.message,
    ).toBe('Not Authorized');
  });
});

describe('rotation rules, enforced when accepting', () => {
  it('refuses a second visit to the same location within N days, with the days since the last', async () => {
    await setRules(t.db, program.qid, { locationGapDays: 30 });
    const two = await boardLocation(t.db, program, PLACES.austin, { name: 'Taco Shack Twin', count: 2 });
    expect((await accept(sam.token, two.visitIds[0]!)).errors).toBeUndefined();
    expect(refusal(await accept(sam.token, two.visitIds[1]!))).toBe(
      'You visited this location today; this program allows one visit every 30 days.',
    );
    await t.db
      .update(evaluations)
      .set({ createdAt: new Date(Date.now() - 12 * 86_400_000 - 60_000) })
      .where(eq(evaluations.userId, sam.id));
    expect(refusal(await accept(sam.token, two.visitIds[1]!))).toBe(
      'You visited this location 12 days ago; this program allows one visit every 30 days.',
    );
    await t.db
      .update(evaluations)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(evaluations.userId, sam.id));
    expect((await accept(sam.token, two.visitIds[1]!)).errors).toBeUndefined();
  });

  it('one shopper in two sessions accepting two visits of one location at once: one is refused', async () => {
    await setRules(t.db, program.qid, { locationGapDays: 30 });
    const two = await boardLocation(t.db, program, PLACES.austin, { name: 'Taco Shack Twin', count: 2 });
    const other = await t.login('sam@example.test', 'secret-pass');
    const results = await Promise.all([accept(sam.token, two.visitIds[0]!), accept(other, two.visitIds[1]!)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(refusal(results.find((r) => r.errors)!)).toMatch(
      /^You visited this location today; this program allows one visit every 30 days\.$/,
    );
    expect(await t.db.select().from(evaluations).where(eq(evaluations.userId, sam.id))).toHaveLength(1);
  });

  it('at most M visits per shopper per program per cycle, also for two sessions at once', async () => {
    await setRules(t.db, program.qid, { maxVisitsPerCycle: 1 });
    const other = await t.login('sam@example.test', 'secret-pass');
    const results = await Promise.all([
      accept(sam.token, at.austin.visitIds[0]!),
      accept(other, at.roundRock.visitIds[0]!),
    ]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(refusal(results.find((r) => r.errors)!)).toBe(
      'You already have 1 visit of this program this cycle; it allows one visit per shopper per cycle.',
    );
    // Another cycle of the same program is another count.
    const next = await boardLocation(t.db, program, PLACES.sanMarcos, {
      cycleStart: '2026-12-01',
      name: 'Next cycle',
    });
    expect((await accept(sam.token, next.visitIds[0]!)).errors).toBeUndefined();
  });

  it('two shoppers accepting at once under both rotation rules: each rule counts per shopper, so both get one, and neither a second', async () => {
    await setRules(t.db, program.qid, { locationGapDays: 30, maxVisitsPerCycle: 1 });
    const ana = await registerShopper(t, 'ana@example.test');
    await setShopperProfile(t.db, ana.id, PLACES.austin);
    const two = await boardLocation(t.db, program, PLACES.austin, { name: 'Taco Shack Twin', count: 2 });
    const results = await Promise.all([
      accept(sam.token, two.visitIds[0]!),
      accept(ana.token, two.visitIds[1]!),
    ]);
    expect(results.map((r) => r.errors)).toEqual([undefined, undefined]);
    // A second visit of the program this cycle, elsewhere, for each at once: both refused by the count.
    const again = await Promise.all([
      accept(sam.token, at.roundRock.visitIds[0]!),
      accept(ana.token, at.sanMarcos.visitIds[0]!),
    ]);
    expect(again.map(refusal)).toEqual([
      'You already have 1 visit of this program this cycle; it allows one visit per shopper per cycle.',
      'You already have 1 visit of this program this cycle; it allows one visit per shopper per cycle.',
    ]);
  });

  it('two shoppers accepting one visit at once: one gets it, the other is told it is taken', async () => {
    const ana = await registerShopper(t, 'ana@example.test');
    await setShopperProfile(t.db, ana.id, PLACES.austin);
    const id = at.austin.visitIds[0]!;
    const results = await Promise.all([accept(sam.token, id), accept(ana.token, id)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(refusal(results.find((r) => r.errors)!)).toBe(MSG_VISIT_TAKEN);
    const [v] = await t.db.select().from(visits).where(eq(visits.id, id));
    expect([sam.id, ana.id]).toContain(v!.shopperId);
  });
});
