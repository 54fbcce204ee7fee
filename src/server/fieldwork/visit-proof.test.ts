import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { evaluations, locations } from '../db/schema.js';
import { publish, registerShopper, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, expectNoChange, placedOrderOf } from '../test/order-wizard.js';
import { MSG_ALREADY_CHECKED_IN, MSG_ALREADY_CHECKED_OUT, MSG_CHECK_IN_FIRST } from './visit-proof.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let shopper: { token: string; id: string };
let proofer: { token: string; id: string };
let id: string;

// The location: the Eiffel Tower. Check-ins at the Louvre pyramid are about 3.16 km away.
const EIFFEL = { latitude: 48.8584, longitude: 2.2945 };
const NEAR = { latitude: 48.8589, longitude: 2.2951 }; // about 70 m
const LOUVRE = { latitude: 48.8606, longitude: 2.3376 };

const OPEN = 'query { openVisits { _id } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }';
const SAVE =
  'mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { _id } }';
const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { _id status } }';
const PROOF = `_id checkInAt checkOutAt checkInLatitude checkInLongitude distanceMeters durationMinutes
  locationHasCoordinates proofFlags { code level message }`;
const CHECK_IN = `mutation ($id: String!, $lat: Float!, $lng: Float!, $acc: Float) {
  checkIn(_id: $id, latitude: $lat, longitude: $lng, accuracy: $acc) { ${PROOF} } }`;
const CHECK_OUT = `mutation ($id: String!, $lat: Float!, $lng: Float!, $acc: Float) {
  checkOut(_id: $id, latitude: $lat, longitude: $lng, accuracy: $acc) { ${PROOF} } }`;
const READ = `query ($id: String!) { evaluation(_id: $id) { ${PROOF} } }`;

const at = (pos: { latitude: number; longitude: number }, acc: number | null = 15) => ({
  id,
  lat: pos.latitude,
  lng: pos.longitude,
  acc,
});
const as = (who: { token: string }) => ({ token: who.token });
const errorOf = (res: { errors?: { message: string; extensions?: Record<string, unknown> }[] }) => ({
  message: res.errors?.[0]?.message,
  code: res.errors?.[0]?.extensions?.code,
  // The input boundary and the position rule each name the fields; the order is theirs.
  fields: ((res.errors?.[0]?.extensions?.fields ?? []) as { field: string }[]).map((f) => f.field).sort(),
});
/** Moves the recorded check-in back, as if the shopper had checked in `minutes` ago. */
const checkedInAgo = (minutes: number) =>
  t.db
    .update(evaluations)
    .set({ checkInAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(evaluations.id, id));

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
  shopper = await registerShopper(t, 'sam@example.test');
  const staff = await createUser(t.db, {
    email: 'pat@example.test',
    roles: ['proofer'],
    password: 'password123',
  });
  proofer = { id: staff.id, token: await t.login('pat@example.test', 'password123') };
  await placedOrderOf(t, c, p.alice.token);
  await t.db.update(locations).set(EIFFEL);
  const [visit] = (await t.gql(OPEN, {}, as(shopper))).data.openVisits;
  id = (await t.gql(ACCEPT, { id: visit._id }, as(shopper))).data.acceptVisit._id;
});

describe('visit proof', () => {
  it('records check-in and check-out with the server clock and the distance worked out on the server', async () => {
    const before = Date.now();
    const checkedIn = await t.gql(CHECK_IN, at(NEAR), as(shopper));
    expect(checkedIn.errors).toBeUndefined();
    const e = checkedIn.data.checkIn;
    expect(new Date(e.checkInAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(e).toMatchObject({
      checkOutAt: null,
      locationHasCoordinates: true,
      durationMinutes: null,
      proofFlags: [],
    });
    expect(e.checkInLatitude).toBeCloseTo(NEAR.latitude, 4);
    expect(e.distanceMeters).toBeGreaterThan(60);
    expect(e.distanceMeters).toBeLessThan(80);

    await checkedInAgo(25);
    const out = (await t.gql(CHECK_OUT, at(NEAR), as(shopper))).data.checkOut;
    expect(out.durationMinutes).toBe(25);
    expect(out.proofFlags).toEqual([]);
    // QA reads the same.
    const read = (await t.gql(READ, { id }, as(proofer))).data.evaluation;
    expect(read).toMatchObject({ durationMinutes: 25, proofFlags: [] });
  });

  it('flags a check-in far from the location with the reason', async () => {
    const e = (await t.gql(CHECK_IN, at(LOUVRE), as(shopper))).data.checkIn;
    expect(e.distanceMeters).toBeGreaterThan(3100);
    expect(e.distanceMeters).toBeLessThan(3200);
    expect(e.proofFlags).toEqual([
      { code: 'too-far', level: 'flag', message: 'Checked in 3.2 km from the location (limit 500 m).' },
    ]);
  });

  it('flags a short visit', async () => {
    await t.gql(CHECK_IN, at(NEAR), as(shopper));
    await checkedInAgo(4);
    const out = (await t.gql(CHECK_OUT, at(NEAR), as(shopper))).data.checkOut;
    expect(out.durationMinutes).toBe(4);
    expect(out.proofFlags.map((f: { message: string }) => f.message)).toEqual([
      'Visit lasted 4 min (minimum 10 min).',
    ]);
  });

  it('notes a location without coordinates instead of flagging the distance', async () => {
    await t.db.update(locations).set({ latitude: null, longitude: null });
    const e = (await t.gql(CHECK_IN, at(LOUVRE), as(shopper))).data.checkIn;
    expect(e).toMatchObject({ distanceMeters: null, locationHasCoordinates: false });
    expect(e.proofFlags).toEqual([
      {
        code: 'no-coordinates',
        level: 'note',
        message: 'This location has no map coordinates, so the distance could not be checked.',
      },
    ]);
  });

  it('flags a submission without check-in or check-out', async () => {
    await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 5 } }, as(shopper));
    expect((await t.gql(SUBMIT, { id }, as(shopper))).errors).toBeUndefined();
    const e = (await t.gql(READ, { id }, as(proofer))).data.evaluation;
    expect(e.proofFlags.map((f: { code: string }) => f.code)).toEqual(['no-check-in']);
  });

  it('answers the submission with the flags it stores, the ones QA then reads', async () => {
    await t.db.update(locations).set({ latitude: null, longitude: null });
    await t.gql(CHECK_IN, at(NEAR), as(shopper));
    await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 5 } }, as(shopper));
    const submitted = await t.gql(
      `mutation ($id: String!) { submitEvaluation(_id: $id) { proofFlags { code level message } } }`,
      { id },
      as(shopper),
    );
    expect(submitted.errors).toBeUndefined();
    const codes = (flags: { code: string }[]) => flags.map((f) => f.code);
    expect(codes(submitted.data.submitEvaluation.proofFlags)).toEqual(['no-coordinates', 'no-check-out']);
    const read = (await t.gql(READ, { id }, as(proofer))).data.evaluation;
    expect(submitted.data.submitEvaluation.proofFlags).toEqual(read.proofFlags);
  });

  it('refuses out-of-range positions, naming the fields, and changes nothing', async () => {
    await expectNoChange(t, async () => {
      const bad = await t.gql(CHECK_IN, { id, lat: 91, lng: -180.5, acc: -3 }, as(shopper));
      expect(errorOf(bad)).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: ['accuracy', 'latitude', 'longitude'],
      });
    });
    await t.gql(CHECK_IN, at(NEAR), as(shopper));
    await expectNoChange(t, async () => {
      const bad = await t.gql(CHECK_OUT, { id, lat: -90.01, lng: 10, acc: null }, as(shopper));
      expect(errorOf(bad)).toMatchObject({ code: 'BAD_USER_INPUT', fields: ['latitude'] });
    });
  });

  it('refuses a second check-in, a check-out before check-in and a second check-out', async () => {
    await expectNoChange(t, async () => {
      expect(errorOf(await t.gql(CHECK_OUT, at(NEAR), as(shopper)))).toMatchObject({
        code: 'CONFLICT',
        message: MSG_CHECK_IN_FIRST,
      });
    });
    await t.gql(CHECK_IN, at(NEAR), as(shopper));
    await expectNoChange(t, async () => {
      expect(errorOf(await t.gql(CHECK_IN, at(LOUVRE), as(shopper)))).toMatchObject({
        code: 'CONFLICT',
        message: MSG_ALREADY_CHECKED_IN,
      });
    });
    await t.gql(CHECK_OUT, at(NEAR), as(shopper));
    await expectNoChange(t, async () => {
      expect(errorOf(await t.gql(CHECK_OUT, at(NEAR), as(shopper))).message).toBe(MSG_ALREADY_CHECKED_OUT);
    });
  });

  it('lets only the shopper check in; the customer never reads the position', async () => {
    const other = await registerShopper(t, 'cal@example.test');
    await expectNoChange(t, async () => {
      expect(errorOf(await t.gql(CHECK_IN, at(NEAR))).message).toBe('You must be logged in.');
      expect(errorOf(await t.gql(CHECK_IN, at(NEAR), as(other))).message).toBe('Not Authorized');
      expect(errorOf(await t.gql(CHECK_IN, at(NEAR), as(p.alice))).message).toBe('Not Authorized');
      expect(errorOf(await t.gql(CHECK_IN, at(NEAR), as(proofer))).message).toBe('Not Authorized');
    });
    await t.gql(CHECK_IN, at(NEAR), as(shopper));
    expect(errorOf(await t.gql(CHECK_OUT, at(NEAR), as(other))).message).toBe('Not Authorized');
    // Approved: the customer reads the report, but not where or when the shopper was.
    await checkedInAgo(30);
    await t.gql(CHECK_OUT, at(NEAR), as(shopper));
    await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 5 } }, as(shopper));
    await t.gql(SUBMIT, { id }, as(shopper));
    await t.gql('mutation ($id: String!) { startReview(_id: $id) { _id } }', { id }, as(proofer));
    const approved = await t.gql(
      'mutation ($id: String!) { approveEvaluation(_id: $id) { _id } }',
      { id },
      as(proofer),
    );
    expect(approved.errors).toBeUndefined();
    const customer = await t.gql(READ, { id }, as(p.alice));
    expect(customer.errors).toBeUndefined();
    expect(customer.data.evaluation).toEqual({
      _id: id,
      checkInAt: null,
      checkOutAt: null,
      checkInLatitude: null,
      checkInLongitude: null,
      distanceMeters: null,
      durationMinutes: null,
      locationHasCoordinates: null,
      proofFlags: null,
    });
    expect((await t.gql(READ, { id }, as(shopper))).data.evaluation.durationMinutes).toBe(30);
    // Once approved, the shopper cannot check in or out again.
    expect(errorOf(await t.gql(CHECK_OUT, at(NEAR), as(shopper))).code).toBe('CONFLICT');
  });
});
