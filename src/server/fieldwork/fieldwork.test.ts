import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { EvaluationStatus as S, VisitStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import {
  evaluationEvents,
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  locations,
  outboxEmails,
  questionScoreDays,
  sectionScoreDays,
  shopScoreDays,
  surveyLinks,
  users,
  visits,
} from '../db/schema.js';
import { publish, registerShopper, SURVEY_FORM, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import {
  addLocation,
  type Catalogue,
  CHECKOUT,
  cardToken,
  cartWithShop,
  catalogue,
  expectNoChange,
  guestInput,
  placedOrderOf,
  saveShop,
  startCart,
} from '../test/order-wizard.js';
import { shopReportKey } from './emails.js';
import { runVisitScheduling } from './schedule-visits.js';
import { MSG_ALREADY_ANSWERED, MSG_TOO_MANY_RESPONSES, SURVEY_LIMITS } from './surveys.js';
import { MSG_VISIT_ALREADY_YOURS, MSG_VISIT_TAKEN } from './visits.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;

let shopper: { token: string; id: string };
let proofer: { token: string; id: string };

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
  await publish(t, SURVEY_FORM, [c.survey.id]);
  shopper = await registerShopper(t, 'sam@example.test');
  const staff = await createUser(t.db, {
    email: 'pat@example.test',
    roles: ['proofer'],
    password: 'password123',
  });
  proofer = { id: staff.id, token: await t.login('pat@example.test', 'password123') };
});

const OPEN = `query ($state: String) { openVisits(state: $state) { _id dueDate questionnaireTitle locationName state reimbursement } }`;
const ACCEPT = `mutation ($id: String!) { acceptVisit(visitId: $id) { _id status statusName programName locationName dueDate } }`;
const SAVE = `mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { _id status document completion } }`;
const SUBMIT = `mutation ($id: String!) { submitEvaluation(_id: $id) { _id status } }`;
const START_REVIEW = 'mutation ($id: String!) { startReview(_id: $id) { status } }';
const APPROVE = 'mutation ($id: String!) { approveEvaluation(_id: $id) { status percentage } }';
const EVALUATION = `query ($id: String!) { evaluation(_id: $id) { _id status document report percentage events { toStatusName userId comment } } }`;

/** A visit taken by the shopper, answered, submitted and put in review; returns its evaluation id. */
async function inReview(visitId: string, answers: Record<string, unknown>): Promise<string> {
  const id = (await t.gql(ACCEPT, { id: visitId }, { token: shopper.token })).data.acceptVisit._id;
  await t.gql(SAVE, { id, answers }, { token: shopper.token });
  await t.gql(SUBMIT, { id }, { token: shopper.token });
  await t.gql(START_REVIEW, { id }, { token: proofer.token });
  return id;
}

/** Approves, and runs the event log's subscribers (its e-mails, payable and plan) as the workers would. */
async function approve(id: string) {
  const approved = await t.gql(APPROVE, { id }, { token: proofer.token });
  expect(approved.data.approveEvaluation.status).toBe(S.Approved);
  await t.relayEvents();
}

const readyMail = () => t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'report-ready'));

const fields = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  ((res.errors?.[0]?.extensions?.fields ?? []) as { field: string; message: string }[]).map((f) => f.field);

describe('visit scheduling', () => {
  it('creates the visits of a one-time order at checkout, one per shop quantity, in the shop cycle', async () => {
    await placedOrderOf(t, c, p.alice.token); // 2 one-time shops in Austin, TX
    const rows = await t.db.select().from(visits).orderBy(asc(visits.sequence));
    expect(rows.map((v) => [v.sequence, v.status])).toEqual([
      [1, VisitStatus.Open],
      [2, VisitStatus.Open],
    ]);
    expect(rows[1]!.dueDate > rows[0]!.dueDate).toBe(true);
  });

  it('adds recurring cycles with the daily job, once however often it runs; surveys get no visits', async () => {
    const cart = await startCart(t, [c.shop.id, c.survey.id], { token: p.alice.token });
    const locationId = await addLocation(t, cart.oid, { token: p.alice.token });
    await saveShop(
      t,
      {
        oid: cart.oid,
        locationId,
        uqid: cart.uqid(c.shop.id),
        recurring: true,
        frequencyPeriod: 'month',
        frequencyQuantity: 2,
        reimbursement: 3000,
      },
      { token: p.alice.token },
    );
    await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token: p.alice.token });
    const res = await t.gql(
      CHECKOUT,
      {
        oid: cart.oid,
        input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
      },
      { token: p.alice.token },
    );
    expect(res.errors).toBeUndefined();
    const first = await t.db.select().from(visits);
    expect(first).toHaveLength(2);
    const start = new Date(`${first[0]!.cycleStart}T00:00:00Z`);
    const later = new Date(start.getTime() + 70 * 86_400_000);
    const run1 = await runVisitScheduling(t.db, later);
    expect(run1.visits).toBe(4); // two more monthly cycles, 2 visits each
    expect((await runVisitScheduling(t.db, later)).visits).toBe(0);
    expect(new Set((await t.db.select().from(visits)).map((v) => v.cycleStart)).size).toBe(3);
  });

  it('cancelling an active shop cancels its open visits and ends an accepted one as ClientCancelled', async () => {
    const cart = await startCart(t, [c.shop.id], { token: p.alice.token });
    const locationId = await addLocation(t, cart.oid, { token: p.alice.token });
    const shop = await saveShop(
      t,
      {
        oid: cart.oid,
        locationId,
        uqid: cart.uqid(c.shop.id),
        recurring: true,
        frequencyPeriod: 'month',
        frequencyQuantity: 2,
        reimbursement: 3000,
      },
      { token: p.alice.token },
    );
    await t.gql(
      CHECKOUT,
      {
        oid: cart.oid,
        input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
      },
      { token: p.alice.token },
    );
    const [v1] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    const accepted = await t.gql(ACCEPT, { id: v1._id }, { token: shopper.token });
    const cancel = await t.gql(
      'mutation ($id: String!) { cancelActiveShop(_id: $id) { status } }',
      { id: shop._id },
      { token: p.alice.token },
    );
    expect(cancel.errors).toBeUndefined();
    expect((await t.db.select().from(visits)).map((v) => v.status)).toEqual([
      VisitStatus.Cancelled,
      VisitStatus.Cancelled,
    ]);
    const [e] = await t.db
      .select()
      .from(evaluations)
      .where(eq(evaluations.id, accepted.data.acceptVisit._id));
    expect(e!.status).toBe(S.ClientCancelled);
    expect((await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits).toEqual([]);
  });
});

describe('the evaluator and QA flow', () => {
  it('runs a visit from acceptance through rejection, correction and approval to the customer report', async () => {
    const order = await placedOrderOf(t, c, p.alice.token);
    expect(order).toBeTruthy();

    // Shoppers see open visits near them; customers are refused.
    expect((await t.gql(OPEN, {}, { token: p.alice.token })).errors?.[0]?.message).toBe('Not Authorized');
    const open = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    expect(open).toHaveLength(2);
    expect(open[0]).toMatchObject({ questionnaireTitle: 'Dine-In', state: 'TX', reimbursement: 3000 });
    const far = await registerShopper(t, 'cal@example.test', 'CA');
    expect((await t.gql(OPEN, {}, { token: far.token })).data.openVisits).toEqual([]);
    expect((await t.gql(OPEN, { state: 'tx' }, { token: far.token })).data.openVisits).toHaveLength(2);

    // Accepting: once only.
    const accepted = await t.gql(ACCEPT, { id: open[0]._id }, { token: shopper.token });
    expect(accepted.errors).toBeUndefined();
    expect(accepted.data.acceptVisit).toMatchObject({
      statusName: 'Started',
      programName: 'Dine-In',
      locationName: 'Main Street',
      dueDate: open[0].dueDate,
    });
    const id = accepted.data.acceptVisit._id as string;
    const again = await t.gql(ACCEPT, { id: open[0]._id }, { token: far.token });
    expect(again.errors?.[0]?.message).toBe(MSG_VISIT_TAKEN);

    // Others cannot read or change it; the customer cannot read it before approval.
    expect((await t.gql(EVALUATION, { id }, { token: far.token })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    expect((await t.gql(EVALUATION, { id }, { token: p.alice.token })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    expect(
      (await t.gql(SAVE, { id, answers: { greet: 'yes' } }, { token: far.token })).errors?.[0]?.message,
    ).toBe('Not Authorized');

    // A bad answer refuses the whole save, naming the element.
    await expectNoChange(t, async () => {
      const bad = await t.gql(SAVE, { id, answers: { wait: 5, greet: 'maybe' } }, { token: shopper.token });
      expect(fields(bad)).toEqual(['answers.greet']);
    });

    // A hidden question's answer is cleared when its condition goes away.
    const withWhy = await t.gql(
      SAVE,
      { id, answers: { greet: 'no', why: 'Nobody was there' } },
      { token: shopper.token },
    );
    expect(withWhy.data.saveEvaluation.document.answers).toEqual({ greet: 'no', why: 'Nobody was there' });
    const cleared = await t.gql(SAVE, { id, answers: { greet: 'yes' } }, { token: shopper.token });
    expect(cleared.data.saveEvaluation.document.answers).toEqual({ greet: 'yes' });
    expect(cleared.data.saveEvaluation.completion.description).toBe('In Progress');

    // Submitting needs every required answer.
    const early = await t.gql(SUBMIT, { id }, { token: shopper.token });
    expect(fields(early)).toEqual(['answers.wait']);
    // An answer out of range is saved (the page shows its message) but cannot be submitted.
    await t.gql(SAVE, { id, answers: { wait: 500 } }, { token: shopper.token });
    const outOfRange = await t.gql(SUBMIT, { id }, { token: shopper.token });
    expect(outOfRange.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'answers.wait', message: 'Please enter a value between 0 and 120.' },
    ]);
    await t.gql(SAVE, { id, answers: { wait: 12 } }, { token: shopper.token });
    expect((await t.gql(SUBMIT, { id }, { token: shopper.token })).data.submitEvaluation.status).toBe(
      S.Submitted,
    );
    expect(
      (await t.gql(SAVE, { id, answers: { wait: 3 } }, { token: shopper.token })).errors?.[0]?.message,
    ).toBe('This evaluation can no longer be changed.');

    // QA: queue, review, comment, reject (a note is required) -> the shopper is told.
    const QUEUE = 'query { qaQueue { _id statusName programName } }';
    expect((await t.gql(QUEUE, {}, { token: shopper.token })).errors?.[0]?.message).toBe('Not Authorized');
    expect((await t.gql(QUEUE, {}, { token: proofer.token })).data.qaQueue).toEqual([
      { _id: id, statusName: 'Submitted', programName: 'Dine-In' },
    ]);
    const approveEarly = await t.gql(APPROVE, { id }, { token: proofer.token });
    expect(approveEarly.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    await t.gql(START_REVIEW, { id }, { token: proofer.token });
    const comment = await t.gql(
      'mutation ($id: String!) { setProofingComment(_id: $id, elementId: "wait", comment: "Check the receipt time") { document } }',
      { id },
      { token: proofer.token },
    );
    expect(comment.data.setProofingComment.document.proofingComments).toEqual({
      wait: 'Check the receipt time',
    });
    expect(comment.data.setProofingComment.document.answers).toEqual({ greet: 'yes', wait: 12 });
    const REJECT =
      'mutation ($id: String!, $c: String!) { rejectEvaluation(_id: $id, comment: $c) { status } }';
    expect(fields(await t.gql(REJECT, { id, c: '  ' }, { token: proofer.token }))).toEqual(['comment']);
    expect(
      (await t.gql(REJECT, { id, c: 'Wait time looks wrong' }, { token: shopper.token })).errors?.[0]
        ?.message,
    ).toBe('Not Authorized');
    expect(
      (await t.gql(REJECT, { id, c: 'Wait time looks wrong' }, { token: proofer.token })).data
        .rejectEvaluation.status,
    ).toBe(S.Rejected);
    // The shopper is told by evaluation.rejected's subscriber (corrections-subscriber.ts), once.
    await t.relayEvents();
    expect(await t.relayAgain(['evaluation.rejected'])).toBeGreaterThan(0);
    const told = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, 'sam@example.test'));
    expect(told.map((m) => m.kind)).toEqual(['evaluation-rejected']);
    const [toShopper] = told;
    expect(toShopper?.subject).toBe('Corrections needed: Dine-In at Main Street');
    expect(toShopper?.text).toContain('Wait time looks wrong');
    expect(toShopper?.html).toContain('Wait time looks wrong');
    expect(toShopper?.html).toContain(`/evaluator/evaluations/${id}"`);

    // The shopper corrects and resubmits; the proofer approves; scores are stored once.
    expect(
      (await t.gql(SAVE, { id, answers: { wait: 4 } }, { token: shopper.token })).data.saveEvaluation.status,
    ).toBe(S.Started);
    await t.gql(SUBMIT, { id }, { token: shopper.token });
    await t.gql(START_REVIEW, { id }, { token: proofer.token });
    const approved = await t.gql(APPROVE, { id }, { token: proofer.token });
    expect(approved.data.approveEvaluation).toEqual({ status: S.Approved, percentage: 100 });
    expect((await t.db.select().from(visits).where(eq(visits.id, open[0]._id)))[0]?.status).toBe(
      VisitStatus.Delivered,
    );
    expect(
      await t.db.select().from(evaluationSectionScores).where(eq(evaluationSectionScores.evaluationId, id)),
    ).toHaveLength(2);
    expect(
      (
        await t.db
          .select()
          .from(evaluationQuestionScores)
          .where(eq(evaluationQuestionScores.evaluationId, id))
      ).map((q) => [q.prompt, q.answer, q.score, q.possibleScore]),
    ).toEqual(
      expect.arrayContaining([
        ['Were you greeted?', 'Yes', 10, 10],
        ['Minutes waited', '4', 10, 10],
      ]),
    );
    // The daily rollups the dashboard reads now hold this shop: one per question and per section.
    const [approvedRow] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
    const shopDate = approvedRow!.shopDate;
    const client = eq(questionScoreDays.clientId, p.alice.user.id);
    expect(
      (await t.db.select().from(questionScoreDays).where(client)).map((d) => [
        d.shopDate,
        d.prompt,
        d.answers,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [shopDate, 'Were you greeted?', 1],
        [shopDate, 'Minutes waited', 1],
      ]),
    );
    const sectionDays = await t.db
      .select()
      .from(sectionScoreDays)
      .where(eq(sectionScoreDays.clientId, p.alice.user.id));
    expect(sectionDays).toHaveLength(2);
    expect(sectionDays.every((d) => d.shopDate === shopDate && d.shops === 1 && d.percentSum === 1)).toBe(
      true,
    );
    expect(
      await t.db.select().from(shopScoreDays).where(eq(shopScoreDays.clientId, p.alice.user.id)),
    ).toEqual([
      {
        clientId: p.alice.user.id,
        uqid: approvedRow!.uqid,
        shopDate,
        shops: 1,
        totalScore: 20,
        totalPossibleScore: 20,
        percentSum: 1,
        scoredShops: 1,
      },
    ]);

    // Approved is final, and the customer now reads the report and got the e-mail.
    expect(
      (await t.gql(REJECT, { id, c: 'late' }, { token: proofer.token })).errors?.[0]?.extensions?.code,
    ).toBe('CONFLICT');
    await t.relayEvents();
    const report = await t.gql(EVALUATION, { id }, { token: p.alice.token });
    expect(report.data.evaluation.report.percentageScore).toBe(100);
    expect(report.data.evaluation.events).toEqual([]); // the history is for the shopper and QA staff
    const mail = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, 'alice@example.test'), eq(outboxEmails.kind, 'report-ready')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`/account/reports/shop/${id}`);

    // Every transition was recorded with who made it.
    const events = await t.db
      .select()
      .from(evaluationEvents)
      .where(eq(evaluationEvents.evaluationId, id))
      .orderBy(asc(evaluationEvents.createdAt), asc(evaluationEvents.id));
    const byStatus = events.map((e) => [e.toStatus, e.userId]);
    expect(byStatus).toEqual(
      expect.arrayContaining([
        [S.Started, shopper.id],
        [S.Submitted, shopper.id],
        [S.Reviewing, proofer.id],
        [S.Rejected, proofer.id],
        [S.Approved, proofer.id],
      ]),
    );
    expect(events).toHaveLength(8);
  });

  it("sends a guest's report by its shared link, which opens that approved report only, without a login", async () => {
    const cart = await cartWithShop(t, c);
    const checkout = await t.gql(CHECKOUT, {
      oid: cart.oid,
      input: guestInput(await cardToken(t), {
        profile: { ...guestInput('').profile, additionalEmails: 'ops@gail.test, GUEST@example.test' },
      }),
    });
    expect(checkout.errors).toBeUndefined();
    const [visit, other] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    const id = await inReview(visit._id, { greet: 'yes', wait: 12 });
    const otherId = (await t.gql(ACCEPT, { id: other._id }, { token: shopper.token })).data.acceptVisit._id;

    const SHARED = `query ($id: String!, $key: String!) { sharedShopReport(_id: $id, key: $key) { _id programName locationName percentage report } }`;
    const key = shopReportKey(t.makeConfig().appSecret, id);
    // Not approved yet: nothing to show, even with the right key.
    expect((await t.gql(SHARED, { id, key })).data.sharedShopReport).toBeNull();

    await approve(id);
    const mail = await readyMail();
    expect(mail.map((m) => m.to).sort()).toEqual(['guest@example.test', 'ops@gail.test']);
    for (const m of mail) expect(m.text).toContain(`/reports/shop/${id}?key=${key}`);
    expect(mail[0]!.text).not.toContain('/account/');

    const shared = await t.gql(SHARED, { id, key });
    expect(shared.errors).toBeUndefined();
    expect(shared.data.sharedShopReport).toMatchObject({
      _id: id,
      programName: 'Dine-In',
      locationName: 'Main Street',
      percentage: 60, // greeted 10 of 10, waited 12 minutes 2 of 10
    });
    expect(shared.data.sharedShopReport.report.percentageScore).toBe(60);
    // A wrong key, or one report's key for another, opens nothing.
    const wrongKey = `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`;
    for (const vars of [
      { id, key: wrongKey },
      { id: otherId, key },
      { id, key: '' },
    ]) {
      const refused = await t.gql(SHARED, vars);
      expect(refused.errors?.[0]?.message).toBe('Not Authorized');
      expect(refused.data?.sharedShopReport ?? null).toBeNull();
    }
    // The link shows the report, not the fieldwork: no answers document or history on this type.
    const probing = await t.gql(
      `query ($id: String!, $key: String!) { sharedShopReport(_id: $id, key: $key) { document } }`,
      {
        id,
        key,
      },
    );
    expect(probing.errors?.[0]?.message).toMatch(/Cannot query field "document"/);
  });

  it("sends the customer the account's link and the location's report addresses the shared link, if the customer wants them", async () => {
    await placedOrderOf(t, c, p.alice.token);
    await t.db.update(locations).set({ additionalEmails: 'manager@alice.test' });
    const [first, second] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    const id = await inReview(first._id, { greet: 'yes', wait: 2 });
    await approve(id);
    const byTo = Object.fromEntries((await readyMail()).map((m) => [m.to, m.text]));
    expect(Object.keys(byTo).sort()).toEqual(['alice@example.test', 'manager@alice.test']);
    expect(byTo['alice@example.test']).toContain(`/account/reports/shop/${id}\n`);
    expect(byTo['manager@alice.test']).toContain(
      `/reports/shop/${id}?key=${shopReportKey(t.makeConfig().appSecret, id)}`,
    );
    // Only the customer has preferences to manage; the location's addresses get no such link.
    const htmlTo = Object.fromEntries((await readyMail()).map((m) => [m.to, m.html ?? '']));
    expect(htmlTo['alice@example.test']).toContain('/account/preferences"');
    expect(byTo['alice@example.test']).toContain('Manage your e-mail preferences: ');
    expect(htmlTo['manager@alice.test']).not.toContain('/account/preferences');
    expect(byTo['manager@alice.test']).not.toContain('/account/preferences');
    expect(htmlTo['manager@alice.test']).toContain(`/reports/shop/${id}?key=`);

    // With 'shop complete' e-mails turned off, neither the customer nor the location's addresses hear of it.
    await t.db
      .update(users)
      .set({ emailPreferences: { ...p.alice.user.emailPreferences, receiveShopComplete: false } })
      .where(eq(users.id, p.alice.user.id));
    await approve(await inReview(second._id, { greet: 'yes', wait: 2 }));
    expect(await readyMail()).toHaveLength(2);
  });

  it('lets a shopper give a visit back before submitting; it opens again for others', async () => {
    await placedOrderOf(t, c, p.alice.token);
    const [v] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    const id = (await t.gql(ACCEPT, { id: v._id }, { token: shopper.token })).data.acceptVisit._id;
    const released = await t.gql(
      'mutation ($id: String!) { releaseEvaluation(_id: $id) { statusName } }',
      { id },
      { token: shopper.token },
    );
    expect(released.data.releaseEvaluation.statusName).toBe('ShopperCancelled');
    expect((await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits).toHaveLength(2);
  });

  it('says in words why a step is refused, never with status codes, and changes nothing', async () => {
    await placedOrderOf(t, c, p.alice.token);
    const [v] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    const id = (await t.gql(ACCEPT, { id: v._id }, { token: shopper.token })).data.acceptVisit._id;
    const refused = async (query: string, vars: Record<string, unknown>, token: string) => {
      let error: { message: string; extensions?: Record<string, unknown> } | undefined;
      await expectNoChange(t, async () => {
        error = (await t.gql(query, vars, { token })).errors?.[0];
      });
      expect(error?.extensions?.code).toBe('CONFLICT');
      expect(error?.message).not.toMatch(/\d{5}/);
      return error?.message;
    };

    // The shopper accepts the visit they already hold.
    expect(await refused(ACCEPT, { id: v._id }, shopper.token)).toBe(MSG_VISIT_ALREADY_YOURS);
    // A proofer approves before the evaluation is submitted, then before claiming it.
    expect(await refused(APPROVE, { id }, proofer.token)).toBe(
      'This evaluation has not been submitted yet, so it cannot be approved.',
    );
    await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 3 } }, { token: shopper.token });
    await t.gql(SUBMIT, { id }, { token: shopper.token });
    expect(await refused(APPROVE, { id }, proofer.token)).toBe(
      'Claim this evaluation before you approve it: open it from the QA queue to start the review.',
    );
    // The shopper submits twice, or gives back a submitted visit.
    expect(await refused(SUBMIT, { id }, shopper.token)).toBe(
      'This evaluation has already been submitted and is waiting for QA.',
    );
    expect(
      await refused('mutation ($id: String!) { releaseEvaluation(_id: $id) { _id } }', { id }, shopper.token),
    ).toBe('This evaluation has already been submitted, so it can no longer be given back.');
    await t.gql(START_REVIEW, { id }, { token: proofer.token });
    await approve(id);
    expect(await refused(APPROVE, { id }, proofer.token)).toBe('This evaluation has already been approved.');
  });
});

describe('the date of the visit', () => {
  /** VISIT_FORM with the shopper's 'Date of visit' first, as the seeded forms ask it. */
  const DATED_FORM = {
    ...VISIT_FORM,
    sections: VISIT_FORM.sections.map((s, i) =>
      i === 0
        ? {
            ...s,
            elements: [
              {
                localId: 'visit-date',
                typeId: 'date',
                prompt: 'Date of visit',
                required: { when: 'always', conditions: [] },
              },
              ...s.elements,
            ],
          }
        : s,
    ),
  };

  it('is the day the shopper entered, as entered, in the report, the e-mail and the action plan', async () => {
    await publish(t, DATED_FORM, [c.shop.id, c.cheapShop.id]);
    await placedOrderOf(t, c, p.alice.token);
    const [v] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    // Not today's date, so the submission's own day (in any zone) cannot pass for it.
    const id = await inReview(v._id, {
      'visit-date': '2025-03-09',
      greet: 'no',
      why: 'Nobody came.',
      wait: 30,
    });
    await approve(id);

    const [row] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
    expect(row!.shopDate).toBe('2025-03-09');
    const report = await t.gql(
      'query ($id: String!) { evaluation(_id: $id) { shopDate } }',
      { id },
      { token: p.alice.token },
    );
    expect(report.data.evaluation.shopDate).toBe('2025-03-09');
    const [sent] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'shop-sent-to-qa'));
    expect(sent!.text).toContain('03/09/2025');
    const plans = await t.gql('{ actionPlans { shopDate } }', {}, { token: p.alice.token });
    expect(plans.data.actionPlans).toEqual([{ shopDate: '2025-03-09' }]);
  });

  it('is the day of the submission (UTC) when the form asks for no date', async () => {
    await placedOrderOf(t, c, p.alice.token);
    const [v] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
    const before = new Date().toISOString().slice(0, 10);
    const id = await inReview(v._id, { greet: 'yes', wait: 3 });
    const [row] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
    expect([before, new Date().toISOString().slice(0, 10)]).toContain(row!.shopDate);
  });
});

describe('public surveys', () => {
  async function surveyCode() {
    const cart = await startCart(t, [c.survey.id], { token: p.alice.token });
    const locationId = await addLocation(t, cart.oid, { token: p.alice.token });
    await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token: p.alice.token });
    const res = await t.gql(
      CHECKOUT,
      {
        oid: cart.oid,
        input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
      },
      { token: p.alice.token },
    );
    expect(res.errors).toBeUndefined();
    return (await t.db.select().from(surveyLinks))[0]!.surveyCode;
  }
  const ANSWER =
    'mutation ($code: String!, $answers: JSON!) { submitSurveyResponse(surveyCode: $code, answers: $answers) }';

  it('is answered without an account, once per browser, and counted in the program summary', async () => {
    const code = await surveyCode();
    const survey = await t.gql(
      'query ($code: String!) { survey(surveyCode: $code) { programName locationName form } }',
      { code },
    );
    expect(survey.data.survey).toMatchObject({ programName: 'Guest Survey', locationName: 'Main Street' });
    expect(survey.data.survey.form.sections[0].elements[0].prompt).toBe(
      'How likely are you to recommend us?',
    );
    expect((await t.gql('query { survey(surveyCode: "nope-nope") { programName } }')).data.survey).toBeNull();

    const missing = await t.gql(ANSWER, { code, answers: {} });
    expect(fields(missing)).toEqual(['answers.nps']);
    const first = await t.gql(ANSWER, { code, answers: { nps: 10 } });
    expect(first.data.submitSurveyResponse).toBe(true);
    const browser = first.cookie('survey_respondent')!.value;
    const twice = await t.gql(
      ANSWER,
      { code, answers: { nps: 3 } },
      { cookie: { survey_respondent: browser } },
    );
    expect(twice.errors?.[0]?.message).toBe(MSG_ALREADY_ANSWERED);
    await t.gql(ANSWER, { code, answers: { nps: 7 } });

    const SUMMARY =
      'query ($code: String!) { surveyProgramSummary(surveyCode: $code) { programName responses averagePercentage questions { prompt averagePercentage answers } } }';
    const summary = await t.gql(SUMMARY, { code }, { token: p.alice.token });
    expect(summary.data.surveyProgramSummary).toEqual({
      programName: 'Guest Survey',
      responses: 2,
      averagePercentage: 75,
      questions: [{ prompt: 'How likely are you to recommend us?', averagePercentage: 75, answers: 2 }],
    });
    expect((await t.gql(SUMMARY, { code }, { token: p.bob.token })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    expect((await t.gql(SUMMARY, { code })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(
      (await t.gql(SUMMARY, { code }, { token: p.admin.token })).data.surveyProgramSummary.responses,
    ).toBe(2);
    const stored = await t.db.select().from(evaluations).where(eq(evaluations.isSurvey, true));
    expect(stored.map((e) => e.status)).toEqual([S.Approved, S.Approved]);
  });

  it(`takes at most ${SURVEY_LIMITS.perIpPerHour} responses an hour from one IP`, async () => {
    const code = await surveyCode();
    for (let i = 0; i < SURVEY_LIMITS.perIpPerHour; i++) {
      expect(
        (await t.gql(ANSWER, { code, answers: { nps: 9 } }, { ip: '203.0.113.9' })).errors,
      ).toBeUndefined();
    }
    const limited = await t.gql(ANSWER, { code, answers: { nps: 9 } }, { ip: '203.0.113.9' });
    expect(limited.errors?.[0]?.message).toBe(MSG_TOO_MANY_RESPONSES);
    expect(
      (await t.gql(ANSWER, { code, answers: { nps: 9 } }, { ip: '203.0.113.10' })).errors,
    ).toBeUndefined();
  });

  it('serves the QR code of the survey link as a 300 px PNG', async () => {
    const code = await surveyCode();
    const png = await t.inject({ method: 'GET', url: `/survey/${code}/qr.png` });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(png.rawPayload.readUInt32BE(16)).toBe(300); // IHDR width
    expect((await t.inject({ method: 'GET', url: '/survey/unknown-code/qr.png' })).statusCode).toBe(404);
  });
});
