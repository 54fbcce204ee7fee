import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, weightedRating } from '../../domain/index.js';
import { EvaluationStatus as S, VisitStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { createAdapters } from '../adapters/index.js';
import { smtpMail } from '../adapters/mail.js';
import {
  evaluations,
  locations,
  questionnaireShopperRules,
  shopperOfferSettings,
  shopperProfiles,
  shops,
  users,
  visitHolds,
  visits,
} from '../db/schema.js';
import { queueDueRuns } from '../jobs/scheduler.js';
import { backgroundMailDeps } from '../notifications/notify.js';
import { publish, registerShopper, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, placedOrderOf } from '../test/order-wizard.js';
import { runVisitOffers } from './offers.js';

// The supply side (issue 47, h47b): deadline release by the scheduled job, offers batching, direct
// assignment and its authorization, the rating.

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let sam: { token: string; id: string };

const OPEN = 'query { openVisits { _id dueDate } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }';
const SAVE =
  'mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { _id } }';
const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { _id } }';
const START = 'mutation ($id: String!) { startReview(_id: $id) { _id } }';
const APPROVE = `mutation ($id: String!, $grade: Int, $why: String) {
  approveEvaluation(_id: $id, grade: $grade, gradeReason: $why) { _id status } }`;
const STANDING = `query { myStanding { rating grades reliability outcomes explanation
  outcomeCounts { outcome count } holds { evaluationId submitBy extensionState } } }`;
const ASSIGN = `mutation ($ids: [String!]!, $shopperId: String, $reason: String!) {
  assignVisits(visitIds: $ids, shopperId: $shopperId, reason: $reason) { visitIds evaluationIds } }`;
const HISTORY =
  'query ($id: String!) { visitHistory(visitId: $id) { action label actorName shopperName reason } }';
const ASK = `mutation ($id: String!, $days: Int!, $reason: String!) {
  requestVisitExtension(evaluationId: $id, days: $days, reason: $reason) }`;
const DECIDE = `mutation ($id: String!, $grant: Boolean!) { decideVisitExtension(visitId: $id, grant: $grant, reason: "ok") }`;

const as = (who: { token: string }) => ({ token: who.token });
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

/** The shopper's home point (the profile's), or none. */
const home = (id: string, point: { latitude: number; longitude: number } | null) =>
  t.db
    .update(shopperProfiles)
    .set(point ?? { latitude: null, longitude: null })
    .where(eq(shopperProfiles.userId, id));

async function staff(email: string, roles: string[], admin = false) {
  const u = await createUser(t.db, { email, roles, admin, password: 'password123' });
  return { id: u.id, token: await t.login(email, 'password123') };
}

async function openVisits(who: { token: string }) {
  const res = await t.gql(OPEN, {}, as(who));
  expect(res.errors).toBeUndefined();
  return res.data.openVisits as { _id: string; dueDate: string }[];
}

async function accept(who: { token: string }, visitId: string) {
  const res = await t.gql(ACCEPT, { id: visitId }, as(who));
  expect(res.errors).toBeUndefined();
  return res.data.acceptVisit._id as string;
}

const outbox = (kind: string) =>
  t.rows<{ to: string; subject: string; text: string; headers: Record<string, string> | null }>(
    sql`select "to", subject, text, headers from outbox_emails where kind = ${kind} order by "to"`,
  );

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
  sam = await registerShopper(t, 'sam@example.test');
  await placedOrderOf(t, c, p.alice.token);
  await t.db
    .update(locations)
    .set({ ...AUSTIN, searchLatitude: AUSTIN.latitude, searchLongitude: AUSTIN.longitude });
  await home(sam.id, null);
});

describe('deadlines', () => {
  it('releases a visit not submitted by its due date when the scheduled job runs on a later day, tells the shopper, and counts it against reliability', async () => {
    const [visit] = await openVisits(sam);
    const evaluationId = await accept(sam, visit!._id);
    const [hold] = await t.db.select().from(visitHolds).where(eq(visitHolds.visitId, visit!._id));
    expect(hold!.submitBy).toBe(visit!.dueDate);

    // The day of the deadline: nothing happens.
    const onTheDay = new Date(`${visit!.dueDate}T12:00:00Z`);
    await queueDueRuns(t.db, [{ job: 'visit-deadlines', at: '00:15' }], onTheDay);
    const queue = await t.jobQueue();
    await queue.drain({ only: ['visit-deadlines'] });
    expect((await t.db.select().from(visits).where(eq(visits.id, visit!._id)))[0]!.status).toBe(
      VisitStatus.InProgress,
    );

    // The clock moves to the next day: the scheduled run releases it.
    const dayAfter = new Date(`${addDays(visit!.dueDate, 1)}T00:20:00Z`);
    expect(await queueDueRuns(t.db, [{ job: 'visit-deadlines', at: '00:15' }], dayAfter)).toEqual([
      `schedule:visit-deadlines:${addDays(visit!.dueDate, 1)}`,
    ]);
    expect(await queue.drain({ only: ['visit-deadlines'] })).toBe(1);
    const [after] = await t.db.select().from(visits).where(eq(visits.id, visit!._id));
    expect(after).toMatchObject({ status: VisitStatus.Open, shopperId: null });
    const [evaluation] = await t.db.select().from(evaluations).where(eq(evaluations.id, evaluationId));
    expect(evaluation!.status).toBe(S.Expired);
    expect(await t.db.select().from(visitHolds)).toEqual([]);

    const admin = await staff('desk@example.test', ['scheduler']);
    const history = (await t.gql(HISTORY, { id: visit!._id }, as(admin))).data.visitHistory;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['accepted', 'deadline-released']);
    expect(history[1]).toMatchObject({ actorName: 'the system', shopperName: 'Sam Shopper' });

    // The shopper is told once, however often the event is relayed.
    await t.relayEvents();
    await t.relayEvents();
    const mails = await outbox('visit-released');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('sam@example.test');
    expect(mails[0]!.text).toContain(`was not submitted by ${visit!.dueDate}`);

    const standing = (await t.gql(STANDING, {}, as(sam))).data.myStanding;
    expect(standing).toMatchObject({
      reliability: 0,
      outcomes: 1,
      outcomeCounts: [{ outcome: 'expired', count: 1 }],
    });
    expect(standing.explanation).toContain('reliability');

    // Released visits are on the board again.
    expect((await openVisits(sam)).map((v) => v._id)).toContain(visit!._id);
  });

  it("takes the questionnaire's days after accepting when they come first, and lets the shopper ask once for an extension the scheduler grants", async () => {
    const [visit] = await openVisits(sam);
    await t.db.execute(sql`update questionnaires set submit_within_days = 2`);
    const evaluationId = await accept(sam, visit!._id);
    const today = new Date().toISOString().slice(0, 10);
    const [hold] = await t.db.select().from(visitHolds).where(eq(visitHolds.visitId, visit!._id));
    expect(hold!.submitBy).toBe([addDays(today, 2), visit!.dueDate].sort()[0]);

    const bad = await t.gql(ASK, { id: evaluationId, days: 0, reason: 'Sick' }, as(sam));
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'days' });
    expect((await t.gql(ASK, { id: evaluationId, days: 3, reason: 'Sick' }, as(sam))).errors).toBeUndefined();
    const again = await t.gql(ASK, { id: evaluationId, days: 3, reason: 'Still sick' }, as(sam));
    expect(again.errors?.[0]?.message).toBe('You have already asked for an extension of this visit.');

    // Only a scheduler decides.
    expect((await t.gql(DECIDE, { id: visit!._id, grant: true }, as(sam))).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    const desk = await staff('desk@example.test', ['scheduler']);
    expect((await t.gql(DECIDE, { id: visit!._id, grant: true }, as(desk))).errors).toBeUndefined();
    const [granted] = await t.db.select().from(visitHolds).where(eq(visitHolds.visitId, visit!._id));
    expect(granted).toMatchObject({ extensionState: 'granted', submitBy: addDays(hold!.submitBy, 3) });
    const history = (await t.gql(HISTORY, { id: visit!._id }, as(desk))).data.visitHistory;
    expect(history.map((h: { action: string }) => h.action)).toEqual([
      'accepted',
      'extension-requested',
      'extension-granted',
    ]);
  });
});

describe('offers', () => {
  it('e-mails each nearby shopper who wants offers once a day, listing the visits that opened near them', async () => {
    const near = await registerShopper(t, 'near@example.test');
    const far = await registerShopper(t, 'far@example.test');
    const off = await registerShopper(t, 'off@example.test');
    const nowhere = await registerShopper(t, 'nowhere@example.test');
    await home(near.id, { latitude: 30.3, longitude: -97.75 }); // ~2 mi
    await home(far.id, { latitude: 32.7767, longitude: -96.797 }); // Dallas
    await home(off.id, { latitude: 30.3, longitude: -97.75 });
    await t.db.insert(shopperOfferSettings).values({ shopperId: off.id, receiveOffers: false });
    await home(nowhere.id, null); // no home point: no offers

    const deps = backgroundMailDeps(t.makeConfig(), createAdapters(t.makeConfig()));
    const now = new Date();
    const first = await runVisitOffers(t.db, deps, now);
    expect(first.emails).toBe(1);
    const mails = await outbox('visit-offers');
    expect(mails.map((m) => m.to)).toEqual(['near@example.test']);
    expect(mails[0]!.text).toMatch(/Austin TX \(\d+(\.\d)? mi\)/);
    expect(mails[0]!.headers?.['List-Unsubscribe']).toContain('/unsubscribe/');

    // A visit given back the same day: no second e-mail today; the next day's run lists it.
    const [visit] = await openVisits(sam);
    const id = await accept(sam, visit!._id);
    expect(
      (await t.gql('mutation ($id: String!) { releaseEvaluation(_id: $id) { _id } }', { id }, as(sam)))
        .errors,
    ).toBeUndefined();
    const later = new Date(now.getTime() + 60_000);
    expect((await runVisitOffers(t.db, deps, later)).emails).toBe(0);
    expect(await outbox('visit-offers')).toHaveLength(1);
    const tomorrow = new Date(now.getTime() + 86_400_000);
    const next = await runVisitOffers(t.db, deps, tomorrow);
    expect(next.emails).toBe(1);
    expect(await outbox('visit-offers')).toHaveLength(2);
    // Nothing new since: nothing the day after.
    expect((await runVisitOffers(t.db, deps, new Date(tomorrow.getTime() + 86_400_000))).emails).toBe(0);
  });

  it('lists, in one e-mail per shopper, every visit that opened near them', async () => {
    const near = await registerShopper(t, 'near@example.test');
    await home(near.id, { latitude: 30.3, longitude: -97.75 });
    const open = await openVisits(sam);
    expect(open.length).toBeGreaterThan(1);
    const deps = backgroundMailDeps(t.makeConfig(), createAdapters(t.makeConfig()));
    expect(await runVisitOffers(t.db, deps, new Date())).toMatchObject({ emails: 1, shoppers: 1 });
    const [mail] = await outbox('visit-offers');
    expect(mail!.subject).toBe(`${open.length} new visits near you`);
    expect(mail!.text.split('\n').filter((l) => l.startsWith('- '))).toHaveLength(open.length);
  });

  it('with a mail server, records each offers e-mail as pending with one delivery job, in the batch, and none twice', async () => {
    const shoppers = [];
    for (const n of [1, 2, 3]) {
      const s = await registerShopper(t, `near${n}@example.test`);
      await home(s.id, { latitude: 30.3, longitude: -97.75 });
      shoppers.push(s);
    }
    const config = t.makeConfig();
    const mail = smtpMail('smtp://127.0.0.1:1', 'Customer Optix <no-reply@customer-optix.test>');
    const deps = backgroundMailDeps(config, { ...createAdapters(config), mail });
    const now = new Date();
    expect((await runVisitOffers(t.db, deps, now)).emails).toBe(3);
    const jobs = () =>
      t.rows<{ n: number }>(sql`select count(*)::int as n from pgboss.job j
        join outbox_emails o on o.id = j.data->>'outboxId' and o.kind = 'visit-offers'
        where j.name = 'mail-delivery' and o.status = 'pending'`);
    expect((await jobs())[0]!.n).toBe(3);
    // The same messages again (their dedup keys): nothing recorded, no job queued.
    await t.db.update(shopperOfferSettings).set({ lastOfferedAt: null });
    expect(await runVisitOffers(t.db, deps, new Date(now.getTime() + 60_000))).toMatchObject({
      shoppers: 3,
      emails: 0,
    });
    expect(await outbox('visit-offers')).toHaveLength(3);
    expect((await jobs())[0]!.n).toBe(3);
  });

  it("offers a visit only to shoppers who meet its questionnaire's requirements, as the shopboard shows it", async () => {
    const withCar = await registerShopper(t, 'car@example.test');
    const noCar = await registerShopper(t, 'nocar@example.test');
    const young = await registerShopper(t, 'young@example.test');
    for (const s of [withCar, noCar, young]) await home(s.id, { latitude: 30.3, longitude: -97.75 });
    await t.db.update(shopperProfiles).set({ hasCar: true }).where(eq(shopperProfiles.userId, withCar.id));
    await t.db.update(shopperProfiles).set({ hasCar: true }).where(eq(shopperProfiles.userId, young.id));
    const year = new Date().getUTCFullYear();
    await t.db
      .update(users)
      .set({ birthYear: year - 30 })
      .where(eq(users.id, withCar.id));
    await t.db
      .update(users)
      .set({ birthYear: year - 18 })
      .where(eq(users.id, young.id));
    await t.db
      .update(users)
      .set({ birthYear: year - 30 })
      .where(eq(users.id, noCar.id));
    for (const { qid } of await t.db.selectDistinct({ qid: shops.qid }).from(shops))
      await t.db.insert(questionnaireShopperRules).values({ qid, requiresCar: true, minAge: 21 });

    // The shopboard's own answer for each: only the shopper with a car, of age, sees the visits.
    const board = 'query { shopboard(radiusMiles: 25) { items { _id } } }';
    const seen = async (who: { token: string }) =>
      ((await t.gql(board, {}, as(who))).data.shopboard.items as unknown[]).length;
    expect(await seen(withCar)).toBeGreaterThan(0);
    expect(await seen(noCar)).toBe(0);
    expect(await seen(young)).toBe(0);

    const deps = backgroundMailDeps(t.makeConfig(), createAdapters(t.makeConfig()));
    expect((await runVisitOffers(t.db, deps, new Date())).emails).toBe(1);
    expect((await outbox('visit-offers')).map((m) => m.to)).toEqual(['car@example.test']);
  });

  it('is queued by the event of an opening, through the subscriber, once per 10-minute window', async () => {
    await t.relayEvents();
    await t.relayEvents();
    const jobs = await t.rows<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'visit-offers'`,
    );
    expect(jobs[0]!.n).toBe(1);
  });
});

describe('the scheduler’s desk', () => {
  it('lets schedulers and admins assign a visit to a chosen shopper, and nobody else; each action is in the history', async () => {
    const pat = await registerShopper(t, 'pat@example.test');
    const [visit] = await openVisits(sam);
    await accept(sam, visit!._id);
    const vars = { ids: [visit!._id], shopperId: pat.id, reason: 'Sam is silent' };

    const proofer = await staff('proofer@example.test', ['proofer']);
    for (const who of [sam, pat, p.alice, p.bob, proofer]) {
      const res = await t.gql(ASSIGN, vars, as(who));
      expect(res.errors?.[0]?.message).toBe('Not Authorized');
    }
    expect((await t.gql(ASSIGN, vars)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await t.db.select().from(visits).where(eq(visits.id, visit!._id)))[0]!.shopperId).toBe(sam.id);

    const desk = await staff('desk@example.test', ['scheduler', 'employee']);
    const noReason = await t.gql(ASSIGN, { ...vars, reason: ' ' }, as(desk));
    expect(noReason.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'reason' });
    const res = await t.gql(ASSIGN, vars, as(desk));
    expect(res.errors).toBeUndefined();
    const [after] = await t.db.select().from(visits).where(eq(visits.id, visit!._id));
    expect(after).toMatchObject({ status: VisitStatus.InProgress, shopperId: pat.id });
    const history = (await t.gql(HISTORY, { id: visit!._id }, as(desk))).data.visitHistory;
    expect(history.map((h: { action: string }) => h.action)).toEqual(['accepted', 'reassigned', 'assigned']);
    expect(history[2]).toMatchObject({ reason: 'Sam is silent', shopperName: 'Sam Shopper' });
    // The shopper taken off it is not marked down for it.
    expect((await t.gql(STANDING, {}, as(sam))).data.myStanding.outcomes).toBe(0);
    // Customers never read the history.
    expect((await t.gql(HISTORY, { id: visit!._id }, as(p.alice))).errors?.[0]?.message).toBe(
      'Not Authorized',
    );

    const admin = await staff('root@example.test', [], true);
    const back = await t.gql(ASSIGN, { ids: [visit!._id], reason: 'Back to the board' }, as(admin));
    expect(back.errors).toBeUndefined();
    expect((await t.db.select().from(visits).where(eq(visits.id, visit!._id)))[0]!.status).toBe(
      VisitStatus.Open,
    );

    const deskRows = (
      await t.gql('query { schedulerDesk { programName region open accepted late fillRate } }', {}, as(desk))
    ).data.schedulerDesk;
    expect(deskRows.length).toBeGreaterThan(0);
    expect(deskRows[0].region).toBe('TX');
  });

  it('finds shoppers near the visit, nearest first, with their rating', async () => {
    const near = await registerShopper(t, 'near@example.test');
    const far = await registerShopper(t, 'far@example.test');
    await home(near.id, { latitude: 30.3, longitude: -97.75 });
    await home(far.id, { latitude: 32.7767, longitude: -96.797 });
    await home(sam.id, { latitude: 30.5, longitude: -97.7 });
    const [visit] = await openVisits(sam);
    const desk = await staff('desk@example.test', ['scheduler']);
    const q = 'query ($id: String!, $m: Int) { shoppersForVisit(visitId: $id, maxMiles: $m) { name miles } }';
    const found = (await t.gql(q, { id: visit!._id, m: 50 }, as(desk))).data.shoppersForVisit;
    expect(found.map((f: { miles: number }) => Math.round(f.miles))).toEqual([2, 16]);
    const wide = (await t.gql(q, { id: visit!._id, m: 300 }, as(desk))).data.shoppersForVisit;
    expect(wide).toHaveLength(3);

    // Each says whether the shopper may take it, in the words the accept refuses with.
    const [shop] = await t.db
      .select({ qid: shops.qid })
      .from(visits)
      .innerJoin(shops, eq(shops.id, visits.shopId))
      .where(eq(visits.id, visit!._id));
    await t.db.insert(questionnaireShopperRules).values({ qid: shop!.qid, requiresCar: true });
    await t.db
      .insert(shopperProfiles)
      .values({ userId: near.id, hasCar: true })
      .onConflictDoUpdate({ target: shopperProfiles.userId, set: { hasCar: true } });
    const q2 = 'query ($id: String!) { shoppersForVisit(visitId: $id, maxMiles: 300) { name unmet } }';
    const eligible = (await t.gql(q2, { id: visit!._id }, as(desk))).data.shoppersForVisit;
    expect(eligible.filter((e: { unmet: string | null }) => e.unmet === null)).toHaveLength(1);
    expect(
      eligible
        .filter((e: { unmet: string | null }) => e.unmet !== null)
        .map((e: { unmet: string }) => e.unmet),
    ).toEqual([
      'This visit needs a shopper with a car. If you have one, say so on your profile.',
      'This visit needs a shopper with a car. If you have one, say so on your profile.',
    ]);
  });
});

describe('the rating', () => {
  it('is the weighted recent average of QA grades given at approval, explained to the shopper', async () => {
    const proofer = await staff('proofer@example.test', ['proofer']);
    const graded: number[] = [];
    for (const grade of [6, 9]) {
      const [visit] = await openVisits(sam);
      const id = await accept(sam, visit!._id);
      await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 5 } }, as(sam));
      expect((await t.gql(SUBMIT, { id }, as(sam))).errors).toBeUndefined();
      await t.gql(START, { id }, as(proofer));
      const bad = await t.gql(APPROVE, { id, grade: 11, why: 'x' }, as(proofer));
      expect(bad.errors?.[0]?.extensions).toMatchObject({ field: 'grade' });
      const res = await t.gql(
        APPROVE,
        { id, grade, why: grade > 7 ? 'Thorough photos' : 'Late check-out' },
        as(proofer),
      );
      expect(res.errors).toBeUndefined();
      graded.unshift(grade);
    }
    const standing = (await t.gql(STANDING, {}, as(sam))).data.myStanding;
    expect(standing.rating).toBe(weightedRating(graded));
    expect(standing.rating).toBeCloseTo((9 + 6 * 0.9) / 1.9, 1);
    expect(standing).toMatchObject({
      grades: 2,
      reliability: 100,
      outcomeCounts: [{ outcome: 'on-time', count: 2 }],
    });
    // QA sees it; customers do not.
    const q = 'query ($id: String!) { shopperStanding(shopperId: $id) { rating } }';
    expect((await t.gql(q, { id: sam.id }, as(proofer))).data.shopperStanding.rating).toBe(standing.rating);
    expect((await t.gql(q, { id: sam.id }, as(p.alice))).errors?.[0]?.message).toBe('Not Authorized');
  });
});
