// The shopper stays anonymous to the business visited, and QA's notes stay internal (issue 41), and
// answers reported 'never' stay on the server (issue 42): every reader of a shop on the customer's
// side (GraphQL with a session or an API key, the shared link, the REST reporting API and the CSV made
// from it, e-mails, webhooks and action plans) is checked here for the shopper's and QA's strings.
import { readFile } from 'node:fs/promises';
import { and, eq, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { programCsvRows, WEBHOOK_EVENTS } from '../../domain/index.js';
import { EvaluationStatus as S } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { planLinkKey } from '../action-plans/index.js';
import { newId } from '../db/ids.js';
import {
  actionPlans,
  evaluationQuestionScores,
  evaluations,
  locations,
  outboxEmails,
  questionScoreDays,
  questionScoreRegionDays,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema.js';
import { managerOf } from '../team/test-fixtures.js';
import { publish, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp } from '../test/harness.js';
import { catalogue, placedOrderOf } from '../test/order-wizard.js';
import { shopReportKey } from './emails.js';

const t = setupTestApp();

// The shopper's identity and QA's notes: none of these may reach the customer's side.
const SHOPPER = {
  firstName: 'Zelda',
  lastName: 'Quistgaard',
  email: 'zelda.quistgaard@shopper.test',
  phone: '(512)-555-0177',
};
const PER_QUESTION_NOTE = 'QA-NOTE-XYZZY check the receipt';
const REJECTION_NOTE = 'REJECTION-PLUGH wait time looks wrong';
const CHECK_IN = { latitude: 30.271828, longitude: -97.3125 };
const IDENTITY = [SHOPPER.lastName, 'zelda.quistgaard', '555-0177', 'XYZZY', 'PLUGH', '30.271828', '97.3125'];
/** An answer the form reports 'never' (a receipt total, for the reimbursement). */
const RECEIPT = 73.91;

/** The visit form with a scored receipt total that is never reported. */
const FORM = {
  ...VISIT_FORM,
  sections: [
    ...VISIT_FORM.sections,
    {
      localId: 's3',
      name: 'Receipt',
      elements: [
        {
          localId: 'receipt',
          typeId: 'number',
          prompt: 'Receipt total',
          reportability: 'never',
          required: { when: 'always', conditions: [] },
          config: { min: 0, max: 1000 },
          scoreRanges: [{ lowerValue: 0, upperValue: 1000, score: 5 }],
        },
      ],
    },
  ],
};

const EVALUATION = `query ($id: String!) { evaluation(_id: $id) {
  _id status document report viewerRole completion reviewerName reviewClaimedAt
  events { toStatusName userId comment }
  checkInAt checkOutAt checkInLatitude checkInLongitude checkInAccuracyMeters distanceMeters durationMinutes
  proofFlags { code message } } }`;

type Reader = { name: string; token: string };
let id: string;
let shopper: { id: string; token: string };
let proofer: { token: string };
let customers: Reader[];
let apiKey: string;
let planId: string;

/** Everything a test reads, as text, so a string anywhere in the answer is found. */
const text = (v: unknown) => JSON.stringify(v);

beforeAll(async () => {
  await t.resetDb();
  const c = await catalogue(t);
  const p = await people(t);
  await publish(t, FORM, [c.shop.id]);
  await placedOrderOf(t, c, p.alice.token);
  const [location] = await t.db.select().from(locations).where(eq(locations.uid, p.alice.user.id));
  // The location's report address gets the shared link; a manager sees the location.
  await t.db.update(locations).set({ additionalEmails: 'reports@alice.test' });
  const manager = await managerOf(t, p.alice.user.id, 'manager@alice.test', [location!.id]);
  // A webhook endpoint of the customer's for every event.
  await t.db.insert(webhookEndpoints).values({
    id: newId(),
    accountId: p.alice.user.id,
    url: 'https://hooks.alice.test/in',
    events: [...WEBHOOK_EVENTS],
    secret: `whsec_${Buffer.from('x'.repeat(32)).toString('base64')}`,
  });
  const key = await t.gql('mutation { createApiKey(name: "BI") { secret } }', {}, { token: p.alice.token });
  expect(key.errors).toBeUndefined();
  apiKey = key.data.createApiKey.secret;

  const registered = await t.gql(
    `mutation ($input: ShopperRegisterInput!) { registerShopper(input: $input) { token user { _id } } }`,
    { input: { ...SHOPPER, password: 'secret-pass', city: 'Austin', state: 'TX' } },
  );
  expect(registered.errors).toBeUndefined();
  shopper = { id: registered.data.registerShopper.user._id, token: registered.data.registerShopper.token };
  await createUser(t.db, { email: 'pat@qa.test', roles: ['proofer'], password: 'password123' });
  proofer = { token: await t.login('pat@qa.test', 'password123') };

  // Accept, check in, answer (low: a plan follows), submit; QA comments and rejects; the shopper
  // corrects and resubmits; QA approves.
  const ok = async (query: string, variables: Record<string, unknown>, token: string) => {
    const res = await t.gql(query, variables, { token });
    expect(res.errors).toBeUndefined();
    return res.data;
  };
  const [visit] = (await ok('query { openVisits { _id } }', {}, shopper.token)).openVisits;
  id = (
    await ok('mutation ($v: String!) { acceptVisit(visitId: $v) { _id } }', { v: visit._id }, shopper.token)
  ).acceptVisit._id;
  await ok(
    'mutation ($id: String!, $la: Float!, $lo: Float!) { checkIn(_id: $id, latitude: $la, longitude: $lo, accuracy: 12) { _id } }',
    { id, la: CHECK_IN.latitude, lo: CHECK_IN.longitude },
    shopper.token,
  );
  const SAVE = 'mutation ($id: String!, $a: JSON!) { saveEvaluation(_id: $id, answers: $a) { _id } }';
  await ok(
    SAVE,
    { id, a: { greet: 'no', why: 'Nobody looked up.', wait: 30, receipt: RECEIPT } },
    shopper.token,
  );
  const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { status } }';
  const REVIEW = 'mutation ($id: String!) { startReview(_id: $id) { status } }';
  await ok(SUBMIT, { id }, shopper.token);
  await ok(REVIEW, { id }, proofer.token);
  await ok(
    'mutation ($id: String!, $c: String!) { setProofingComment(_id: $id, elementId: "wait", comment: $c) { _id } }',
    { id, c: PER_QUESTION_NOTE },
    proofer.token,
  );
  await ok(
    'mutation ($id: String!, $c: String!) { rejectEvaluation(_id: $id, comment: $c) { status } }',
    { id, c: REJECTION_NOTE },
    proofer.token,
  );
  await ok(SAVE, { id, a: { wait: 31 } }, shopper.token);
  await ok(SUBMIT, { id }, shopper.token);
  await ok(REVIEW, { id }, proofer.token);
  const approved = await ok(
    'mutation ($id: String!) { approveEvaluation(_id: $id) { status } }',
    { id },
    proofer.token,
  );
  expect(approved.approveEvaluation.status).toBe(S.Approved);
  // The plan, the report's e-mails and the webhooks are the approval's subscribers.
  await t.relayEvents();
  const [plan] = await t.db.select().from(actionPlans).where(eq(actionPlans.evaluationId, id));
  planId = plan!.id;
  customers = [
    { name: 'the owner', token: p.alice.token },
    { name: 'a manager of the location', token: manager.token },
    { name: 'a reporting:read API key', token: apiKey },
  ];
});

describe('GraphQL evaluation', () => {
  it.each([0, 1, 2])(
    'gives customer reader %i nothing of the shopper or of QA, and a customer viewerRole',
    async (i) => {
      const reader = customers[i]!;
      const res = await t.gql(EVALUATION, { id }, { token: reader.token });
      expect(res.errors, reader.name).toBeUndefined();
      const seen = text(res.data);
      for (const secret of IDENTITY) expect(seen, `${reader.name}: ${secret}`).not.toContain(secret);
      expect(res.data.evaluation.viewerRole, reader.name).toBe('customer');
      expect(res.data.evaluation.document.context.user ?? null).toBeNull();
      expect(res.data.evaluation.document.proofingComments).toEqual({});
      // The report is still there, answers included.
      expect(res.data.evaluation.document.answers).toMatchObject({ greet: 'no', wait: 31 });
      expect(res.data.evaluation.report.sections[0].elements[0]).toMatchObject({
        prompt: 'Were you greeted?',
        answer: 'No',
      });
    },
  );

  it('still gives the shopper their identity, the per-question note and the rejection note', async () => {
    const res = await t.gql(EVALUATION, { id }, { token: shopper.token });
    expect(res.errors).toBeUndefined();
    const { document, viewerRole } = res.data.evaluation;
    expect(viewerRole).toBe('shopper');
    expect(document.context.user).toMatchObject({ email: SHOPPER.email, phone: SHOPPER.phone });
    expect(document.proofingComments).toEqual({ wait: PER_QUESTION_NOTE });
    expect(document.metadata.externalComment).toBe(REJECTION_NOTE);
    expect(res.data.evaluation.checkInLatitude).toBe(CHECK_IN.latitude);
  });

  it('still gives QA staff everything, the never-reported answer included', async () => {
    const res = await t.gql(EVALUATION, { id }, { token: proofer.token });
    expect(res.errors).toBeUndefined();
    const seen = text(res.data);
    for (const secret of IDENTITY) expect(seen).toContain(secret);
    expect(res.data.evaluation.viewerRole).toBe('proofer');
    expect(res.data.evaluation.document.answers.receipt).toBe(RECEIPT);
    expect(text(res.data.evaluation.report)).toContain(String(RECEIPT));
  });
});

describe("answers reported 'never' (issue 42)", () => {
  it.each([0, 1, 2])('are not sent to customer reader %i, in the report or the document', async (i) => {
    const res = await t.gql(EVALUATION, { id }, { token: customers[i]!.token });
    expect(res.errors).toBeUndefined();
    expect(text(res.data)).not.toContain(String(RECEIPT));
    expect(text(res.data.evaluation.report)).not.toContain('Receipt total');
    // The element still counts in the score: greeted 0 of 10, waited 2 of 10, receipt 5 of 5.
    expect(res.data.evaluation.report).toMatchObject({ score: 7, possibleScore: 25 });
  });

  it('are not sent to a holder of the shared link', async () => {
    const res = await t.gql(
      'query ($id: String!, $key: String!) { sharedShopReport(_id: $id, key: $key) { report percentage } }',
      { id, key: shopReportKey(t.makeConfig().appSecret, id) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.sharedShopReport.percentage).toBe(28);
    const seen = text(res.data);
    expect(seen).not.toContain(String(RECEIPT));
    for (const secret of IDENTITY) expect(seen).not.toContain(secret);
  });
});

describe('the REST reporting API and the CSV made from it', () => {
  const PATHS = [
    '/api/programs/?pageNumber=1&pageSize=999',
    '/api/shops/?pageNumber=1&pageSize=999',
    '/api/summary/shops',
    '/api/summary/sectionHeaders',
    '/api/summary/worstQuestions?startDate=2000-01-01&endDate=2100-01-01&limit=50',
    '/api/summary/questions?startDate=2000-01-01&endDate=2100-01-01',
  ];

  it('sends an API key nothing of the shopper, of QA, or of the never-reported answer', async () => {
    for (const url of PATHS) {
      const res = await t.inject({ method: 'GET', url, token: apiKey });
      expect(res.statusCode, url).toBe(200);
      for (const secret of [...IDENTITY, String(RECEIPT), 'Receipt total'])
        expect(res.body, `${url}: ${secret}`).not.toContain(secret);
    }
  });

  it("builds the program's CSV without them, with the reported questions", async () => {
    const get = async (url: string) =>
      JSON.parse((await t.inject({ method: 'GET', url: `/api/summary/${url}`, token: apiKey })).body);
    const rows = programCsvRows({
      programName: 'Dine-In',
      range: { start: new Date('2000-01-01'), end: new Date('2100-01-01') },
      shops: await get('shops'),
      sections: await get('sectionHeaders'),
      questions: await get('questions?startDate=2000-01-01&endDate=2100-01-01'),
    });
    const csv = text(rows);
    expect(csv).toContain('Were you greeted?');
    for (const secret of [...IDENTITY, String(RECEIPT), 'Receipt total']) expect(csv).not.toContain(secret);
  });
});

describe('e-mails, webhooks and action plans', () => {
  it("sends no e-mail but the shopper's own anything of the shopper or of QA", async () => {
    const mail = await t.db.select().from(outboxEmails).where(ne(outboxEmails.to, SHOPPER.email));
    expect(mail.map((m) => m.kind)).toEqual(expect.arrayContaining(['report-ready', 'action-plan']));
    for (const m of mail) {
      for (const secret of [...IDENTITY, String(RECEIPT)]) {
        expect(`${m.subject} ${m.text} ${m.html}`, `${m.kind} to ${m.to}: ${secret}`).not.toContain(secret);
      }
    }
    // The shopper was told what to correct.
    const [toShopper] = await t.db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, SHOPPER.email), eq(outboxEmails.kind, 'evaluation-rejected')));
    expect(toShopper?.text).toContain(REJECTION_NOTE);
  });

  it('sends no webhook payload with anything of the shopper or of QA', async () => {
    await t.relayEvents();
    const sent = await t.db.select().from(webhookDeliveries);
    expect(sent.map((d) => d.eventType)).toEqual(
      expect.arrayContaining(['visit.scheduled', 'shop.submitted', 'report.ready', 'action_plan.created']),
    );
    for (const d of sent) {
      for (const secret of [...IDENTITY, String(RECEIPT)])
        expect(d.payload, `${d.eventType}: ${secret}`).not.toContain(secret);
    }
  });

  it("keeps QA's rejection note out of the action plan, for its owner, its manager and its link", async () => {
    const PLAN = `query ($id: String!, $key: String) { actionPlan(_id: $id, key: $key) {
      shopperComment items { prompt answer } events { actor note } } }`;
    const readers = [
      ...customers.slice(0, 2).map((r) => ({ ...r, key: null })),
      { name: "the plan's link", token: undefined, key: planLinkKey(t.config.appSecret, planId) },
    ];
    for (const reader of readers) {
      const res = await t.gql(PLAN, { id: planId, key: reader.key }, { token: reader.token });
      expect(res.errors, reader.name).toBeUndefined();
      expect(res.data.actionPlan.items.length, reader.name).toBeGreaterThan(0);
      expect(res.data.actionPlan.shopperComment, reader.name).toBe('');
      for (const secret of [...IDENTITY, String(RECEIPT)])
        expect(text(res.data), `${reader.name}: ${secret}`).not.toContain(secret);
    }
    const [row] = await t.db.select().from(actionPlans).where(eq(actionPlans.id, planId));
    expect(row!.shopperComment).toBe('');
  });
});

// Last: it rewrites this file's shop as the code before the rule left it.
describe('what was stored before the rule (migration 0024)', () => {
  it("removes the never-reported answers from the customer's reporting and QA's note from the plans", async () => {
    const [row] = await t.db.select().from(evaluations).where(eq(evaluations.id, id));
    const [region] = await t.db.select().from(locations).where(eq(locations.id, row!.locationId!));
    const day = {
      uqid: row!.uqid!,
      shopDate: row!.shopDate!,
      prompt: 'Receipt total',
      percentSum: 1,
      answers: 1,
    };
    await t.db.insert(evaluationQuestionScores).values({
      evaluationId: id,
      elementId: 'receipt',
      sectionHeader: 'Receipt',
      prompt: 'Receipt total',
      answer: String(RECEIPT),
      score: 5,
      possibleScore: 5,
    });
    await t.db.insert(questionScoreDays).values({ clientId: row!.clientId!, ...day });
    await t.db.insert(questionScoreRegionDays).values({ regionId: region!.regionId!, ...day });
    await t.db.update(actionPlans).set({ shopperComment: REJECTION_NOTE });
    const before = await t.inject({
      method: 'GET',
      url: '/api/summary/questions?startDate=2000-01-01&endDate=2100-01-01',
      token: apiKey,
    });
    expect(before.body).toContain(String(RECEIPT));

    const migration = await readFile(
      new URL('../../../drizzle/0024_customers_never_see_qa_notes.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await t.db.execute(sql.raw(statement));

    for (const url of [
      '/api/summary/questions?startDate=2000-01-01&endDate=2100-01-01',
      '/api/summary/worstQuestions?startDate=2000-01-01&endDate=2100-01-01&limit=50',
    ]) {
      const res = await t.inject({ method: 'GET', url, token: apiKey });
      expect(res.statusCode).toBe(200);
      expect(res.body, url).not.toContain('Receipt total');
      expect(res.body, url).toContain('Were you greeted?');
    }
    // The rollups are rebuilt from the rows that stay: one answer per reported question again.
    const days = await t.db
      .select()
      .from(questionScoreDays)
      .where(eq(questionScoreDays.clientId, row!.clientId!));
    expect(days.map((d) => [d.prompt, d.answers]).sort()).toEqual([
      ['Minutes waited', 1],
      ['Were you greeted?', 1],
    ]);
    const regionDays = await t.db.select().from(questionScoreRegionDays);
    expect(regionDays.map((d) => d.prompt).sort()).toEqual(['Minutes waited', 'Were you greeted?']);
    expect((await t.db.select().from(actionPlans)).map((p) => p.shopperComment)).toEqual(['']);
  });
});
