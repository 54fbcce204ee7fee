import { readFile } from 'node:fs/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { EvaluationStatus as S } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { evaluations, payables, payoutBatches, questionnaires, surveyLinks } from '../db/schema.js';
import { deliverEvent, eventsOfType } from '../events/index.js';
import { publish, registerShopper, SURVEY_FORM, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import {
  addLocation,
  type Catalogue,
  CHECKOUT,
  cardToken,
  catalogue,
  placedOrderOf,
  saveShop,
  startCart,
} from '../test/order-wizard.js';
import {
  createPayable,
  createPayoutToken,
  MSG_ALREADY_PAID,
  markPayablesPaid,
  payablesSubscriber,
} from './index.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let sam: { token: string; id: string };
let kim: { token: string; id: string };
let proofer: { token: string; id: string };

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
  await publish(t, SURVEY_FORM, [c.survey.id]);
  sam = await registerShopper(t, 'sam@example.test');
  kim = await registerShopper(t, 'kim@example.test');
  const staff = await createUser(t.db, {
    email: 'pat@example.test',
    roles: ['proofer'],
    password: 'password123',
  });
  proofer = { id: staff.id, token: await t.login('pat@example.test', 'password123') };
});

const OPEN = 'query { openVisits { _id } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }';
const SAVE =
  'mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { status } }';
const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { status } }';
const START_REVIEW = 'mutation ($id: String!) { startReview(_id: $id) { status } }';
const APPROVE = 'mutation ($id: String!) { approveEvaluation(_id: $id) { status } }';
const REJECT =
  'mutation ($id: String!) { rejectEvaluation(_id: $id, comment: "Fix the wait time") { status } }';
const MY = `query { myPayables { lines { _id evaluationId programName locationName shopDate approvedAt
  reimbursement { value } fee { value } total { value displayValue } status payoutReference paidOn }
  totals { pending { value } paid { value } pendingCount paidCount } } }`;
const LIST = `query ($shopperId: String, $shopperSearch: String, $from: String, $to: String, $status: String) {
  payables(shopperId: $shopperId, shopperSearch: $shopperSearch, from: $from, to: $to, status: $status) {
    lines { _id shopperId shopperName shopperEmail total { value } status }
    totals { pending { value } paid { value } pendingCount paidCount } truncated } }`;
const PAY = `mutation ($ids: [String!]!, $reference: String!, $paidOn: String!) {
  markPayablesPaid(payableIds: $ids, reference: $reference, paidOn: $paidOn) { _id reference paidOn total { value } lineCount } }`;
const BATCHES = 'query { payoutBatches { _id reference paidOn total { value } lineCount createdByEmail } }';
const CSV_LINK = 'mutation ($id: String!) { createPayoutCsvLink(batchId: $id) { url } }';

const fields = (res: { errors?: { extensions?: Record<string, unknown> }[] }) =>
  ((res.errors?.[0]?.extensions?.fields ?? []) as { field: string }[]).map((f) => f.field);

/** The shopper takes an open visit, answers it completely and submits it for review. */
async function submitted(shopper: { token: string }): Promise<string> {
  const [visit] = (await t.gql(OPEN, {}, { token: shopper.token })).data.openVisits;
  const id = (await t.gql(ACCEPT, { id: visit._id }, { token: shopper.token })).data.acceptVisit
    ._id as string;
  await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 12 } }, { token: shopper.token });
  expect((await t.gql(SUBMIT, { id }, { token: shopper.token })).data.submitEvaluation.status).toBe(
    S.Submitted,
  );
  await t.gql(START_REVIEW, { id }, { token: proofer.token });
  return id;
}

async function approve(id: string) {
  const res = await t.gql(APPROVE, { id }, { token: proofer.token });
  expect(res.errors).toBeUndefined();
  expect(res.data.approveEvaluation.status).toBe(S.Approved);
  // The payable follows from the approval's event (payables/subscriber.ts).
  await t.relayEvents();
}

const lines = () => t.db.select().from(payables).orderBy(asc(payables.createdAt));
const setFee = (cents: number) =>
  t.db.update(questionnaires).set({ shopperFee: cents }).where(eq(questionnaires.id, c.shop.id));

/** Two approved visits of the demo order: one by Sam, one by Kim; returns their payable lines. */
async function twoApproved() {
  await placedOrderOf(t, c, p.alice.token);
  const samEval = await submitted(sam);
  await approve(samEval);
  const kimEval = await submitted(kim);
  await approve(kimEval);
  const all = await lines();
  return {
    samLine: all.find((l) => l.shopperId === sam.id)!,
    kimLine: all.find((l) => l.shopperId === kim.id)!,
  };
}

describe('payable lines', () => {
  it("creates one line on approval: the shop's reimbursement plus the questionnaire's shopper fee", async () => {
    await setFee(1250);
    await placedOrderOf(t, c, p.alice.token); // one-time shop, $30 reimbursement
    const id = await submitted(sam);
    expect(await lines()).toEqual([]); // nothing is owed before approval
    await approve(id);
    const [line] = await lines();
    const [evaluation] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
    expect(line).toMatchObject({
      evaluationId: id,
      shopperId: sam.id,
      reimbursement: 3000,
      fee: 1250,
      total: 4250,
      programName: 'Dine-In',
      locationName: 'Main Street',
      shopDate: evaluation!.shopDate,
      approvedAt: evaluation!.approvedAt,
      batchId: null,
    });
    // A later change of the fee does not change the line already owed.
    await setFee(9900);
    expect((await lines())[0]).toMatchObject({ fee: 1250, total: 4250 });
  });

  it('pays the reimbursement alone when the questionnaire has no shopper fee (default 0)', async () => {
    await placedOrderOf(t, c, p.alice.token);
    await approve(await submitted(sam));
    expect((await lines()).map((l) => [l.reimbursement, l.fee, l.total])).toEqual([[3000, 0, 3000]]);
  });

  it('creates one line only for an evaluation rejected, corrected and approved', async () => {
    await placedOrderOf(t, c, p.alice.token);
    const id = await submitted(sam);
    expect((await t.gql(REJECT, { id }, { token: proofer.token })).data.rejectEvaluation.status).toBe(
      S.Rejected,
    );
    expect(await lines()).toEqual([]);
    await t.gql(SAVE, { id, answers: { wait: 4 } }, { token: sam.token });
    await t.gql(SUBMIT, { id }, { token: sam.token });
    await t.gql(START_REVIEW, { id }, { token: proofer.token });
    await approve(id);
    expect(await lines()).toHaveLength(1);
    // Asked again (a retried approval), the unique line stays one.
    const [row] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
    expect(await createPayable(t.db, { evaluation: row!, now: new Date() })).toBeNull();
    expect(await lines()).toHaveLength(1);
  });

  it('the payables subscriber pays an approval once however often its event is replayed', async () => {
    await placedOrderOf(t, c, p.alice.token);
    const id = await submitted(sam);
    await t.gql(APPROVE, { id }, { token: proofer.token });
    const [event] = await eventsOfType(t.db, 'evaluation.approved');
    expect(await deliverEvent(t.db, event!.id, payablesSubscriber)).toBe(true);
    expect(await deliverEvent(t.db, event!.id, payablesSubscriber)).toBe(false);
    // The relay's own job runs it again, as a retry would: still one line.
    await t.relayEvents();
    expect((await lines()).map((l) => l.evaluationId)).toEqual([id]);
  });

  it('creates no line for a visit the shopper gave back (cancelled)', async () => {
    await placedOrderOf(t, c, p.alice.token);
    const [visit] = (await t.gql(OPEN, {}, { token: sam.token })).data.openVisits;
    const id = (await t.gql(ACCEPT, { id: visit._id }, { token: sam.token })).data.acceptVisit._id;
    await t.gql(
      'mutation ($id: String!) { releaseEvaluation(_id: $id) { status } }',
      { id },
      { token: sam.token },
    );
    expect((await t.gql(APPROVE, { id }, { token: proofer.token })).errors?.[0]?.extensions?.code).toBe(
      'CONFLICT',
    );
    expect(await lines()).toEqual([]);
  });

  it('creates no line for a survey response', async () => {
    const cart = await startCart(t, [c.survey.id], { token: p.alice.token });
    const locationId = await addLocation(t, cart.oid, { token: p.alice.token });
    await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token: p.alice.token });
    const placed = await t.gql(
      CHECKOUT,
      {
        oid: cart.oid,
        input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
      },
      { token: p.alice.token },
    );
    expect(placed.errors).toBeUndefined();
    const [link] = await t.db.select().from(surveyLinks);
    const answered = await t.gql(
      'mutation ($code: String!) { submitSurveyResponse(surveyCode: $code, answers: { nps: 9 }) }',
      { code: link!.surveyCode },
    );
    expect(answered.data.submitSurveyResponse).toBe(true);
    const [response] = await t.db.select().from(evaluations);
    expect(response!.status).toBe(S.Approved);
    expect(await createPayable(t.db, { evaluation: response!, now: new Date() })).toBeNull();
    expect(await lines()).toEqual([]);
  });
});

describe('the shopper fee', () => {
  const SAVE_Q = `mutation ($id: String, $input: QuestionnaireInput!) { addEditQuestionnaire(_id: $id, input: $input) { _id shopperFee } }`;
  const READ_Q = 'query ($id: String!) { questionnaire(_id: $id) { _id shopperFee } }';

  it('is set by admins on the questionnaire (cents, not negative), hidden from customers, and paid on approval', async () => {
    const [q] = await t.db.select().from(questionnaires).where(eq(questionnaires.id, c.shop.id));
    const input = {
      title: q!.title,
      type: q!.type,
      industryId: q!.industryId,
      brandId: q!.brandId,
      cost: q!.cost,
      minimumReimbursement: q!.minimumReimbursement,
      formId: q!.formId,
      shopperFee: 750,
    };
    const bad = await t.gql(
      SAVE_Q,
      { id: q!.id, input: { ...input, shopperFee: -5 } },
      { token: p.admin.token },
    );
    expect(fields(bad)).toEqual(['shopperFee']);
    const saved = await t.gql(SAVE_Q, { id: q!.id, input }, { token: p.admin.token });
    expect(saved.data.addEditQuestionnaire.shopperFee).toBe(750);
    expect((await t.gql(READ_Q, { id: q!.id }, { token: p.alice.token })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    await placedOrderOf(t, c, p.alice.token);
    await approve(await submitted(sam));
    expect((await lines()).map((l) => [l.reimbursement, l.fee, l.total])).toEqual([[3000, 750, 3750]]);
  });
});

describe('the pay promised at acceptance', () => {
  const EDIT_SHOP = `mutation ($id: String!, $input: ShopInput!) {
    saveShop(_id: $id, input: $input) { _id reimbursement } }`;
  /** The customer edits the active shop's reimbursement (Recurring Orders' saveShop). */
  async function customerSetsReimbursement(shopId: string, cents: number) {
    const input = { frequencyPeriod: 'month', frequencyQuantity: 1, reimbursement: cents };
    const res = await t.gql(EDIT_SHOP, { id: shopId, input }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    expect(res.data.saveShop.reimbursement).toBe(cents);
  }

  it.each([
    { direction: 'raises', to: 9000 },
    { direction: 'cuts', to: 2500 }, // the questionnaire's minimum
  ])(
    'pays what was promised when the customer $direction the reimbursement after acceptance',
    async ({ to }) => {
      await setFee(500);
      const cart = await placedOrderOf(t, c, p.alice.token); // $30 reimbursement
      const id = await submitted(sam);
      const [accepted] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
      expect(accepted).toMatchObject({ promisedReimbursement: 3000, promisedFee: 500 });
      await customerSetsReimbursement(cart.shopId, to);
      await setFee(2500); // the platform's fee change after acceptance does not count either
      await approve(id);
      expect((await lines()).map((l) => [l.reimbursement, l.fee, l.total])).toEqual([[3000, 500, 3500]]);
    },
  );

  it('backfills the promise of visits accepted before it was recorded (migration 0025)', async () => {
    await setFee(500);
    await placedOrderOf(t, c, p.alice.token);
    const paid = await submitted(sam);
    await approve(paid);
    const open = await submitted(kim);
    await t.db.update(payables).set({ reimbursement: 2800, fee: 400, total: 3200 });
    await setFee(600);
    await t.db.update(evaluations).set({ promisedReimbursement: null, promisedFee: null });
    const migration = await readFile(
      new URL('../../../drizzle/0025_visit_promised_pay.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      if (!statement.includes('ADD COLUMN')) await t.db.execute(sql.raw(statement));
    const promised = async (id: string) =>
      (await t.db.select().from(evaluations).where(eq(evaluations.id, id)))[0];
    // A visit already approved is promised what its payable says; one still open, the shop's values.
    expect(await promised(paid)).toMatchObject({ promisedReimbursement: 2800, promisedFee: 400 });
    expect(await promised(open)).toMatchObject({ promisedReimbursement: 3000, promisedFee: 600 });
  });

  it('promises the reimbursement the customer paid for: an edit counts from the next payment (billing.test.ts)', async () => {
    const cart = await placedOrderOf(t, c, p.alice.token); // $30, paid at checkout
    // Raised, then a visit accepted before the next payment: it pays what was paid for, not the raise
    // (lowered again before the billing run, the raise would never be billed).
    await customerSetsReimbursement(cart.shopId, 9000);
    const before = await submitted(sam);
    await customerSetsReimbursement(cart.shopId, 4000);
    await approve(before);
    expect((await lines()).map((l) => [l.reimbursement, l.total])).toEqual([[3000, 3000]]);
  });
});

describe('My Payments', () => {
  it("lists the shopper's own lines, pending and paid, with totals", async () => {
    await setFee(500);
    const { samLine } = await twoApproved();
    const mine = (await t.gql(MY, {}, { token: sam.token })).data.myPayables;
    expect(mine.lines).toEqual([
      expect.objectContaining({
        _id: samLine.id,
        programName: 'Dine-In',
        locationName: 'Main Street',
        total: { value: 3500, displayValue: '$35.00' },
        status: 'pending',
        payoutReference: null,
      }),
    ]);
    expect(mine.totals).toEqual({
      pending: { value: 3500 },
      paid: { value: 0 },
      pendingCount: 1,
      paidCount: 0,
    });
    await t.gql(
      PAY,
      { ids: [samLine.id], reference: 'PP-100', paidOn: '2026-01-05' },
      { token: p.admin.token },
    );
    const paid = (await t.gql(MY, {}, { token: sam.token })).data.myPayables;
    expect(paid.lines[0]).toMatchObject({ status: 'paid', payoutReference: 'PP-100', paidOn: '2026-01-05' });
    expect(paid.totals).toEqual({
      pending: { value: 0 },
      paid: { value: 3500 },
      pendingCount: 0,
      paidCount: 1,
    });
  });
});

describe('admin payables', () => {
  it('filters by shopper (id or words of name or e-mail), approval dates and status, with totals', async () => {
    const { samLine, kimLine } = await twoApproved();
    await t.db
      .update(payables)
      .set({ approvedAt: new Date('2026-01-15T23:30:00Z') })
      .where(eq(payables.id, samLine.id));
    const as = { token: p.admin.token };
    const ids = async (vars: Record<string, unknown>) =>
      ((await t.gql(LIST, vars, as)).data.payables.lines as { _id: string }[]).map((l) => l._id).sort();

    expect(await ids({})).toEqual([samLine.id, kimLine.id].sort());
    expect(await ids({ shopperId: kim.id })).toEqual([kimLine.id]);
    expect(await ids({ shopperSearch: 'SAM@example' })).toEqual([samLine.id]);
    expect(await ids({ shopperSearch: 'sam shopper' })).toEqual([kimLine.id, samLine.id].sort()); // both are named Sam Shopper
    expect(await ids({ from: '2026-01-15', to: '2026-01-15' })).toEqual([samLine.id]);
    expect(await ids({ from: '2026-01-16', to: '2026-01-31' })).toEqual([]);
    expect(await ids({ to: '2026-01-14' })).toEqual([]);
    // The last day there is: no bound (the day after it is no timestamp PostgreSQL reads), not a 500.
    expect(await ids({ from: '0001-01-01', to: '9999-12-31' })).toContain(samLine.id);
    const res = await t.gql(LIST, {}, as);
    expect(res.data.payables.totals).toEqual({
      pending: { value: 6000 },
      paid: { value: 0 },
      pendingCount: 2,
      paidCount: 0,
    });
    expect(res.data.payables.lines[0]).toMatchObject({ shopperName: 'Sam Shopper', status: 'pending' });

    await t.gql(PAY, { ids: [samLine.id], reference: 'PP-1', paidOn: '2026-01-20' }, as);
    expect(await ids({})).toEqual([kimLine.id]); // pending is the default
    expect(await ids({ status: 'paid' })).toEqual([samLine.id]);
    expect(await ids({ status: 'all' })).toEqual([samLine.id, kimLine.id].sort());
    expect(fields(await t.gql(LIST, { status: 'owed' }, as))).toEqual(['status']);
    expect(fields(await t.gql(LIST, { from: '15/01/2026' }, as))).toEqual(['from']);
    // Days the calendar does not have are refused, not rolled over into March.
    expect(fields(await t.gql(LIST, { from: '2026-02-30' }, as))).toEqual(['from']);
    expect(fields(await t.gql(LIST, { to: '0000-00-00' }, as))).toEqual(['to']);
  });

  it('marks a batch paid with a reference and a day not in the future, all lines or none', async () => {
    const { samLine, kimLine } = await twoApproved();
    const as = { token: p.admin.token };
    // A day long past whatever the machine's clock says; "not in the future" is tested on a clock of
    // the test's own below.
    const today = '2026-01-05';

    expect(fields(await t.gql(PAY, { ids: [samLine.id], reference: '  ', paidOn: today }, as))).toEqual([
      'reference',
    ]);
    const payAt = (paidOn: string, now: Date) =>
      markPayablesPaid(t.db, {
        user: p.admin.user,
        payableIds: [samLine.id],
        reference: 'PP-0',
        paidOn,
        now,
      });
    const lastMoment = new Date('2026-03-10T23:59:59.999Z');
    await expect(payAt('2026-03-11', lastMoment)).rejects.toMatchObject({ fields: [{ field: 'paidOn' }] });
    expect(
      fields(await t.gql(PAY, { ids: [samLine.id], reference: 'PP-1', paidOn: '2999-01-01' }, as)),
    ).toEqual(['paidOn']);
    expect(fields(await t.gql(PAY, { ids: [], reference: 'PP-1', paidOn: today }, as))).toEqual([
      'payableIds',
    ]);
    expect(fields(await t.gql(PAY, { ids: ['nope'], reference: 'PP-1', paidOn: today }, as))).toEqual([
      'payableIds',
    ]);
    expect(await t.db.select().from(payoutBatches)).toEqual([]);

    const first = await t.gql(PAY, { ids: [samLine.id], reference: ' PP-1 ', paidOn: today }, as);
    expect(first.errors).toBeUndefined();
    expect(first.data.markPayablesPaid).toMatchObject({
      reference: 'PP-1',
      paidOn: today,
      total: { value: 3000 },
      lineCount: 1,
    });

    // A line already paid refuses the whole batch: the other line stays pending, no batch is made.
    const again = await t.gql(PAY, { ids: [kimLine.id, samLine.id], reference: 'PP-2', paidOn: today }, as);
    expect(again.errors?.[0]?.message).toBe(MSG_ALREADY_PAID);
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    expect((await lines()).find((l) => l.id === kimLine.id)!.batchId).toBeNull();
    expect(await t.db.select().from(payoutBatches)).toHaveLength(1);

    const batches = (await t.gql(BATCHES, {}, as)).data.payoutBatches;
    expect(batches).toEqual([
      {
        _id: first.data.markPayablesPaid._id,
        reference: 'PP-1',
        paidOn: today,
        total: { value: 3000 },
        lineCount: 1,
        createdByEmail: 'admin@example.test',
      },
    ]);
  });

  it("downloads a batch's CSV through a short-lived admin link", async () => {
    await setFee(250);
    const { samLine, kimLine } = await twoApproved();
    await t.db.update(payables).set({ shopDate: '2026-02-01' }).where(eq(payables.id, kimLine.id));
    await t.db.update(payables).set({ shopDate: '2026-02-02' }).where(eq(payables.id, samLine.id));
    // Distinct surnames, so the order (by shopper) is known.
    await t.db.execute(
      sql`update users set last_name = case email when 'kim@example.test' then 'Adams' else 'Baker' end where email in ('kim@example.test', 'sam@example.test')`,
    );
    const as = { token: p.admin.token };
    const batch = (
      await t.gql(PAY, { ids: [samLine.id, kimLine.id], reference: 'ACH, 7', paidOn: '2026-02-10' }, as)
    ).data.markPayablesPaid;
    expect(batch.total).toEqual({ value: 6500 });
    const url = (await t.gql(CSV_LINK, { id: batch._id }, as)).data.createPayoutCsvLink.url as string;
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payout-ACH-7.csv"');
    const row = (l: typeof samLine, name: string, email: string) =>
      `${name},${email},${l.evaluationId},Dine-In,Main Street,${l.id === kimLine.id ? '2026-02-01' : '2026-02-02'},${l.approvedAt.toISOString()},30.00,2.50,32.50,"ACH, 7",2026-02-10`;
    expect(res.body).toBe(
      [
        'Shopper Name,Shopper Email,Evaluation ID,Program,Location,Shop Date,Approved At,Reimbursement,Fee,Total,Payout Reference,Paid On',
        row(kimLine, 'Sam Adams', 'kim@example.test'),
        row(samLine, 'Sam Baker', 'sam@example.test'),
        '',
      ].join('\r\n'),
    );
  });
});

describe('who may do what', () => {
  it('lets shoppers read only their own lines and only platform admins list, pay and export', async () => {
    const { samLine, kimLine } = await twoApproved();
    const anonymous = {};
    const customer = { token: p.alice.token };
    const shopper = { token: sam.token };
    const admin = { token: p.admin.token };
    const errorOf = async (query: string, vars: Record<string, unknown>, as: { token?: string }) =>
      (await t.gql(query, vars, as)).errors?.[0]?.message ?? 'ok';

    // My Payments: the shopper's own lines; another shopper sees only theirs; others are refused.
    expect(await errorOf(MY, {}, anonymous)).toBe('You must be logged in.');
    expect(await errorOf(MY, {}, customer)).toBe('Not Authorized');
    expect((await t.gql(MY, {}, shopper)).data.myPayables.lines.map((l: { _id: string }) => l._id)).toEqual([
      samLine.id,
    ]);
    expect(
      (await t.gql(MY, {}, { token: kim.token })).data.myPayables.lines.map((l: { _id: string }) => l._id),
    ).toEqual([kimLine.id]);

    const today = new Date().toISOString().slice(0, 10);
    const adminOnly: [string, string, Record<string, unknown>][] = [
      ['payables', LIST, {}],
      ['payoutBatches', BATCHES, {}],
      ['markPayablesPaid', PAY, { ids: [samLine.id], reference: 'PP-9', paidOn: today }],
    ];
    for (const [name, query, vars] of adminOnly) {
      expect([name, await errorOf(query, vars, anonymous)]).toEqual([name, 'You must be logged in.']);
      expect([name, await errorOf(query, vars, customer)]).toEqual([name, 'Not Authorized']);
      expect([name, await errorOf(query, vars, shopper)]).toEqual([name, 'Not Authorized']);
    }
    expect((await lines()).every((l) => l.batchId === null)).toBe(true);
    for (const [name, query, vars] of adminOnly) {
      expect([name, await errorOf(query, vars, admin)]).toEqual([name, 'ok']);
    }
    const [batch] = await t.db.select().from(payoutBatches);

    // The CSV link: admins only; the download needs a genuine, unexpired token for that batch, of an admin.
    expect(await errorOf(CSV_LINK, { id: batch!.id }, anonymous)).toBe('You must be logged in.');
    expect(await errorOf(CSV_LINK, { id: batch!.id }, customer)).toBe('Not Authorized');
    expect(await errorOf(CSV_LINK, { id: batch!.id }, shopper)).toBe('Not Authorized');
    const url = (await t.gql(CSV_LINK, { id: batch!.id }, admin)).data.createPayoutCsvLink.url as string;
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(200);
    const secret = t.config.appSecret;
    const tokenOf = (uid: string, batchId: string, now = Date.now()) =>
      encodeURIComponent(createPayoutToken(secret, { uid, batchId, now }).token);
    const get = async (path: string) => (await t.inject({ method: 'GET', url: path })).statusCode;
    expect(await get(`/admin/payouts/${batch!.id}.csv`)).toBe(401);
    expect(await get(`/admin/payouts/${batch!.id}.csv?token=forged`)).toBe(401);
    expect(await get(`/admin/payouts/${batch!.id}.csv?token=${tokenOf(p.admin.user.id, 'other')}`)).toBe(401);
    expect(await get(`/admin/payouts/${batch!.id}.csv?token=${tokenOf(p.admin.user.id, batch!.id, 0)}`)).toBe(
      401,
    );
    expect(await get(`/admin/payouts/${batch!.id}.csv?token=${tokenOf(sam.id, batch!.id)}`)).toBe(403);
    expect(await get(`/admin/payouts/${batch!.id}.csv?token=${tokenOf(p.alice.user.id, batch!.id)}`)).toBe(
      403,
    );
    expect(await get(`/admin/payouts/nope.csv?token=${tokenOf(p.admin.user.id, 'nope')}`)).toBe(404);
  });
});
