import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { EvaluationStatus as S } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { ConfigError, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { surveyLinks } from '../db/schema.js';
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
import { type ReportingParams, signingText } from './signature.js';

// DATABASE_READ_URL against a real streaming replica of the test server (the `replica` project's
// globalSetup starts it: scripts/replica.ts). The test database is created on the primary and reaches
// the replica by replication, as everything else does. To show which reads go where, replay on the
// replica is paused (pg_wal_replay_pause): the replica then lags for as long as the test wants.

const t = setupTestApp();
let database: Database;
let app: FastifyInstance;
/** The replica's server, as a superuser: pauses and resumes its replay. */
let replicaAdmin: postgres.Sql;
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let sam: { token: string; id: string };
let proofer: { token: string; id: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the replica has replayed everything the primary wrote so far. */
async function replayed() {
  const [{ lsn }] = (await t.rows<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`)) as [
    { lsn: string },
  ];
  for (let i = 0; i < 400; i++) {
    const [row] = await replicaAdmin<{ done: boolean }[]>`
      select pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn as done`;
    if (row?.done) return;
    await sleep(50);
  }
  throw new Error(`The replica did not replay up to ${lsn} in 20 s.`);
}

async function pauseReplay() {
  await replicaAdmin`select pg_wal_replay_pause()`;
  for (let i = 0; i < 250; i++) {
    const [row] = await replicaAdmin<{ state: string }[]>`select pg_get_wal_replay_pause_state() as state`;
    if (row?.state === 'paused') return;
    await sleep(20);
  }
  throw new Error('The replica did not pause its replay.');
}

const resumeReplay = () => replicaAdmin`select pg_wal_replay_resume()`;

beforeAll(async () => {
  const replicaServer = inject('replicaUrl');
  replicaAdmin = postgres(replicaServer, { max: 1, onnotice: () => {} });
  // The harness created and migrated the test database on the primary; open its name on the replica
  // once the replica has replayed that.
  await replayed();
  const primaryUrl = t.database.url!;
  const readUrl = new URL(replicaServer);
  readUrl.pathname = new URL(primaryUrl).pathname;
  database = await openDatabase({ url: primaryUrl, readUrl: readUrl.toString(), migrate: false });
  app = await t.buildApp({ readDb: database.readDb });
});

afterAll(async () => {
  await resumeReplay().catch(() => {});
  await database?.close();
  await replicaAdmin?.end({ timeout: 5 });
});

describe('DATABASE_READ_URL configuration', () => {
  it('is refused without DATABASE_URL, naming the variable', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:5433/x' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://postgres@127.0.0.1:5433/x' })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
  });
});

const OPEN = 'query { openVisits { _id } }';
const ACCEPT = 'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }';
const SAVE =
  'mutation ($id: String!, $answers: JSON!) { saveEvaluation(_id: $id, answers: $answers) { status } }';
const SUBMIT = 'mutation ($id: String!) { submitEvaluation(_id: $id) { status } }';
const START_REVIEW = 'mutation ($id: String!) { startReview(_id: $id) { status } }';
const APPROVE = 'mutation ($id: String!) { approveEvaluation(_id: $id) { status } }';
/** The shop report page's query (src/web/evaluator/evaluator-documents.ts, SHOP_REPORT). */
const SHOP_REPORT = 'query ($id: String!) { evaluation(_id: $id) { _id status percentage approvedAt } }';
const SIGN = 'mutation ($text: String!) { generateSignature(text: $text) }';

/** Sam's visit of alice's order, answered and submitted, in review by the proofer (all on `app`). */
async function inReview(): Promise<string> {
  const [visit] = (await t.gql(OPEN, {}, { token: sam.token, app })).data.openVisits;
  const id = (await t.gql(ACCEPT, { id: visit._id }, { token: sam.token, app })).data.acceptVisit
    ._id as string;
  await t.gql(SAVE, { id, answers: { greet: 'yes', wait: 12 } }, { token: sam.token, app });
  expect((await t.gql(SUBMIT, { id }, { token: sam.token, app })).data.submitEvaluation.status).toBe(
    S.Submitted,
  );
  await t.gql(START_REVIEW, { id }, { token: proofer.token, app });
  return id;
}

/** Alice's shops report (GET /api/summary/shops, signed as the web app signs it): the shops' ids. */
async function reportedShops(): Promise<string[]> {
  const a = p.alice.user.id;
  const params: ReportingParams = {
    userMakingRequest: a,
    client: a,
    startDate: '2000-01-01',
    endDate: '2099-12-31',
  };
  const sig = await t.gql(SIGN, { text: signingText(params) }, { token: p.alice.token, app });
  expect(sig.errors).toBeUndefined();
  const query = new URLSearchParams({
    ...(params as Record<string, string>),
    signature: sig.data.generateSignature,
  });
  const res = await app.inject({ method: 'GET', url: `/api/summary/shops?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().map((r: { shop_id: string }) => r.shop_id);
}

describe('DATABASE_READ_URL', () => {
  beforeEach(async () => {
    await t.resetDb();
    c = await catalogue(t);
    p = await people(t);
    await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
    sam = await registerShopper(t, 'sam@example.test');
    const staff = await createUser(t.db, {
      email: 'pat@example.test',
      roles: ['proofer'],
      password: 'password123',
    });
    proofer = { id: staff.id, token: await t.login('pat@example.test', 'password123') };
    await placedOrderOf(t, c, p.alice.token);
    await replayed();
  });

  afterEach(() => resumeReplay());

  it('opens readDb on the replica and db on the primary; without it readDb is db', async () => {
    const recovery = async (db: Database['db']) => {
      const rows = (await db.execute(sql`select pg_is_in_recovery() as r`)) as unknown as { r: boolean }[];
      return rows[0]!.r;
    };
    expect(await recovery(database.readDb)).toBe(true);
    expect(await recovery(database.db)).toBe(false);
    expect(t.database.readDb).toBe(t.database.db);
  });

  it('a shop just approved: its report page shows it at once (primary), the reports once the replica replays it', async () => {
    const id = await inReview();
    await replayed();
    expect(await reportedShops()).toEqual([]);

    await pauseReplay();
    // Writes go to the primary while the replica lags.
    const approved = await t.gql(APPROVE, { id }, { token: proofer.token, app });
    expect(approved.errors).toBeUndefined();
    expect(approved.data.approveEvaluation.status).toBe(S.Approved);
    // The shop report page, right after the approval (the "report ready" e-mail links there): primary.
    const page = await t.gql(SHOP_REPORT, { id }, { token: p.alice.token, app });
    expect(page.errors).toBeUndefined();
    expect(page.data.evaluation).toMatchObject({ _id: id, status: S.Approved });
    // The reports read the replica, which has not replayed the approval yet.
    expect(await reportedShops()).toEqual([]);

    await resumeReplay();
    const t0 = Date.now();
    let shops: string[] = [];
    while (Date.now() - t0 < 10_000) {
      shops = await reportedShops();
      if (shops.length > 0) break;
      await sleep(20);
    }
    // Within the replica's lag (here: its replay delay once resumed, milliseconds).
    expect(shops).toEqual([id]);
  });

  it('an admin export reads the replica: a customer created since is in it once the replica replays', async () => {
    const EXPORT = 'mutation ($type: String!) { createExportLink(type: $type) { url } }';
    const exported = async () => {
      const link = await t.gql(EXPORT, { type: 'customers' }, { token: p.admin.token, app });
      expect(link.errors).toBeUndefined();
      const res = await app.inject({ method: 'GET', url: link.data.createExportLink.url });
      expect(res.statusCode).toBe(200);
      return res.body;
    };
    await pauseReplay();
    await createUser(t.db, { email: 'newcomer@example.test', firstName: 'Nia', lastName: 'Newcomer' });
    expect(await exported()).not.toContain('newcomer@example.test');
    await resumeReplay();
    await replayed();
    expect(await exported()).toContain('newcomer@example.test');
  });

  it('a survey summary reads the replica: a response just given counts once the replica replays', async () => {
    await publish(t, SURVEY_FORM, [c.survey.id]);
    // The survey order (on the harness's app: the same primary).
    const cart = await startCart(t, [c.survey.id], { token: p.alice.token });
    const locationId = await addLocation(t, cart.oid, { token: p.alice.token });
    await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token: p.alice.token });
    const input = { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) };
    expect(
      (await t.gql(CHECKOUT, { oid: cart.oid, input }, { token: p.alice.token, app })).errors,
    ).toBeUndefined();
    const [link] = await t.db.select().from(surveyLinks);
    const code = link!.surveyCode;
    const SUMMARY = 'query ($code: String!) { surveyProgramSummary(surveyCode: $code) { responses } }';
    const responses = async () =>
      (await t.gql(SUMMARY, { code }, { token: p.alice.token, app })).data.surveyProgramSummary?.responses ??
      0;
    const ANSWER =
      'mutation ($code: String!, $answers: JSON!) { submitSurveyResponse(surveyCode: $code, answers: $answers) }';

    await replayed();
    await pauseReplay();
    expect((await t.gql(ANSWER, { code, answers: { nps: 9 } }, { app })).data.submitSurveyResponse).toBe(
      true,
    );
    expect(await responses()).toBe(0);
    await resumeReplay();
    await replayed();
    expect(await responses()).toBe(1);
  });
});
