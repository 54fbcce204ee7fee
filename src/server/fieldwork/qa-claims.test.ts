import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { EvaluationStatus as S } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { evaluations, locations, users, visits } from '../db/schema.js';
import { publish, registerShopper, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp, TEST_DB } from '../test/harness.js';
import { type Catalogue, catalogue, expectNoChange, placedOrderOf } from '../test/order-wizard.js';
import { MSG_CLAIMED } from './qa-claims.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let shopper: { token: string; id: string };
let pat: { token: string; id: string };
let quinn: { token: string; id: string };

const OPEN = 'query { openVisits { _id dueDate } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }';
const SAVE =
  'mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { _id } }';
const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { _id } }';
const CHECK_IN =
  'mutation ($id: String!, $lat: Float!, $lng: Float!) { checkIn(_id: $id, latitude: $lat, longitude: $lng) { _id } }';
const QUEUE = `query { qaQueue { _id statusName dueDate submittedAt reviewerName reviewedByMe
  proofFlags { code level } } }`;
const CLAIM_NEXT = 'mutation { claimNextEvaluation { _id status reviewedByMe } }';
const START = 'mutation ($id: String!) { startReview(_id: $id) { _id status reviewedByMe } }';
const COMMENT =
  'mutation ($id: String!) { setProofingComment(_id: $id, elementId: "wait", comment: "Check") { _id } }';
const REJECT = 'mutation ($id: String!) { rejectEvaluation(_id: $id, comment: "Fix it") { _id } }';
const APPROVE = 'mutation ($id: String!) { approveEvaluation(_id: $id) { _id status } }';

const as = (who: { token: string }) => ({ token: who.token });
const staff = async (email: string, roles: string[], admin = false) => {
  const u = await createUser(t.db, { email, roles, admin, password: 'password123' });
  return { id: u.id, token: await t.login(email, 'password123') };
};

/** Two submitted evaluations; `first` is of the visit due sooner. */
let first: string;
let second: string;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
  shopper = await registerShopper(t, 'sam@example.test');
  pat = await staff('pat@example.test', ['proofer']);
  quinn = await staff('quinn@example.test', ['proofer']);
  await placedOrderOf(t, c, p.alice.token);
  await t.db.update(locations).set({ latitude: 30.2672, longitude: -97.7431 }); // Austin, TX
  const open = (await t.gql(OPEN, {}, as(shopper))).data.openVisits as { _id: string; dueDate: string }[];
  const ids: string[] = [];
  for (const v of open) {
    const id = (await t.gql(ACCEPT, { id: v._id }, as(shopper))).data.acceptVisit._id as string;
    await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 5 } }, as(shopper));
    ids.push(id);
  }
  [first, second] = ids as [string, string];
  // The first checks in at the location, the second in Dallas (about 300 km away): flagged.
  await t.gql(CHECK_IN, { id: first, lat: 30.2672, lng: -97.7431 }, as(shopper));
  await t.gql(CHECK_IN, { id: second, lat: 32.7767, lng: -96.797 }, as(shopper));
  for (const id of [second, first]) expect((await t.gql(SUBMIT, { id }, as(shopper))).errors).toBeUndefined();
});

const queueIds = async () =>
  ((await t.gql(QUEUE, {}, as(pat))).data.qaQueue as { _id: string }[]).map((e) => e._id);

describe('the QA queue', () => {
  it('sorts by due date, then flagged first, and shows the flags and who is reviewing', async () => {
    expect(await queueIds()).toEqual([first, second]);
    const queue = (await t.gql(QUEUE, {}, as(pat))).data.qaQueue;
    expect(queue[1].proofFlags.map((f: { code: string }) => f.code)).toEqual(['too-far', 'no-check-out']);
    expect(queue[0].submittedAt).toBeTruthy();
    // Same due date: the flagged one comes first.
    const [v1] = await t.db.select().from(visits).where(eq(visits.shopperId, shopper.id));
    await t.db.update(visits).set({ dueDate: v1!.dueDate });
    expect(await queueIds()).toEqual([second, first]);
    await t.db.update(users).set({ firstName: 'Quinn', lastName: 'Reed' }).where(eq(users.id, quinn.id));
    await t.gql(START, { id: first }, as(quinn));
    const rows = (await t.gql(QUEUE, {}, as(pat))).data.qaQueue;
    expect(rows.find((r: { _id: string }) => r._id === first)).toMatchObject({
      statusName: 'Reviewing',
      reviewerName: 'Quinn Reed',
      reviewedByMe: false,
    });
  });

  it('claims the next unclaimed evaluation in that order, then none', async () => {
    expect(await t.gql(CLAIM_NEXT, {}, as(shopper))).toMatchObject({
      errors: [{ message: 'Not Authorized' }],
    });
    expect((await t.gql(CLAIM_NEXT, {})).errors?.[0]?.message).toBe('You must be logged in.');
    expect((await t.gql(CLAIM_NEXT, {}, as(pat))).data.claimNextEvaluation).toEqual({
      _id: first,
      status: S.Reviewing,
      reviewedByMe: true,
    });
    expect((await t.gql(CLAIM_NEXT, {}, as(quinn))).data.claimNextEvaluation._id).toBe(second);
    expect((await t.gql(CLAIM_NEXT, {}, as(quinn))).data.claimNextEvaluation).toBeNull();
  });

  it('refuses another proofer on a claimed evaluation: review, comment, reject and approve', async () => {
    await t.gql(CLAIM_NEXT, {}, as(pat));
    await expectNoChange(t, async () => {
      for (const q of [START, COMMENT, REJECT, APPROVE]) {
        const res = await t.gql(q, { id: first }, as(quinn));
        expect(res.errors?.[0]).toMatchObject({ message: MSG_CLAIMED, extensions: { code: 'CONFLICT' } });
      }
    });
    // The holder goes on.
    expect((await t.gql(COMMENT, { id: first }, as(pat))).errors).toBeUndefined();
    expect((await t.gql(APPROVE, { id: first }, as(pat))).data.approveEvaluation.status).toBe(S.Approved);
  });

  it('lets another proofer take over a claim older than 30 minutes, and an admin at any time', async () => {
    await t.gql(CLAIM_NEXT, {}, as(pat));
    await t.db
      .update(evaluations)
      .set({ reviewClaimedAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(evaluations.id, first));
    expect((await t.gql(START, { id: first }, as(quinn))).errors?.[0]?.message).toBe(MSG_CLAIMED);
    await t.db
      .update(evaluations)
      .set({ reviewClaimedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(evaluations.id, first));
    expect((await t.gql(START, { id: first }, as(quinn))).data.startReview.reviewedByMe).toBe(true);
    expect((await t.gql(APPROVE, { id: first }, as(pat))).errors?.[0]?.message).toBe(MSG_CLAIMED);
    // An admin takes over a fresh claim.
    expect((await t.gql(START, { id: first }, as(p.admin))).data.startReview.reviewedByMe).toBe(true);
    expect((await t.gql(REJECT, { id: first }, as(quinn))).errors?.[0]?.message).toBe(MSG_CLAIMED);
    expect((await t.gql(REJECT, { id: first }, as(p.admin))).errors).toBeUndefined();
  });

  it('never gives two parallel claims the same evaluation (parallel on the pool’s connections on PostgreSQL; PGlite has one and runs them in turn)', async () => {
    const claims = await Promise.all([pat, quinn, pat, quinn].map((who) => t.gql(CLAIM_NEXT, {}, as(who))));
    expect(claims.map((r) => r.errors)).toEqual([undefined, undefined, undefined, undefined]);
    const got = claims.map((r) => r.data.claimNextEvaluation?._id).filter(Boolean);
    expect(got.sort()).toEqual([first, second].sort());
    const rows = await t.db.select().from(evaluations);
    expect(rows.every((r) => r.status === S.Reviewing && r.reviewerId)).toBe(true);
    if (TEST_DB === 'postgres') {
      // Many more at once, on the real server's connection pool.
      const more = await Promise.all(Array.from({ length: 6 }, () => t.gql(CLAIM_NEXT, {}, as(pat))));
      expect(more.map((r) => r.data.claimNextEvaluation)).toEqual(Array(6).fill(null));
    }
  });
});
