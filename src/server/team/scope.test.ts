import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { EvaluationStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import { executedRows } from '../db/json-rows.js';
import {
  accountMembers,
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  forms,
  formVersions,
  locations,
  memberLocations,
  memberRegions,
  orders,
  regions,
  shops,
  surveyLinks,
  userQuestionnaires,
  visits,
} from '../db/schema.js';
import { rollUpScores } from '../fieldwork/index.js';
import { type ReportingParams, signingText } from '../reporting-api/signature.js';
import { publish, SURVEY_FORM } from '../test/fieldwork-fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { catalogue, customer, placedOrderOf } from '../test/order-wizard.js';
import { managerReach } from './access.js';

// What each member of a chain sees (issue 18): the owner, an admin, the manager of region North and
// the manager of region South, against every reporting endpoint, the shop report and the survey
// program summary; the Region filter; tampered parameters; removal taking effect at once.
const t = setupTestApp();

type Person = { id: string; token: string };
let owner: Person;
let admin: Person;
let managerA: Person;
let managerB: Person;
let bob: Person;
let platformAdmin: Person;
let managerAMember: string;
let north: string;
let south: string;
let bobsRegion: string;
/** Per location name: its approved shop's evaluation id and its survey code. */
const at: Record<string, { shop: string; survey: string }> = {};

const ALL = ['Main Street', 'North 1', 'South 1'];
const ONLY: Record<string, string[]> = {
  owner: ALL,
  admin: ALL,
  managerA: ['North 1'],
  managerB: ['South 1'],
};
const persons = () => ({ owner, admin, managerA, managerB });

/** A visit with an approved shop scoring `pct` on both questions, and a survey link with one response. */
async function resultsAt(locationId: string, name: string, uqid: string, shopId: string, pct: number) {
  const visitId = newId();
  await t.db.insert(visits).values({
    id: visitId,
    shopId,
    uqid,
    locationId,
    cycleStart: '2026-03-01',
    sequence: 100 + Object.keys(at).length,
    dueDate: '2026-03-31',
  });
  const linkId = newId();
  const survey = `code-${newId()}`;
  await t.db.insert(surveyLinks).values({ id: linkId, uqid, locationId, surveyCode: survey });
  const shop = newId();
  const base = { formVersionId: 'fv1', status: EvaluationStatus.Approved, document: {}, uqid, locationId };
  await t.db.insert(evaluations).values([
    {
      ...base,
      id: shop,
      visitId,
      clientId: owner.id,
      shopDate: '2026-03-10',
      score: pct * 20,
      possibleScore: 20,
    },
    {
      ...base,
      id: newId(),
      surveyLinkId: linkId,
      isSurvey: true,
      clientId: owner.id,
      shopDate: '2026-03-11',
      score: 1,
      possibleScore: 1,
    },
  ]);
  await t.db
    .insert(evaluationSectionScores)
    .values([
      { evaluationId: shop, sectionIndex: 0, sectionHeader: 'Service', score: pct * 20, possibleScore: 20 },
    ]);
  await t.db.insert(evaluationQuestionScores).values(
    ['Greeting', 'Wait'].map((prompt, i) => ({
      evaluationId: shop,
      elementId: `q${i}`,
      sectionHeader: 'Service',
      prompt,
      answer: 'x',
      score: pct * 10,
      possibleScore: 10,
    })),
  );
  await rollUpScores(t.db, eq(evaluations.id, shop));
  at[name] = { shop, survey };
}

/** A login that is a member of the owner's team with `role` (and, for a manager, one region). */
async function member(email: string, role: string, regionId?: string) {
  const m = await customer(t, { email });
  const id = newId();
  await t.db.insert(accountMembers).values({ id, accountId: owner.id, userId: m.user.id, role });
  if (regionId) await t.db.insert(memberRegions).values({ memberId: id, regionId });
  return { person: { id: m.user.id, token: m.token }, memberId: id };
}

beforeEach(async () => {
  await t.resetDb();
  for (const name of Object.keys(at)) delete at[name];
  const c = await catalogue(t);
  const p = await people(t);
  owner = { id: p.alice.user.id, token: p.alice.token };
  bob = { id: p.bob.user.id, token: p.bob.token };
  platformAdmin = { id: p.admin.user.id, token: p.admin.token };
  const order = await placedOrderOf(t, c, owner.token);
  const [uq] = await t.db.select().from(userQuestionnaires);
  const [shop] = await t.db.select().from(shops).where(eq(shops.uqid, uq!.id));
  await publish(t, SURVEY_FORM, [uq!.qid]); // a survey link needs its program's form
  await t.db.insert(forms).values({ id: 'f1', name: 'F', draft: {} });
  await t.db.insert(formVersions).values({ id: 'fv1', formId: 'f1', version: 1, definition: {} });
  north = newId();
  south = newId();
  bobsRegion = newId();
  await t.db.insert(regions).values([
    { id: north, accountId: owner.id, name: 'North' },
    { id: south, accountId: owner.id, name: 'South' },
    { id: bobsRegion, accountId: bob.id, name: 'North' },
  ]);
  const northId = newId();
  const southId = newId();
  const place = { uid: owner.id, line1: '1 Main St', city: 'Austin', state: 'TX' };
  await t.db.insert(locations).values([
    { ...place, id: northId, name: 'North 1', regionId: north },
    { ...place, id: southId, name: 'South 1', regionId: south },
  ]);
  await resultsAt(order.locationId, 'Main Street', uq!.id, shop!.id, 0);
  await resultsAt(northId, 'North 1', uq!.id, shop!.id, 1);
  await resultsAt(southId, 'South 1', uq!.id, shop!.id, 0.5);
  await t.db
    .insert(accountMembers)
    .values({ id: newId(), accountId: owner.id, userId: owner.id, role: 'owner' });
  admin = (await member('admin-member@example.test', 'admin')).person;
  const a = await member('north@example.test', 'manager', north);
  managerA = a.person;
  managerAMember = a.memberId;
  managerB = (await member('south@example.test', 'manager', south)).person;
});

const SIGN = 'mutation ($text: String!) { generateSignature(text: $text) }';

async function signedUrl(path: string, params: ReportingParams, token: string) {
  const res = await t.gql(SIGN, { text: signingText(params) }, { token });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return url(path, { ...params, signature: res.data.generateSignature });
}
const url = (path: string, params: Record<string, unknown>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** A signed call as `who` for the owner's account. */
async function call(who: Person, path: string, params: ReportingParams = {}) {
  const target = await signedUrl(path, { userMakingRequest: who.id, client: owner.id, ...params }, who.token);
  const res = await t.inject({ method: 'GET', url: target });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>[];
}
/** The distinct values of `key` in the rows, sorted (the order placed also has visits of its own). */
const sortedNames = (rows: Record<string, unknown>[], key: string) =>
  [...new Set(rows.map((r) => String(r[key])))].sort();
const sum = (rows: Record<string, unknown>[], key: string) => rows.reduce((s, r) => s + Number(r[key]), 0);

describe('every reporting endpoint keeps to the caller’s locations', () => {
  for (const role of ['owner', 'admin', 'managerA', 'managerB'] as const) {
    it(`${role}: rows and totals of ${ONLY[role]!.join(', ')}`, async () => {
      const who = persons()[role];
      const names = ONLY[role]!;
      const range = { startDate: '2026-01-01', endDate: '2026-12-31' };

      expect(
        sortedNames(await call(who, '/api/shops', { pageNumber: 1, pageSize: 999 }), 'locationName'),
      ).toEqual(names);
      expect(
        sortedNames(await call(who, '/api/surveys', { pageNumber: 1, pageSize: 999 }), 'locationName'),
      ).toEqual(names);
      // A program counts its shops and its survey responses.
      const [program] = await call(who, '/api/programs', { pageNumber: 1, pageSize: 999 });
      expect(sum([program!], 'positives') + sum([program!], 'negatives') + sum([program!], 'neutrals')).toBe(
        2 * names.length,
      );

      expect(sortedNames(await call(who, '/api/summary/shops', range), 'name')).toEqual(names);
      const byMonth = await call(who, '/api/summary/shops', { ...range, groupBy: 'month' });
      expect(sortedNames(byMonth, 'name')).toEqual(names);
      expect(sum(byMonth, 'shop_count')).toBe(names.length);

      expect(sortedNames(await call(who, '/api/summary/sectionHeaders', range), 'name')).toEqual(names);
      const chart = await call(who, '/api/summary/sectionHeaders', { ...range, groupBy: 'month' });
      expect(sum(chart, 'shop_count')).toBe(names.length);
      const percents = { 'Main Street': 0, 'North 1': 1, 'South 1': 0.5 } as Record<string, number>;
      const expected = names.reduce((s, n) => s + percents[n]!, 0);
      expect(sum(chart, 'percent_sum')).toBeCloseTo(expected, 6);

      const [worst] = await call(who, '/api/summary/worstQuestions', { ...range, limit: 1 });
      expect(worst!.avg_percent_score).toBeCloseTo(expected / names.length, 6);

      const answers = await call(who, '/api/summary/questions', { ...range, programName: 'Dine-In' });
      expect([...new Set(answers.map((r) => r.shop_id))].sort()).toEqual(
        names.map((n) => at[n]!.shop).sort(),
      );
    });
  }
});

describe('the Region filter', () => {
  const range = { startDate: '2026-01-01', endDate: '2026-12-31' };

  it('narrows anyone to the region, and never widens a manager', async () => {
    expect(
      sortedNames(await call(owner, '/api/summary/shops', { ...range, regionId: north }), 'name'),
    ).toEqual(['North 1']);
    expect(sortedNames(await call(admin, '/api/shops', { regionId: south }), 'locationName')).toEqual([
      'South 1',
    ]);
    expect(
      sortedNames(await call(managerA, '/api/summary/shops', { ...range, regionId: north }), 'name'),
    ).toEqual(['North 1']);
    // Another region of the account: nothing, not South's rows.
    for (const path of ['/api/summary/shops', '/api/shops', '/api/surveys', '/api/summary/questions'])
      expect(await call(managerA, path, { ...range, regionId: south })).toEqual([]);
    const [worst] = await call(owner, '/api/summary/worstQuestions', { ...range, limit: 1, regionId: south });
    expect(worst!.avg_percent_score).toBeCloseTo(0.5, 6);
  });

  it("refuses another account's region or an empty one, naming the field", async () => {
    for (const regionId of [bobsRegion, 'no-such-region']) {
      const res = await t.inject({
        method: 'GET',
        url: await signedUrl(
          '/api/summary/shops',
          { userMakingRequest: owner.id, client: owner.id, regionId },
          owner.token,
        ),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'regionId is not a region of this client.', field: 'regionId' });
    }
  });
});

describe('tampering', () => {
  it('a manager cannot sign for another client or as the owner, nor change a signed parameter', async () => {
    for (const text of [
      `${managerA.id}|${bob.id}`,
      `${owner.id}|${owner.id}`,
      `${managerB.id}|${owner.id}`,
    ]) {
      const res = await t.gql(SIGN, { text }, { token: managerA.token });
      expect(res.errors?.[0]?.message).toBe('Not Authorized');
    }
    const signed = await signedUrl(
      '/api/summary/shops',
      { userMakingRequest: managerA.id, client: owner.id, regionId: north },
      managerA.token,
    );
    for (const [from, to] of [
      [north, south],
      [owner.id, bob.id],
    ] as const) {
      const res = await t.inject({ method: 'GET', url: signed.replace(from, to) });
      expect(res.statusCode).toBe(401);
    }
    // Unsigned extra parameters are covered too: dropping the region breaks the signature.
    const res = await t.inject({ method: 'GET', url: signed.replace(`regionId=${north}&`, '') });
    expect(res.statusCode).toBe(401);
  });

  it('a manager naming another location or program gets nothing outside their scope', async () => {
    const range = { startDate: '2026-01-01', endDate: '2026-12-31' };
    expect(await call(managerA, '/api/summary/shops', { ...range, locationName: 'South 1' })).toEqual([]);
    expect(
      await call(managerA, '/api/summary/sectionHeaders', { ...range, locationName: 'South 1' }),
    ).toEqual([]);
    expect(
      await call(managerA, '/api/summary/worstQuestions', { ...range, limit: 3, locationName: 'South 1' }),
    ).toEqual([]);
    const [shopRow] = await call(owner, '/api/shops');
    expect(
      sortedNames(
        await call(managerA, '/api/shops', { programId: String(shopRow!.programId) }),
        'locationName',
      ),
    ).toEqual(['North 1']);
    // The order filter (issue 41) keeps to the scope too: the owner's one order, as each sees it.
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.uid, owner.id));
    expect(sortedNames(await call(owner, '/api/shops', { order: order!.id }), 'locationName')).toEqual(ALL);
    expect(sortedNames(await call(managerA, '/api/shops', { order: order!.id }), 'locationName')).toEqual([
      'North 1',
    ]);
  });

  it('a manager with no locations sees nothing, and programs without their shops are not listed', async () => {
    await t.db.delete(memberRegions).where(eq(memberRegions.memberId, managerAMember));
    for (const path of ['/api/programs', '/api/shops', '/api/surveys', '/api/summary/shops'])
      expect(await call(managerA, path)).toEqual([]);
    expect(await call(managerA, '/api/summary/sectionHeaders', { groupBy: 'month' })).toEqual([]);
    expect(await call(managerA, '/api/summary/worstQuestions', { limit: 3 })).toEqual([]);
  });
});

describe('removal', () => {
  it('a signature made before removal is refused after it, and so are reports', async () => {
    const signed = await signedUrl(
      '/api/summary/shops',
      { userMakingRequest: managerA.id, client: owner.id },
      managerA.token,
    );
    expect((await t.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    await t.db
      .update(accountMembers)
      .set({ removedAt: new Date() })
      .where(eq(accountMembers.id, managerAMember));
    const res = await t.inject({ method: 'GET', url: signed });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Not Authorized' });
    const report = await t.gql(EVALUATION, { id: at['North 1']!.shop }, { token: managerA.token });
    expect(report.errors?.[0]?.message).toBe('Not Authorized');
    const summary = await t.gql(SUMMARY, { code: at['North 1']!.survey }, { token: managerA.token });
    expect(summary.errors?.[0]?.message).toBe('Not Authorized');
  });
});

const EVALUATION = 'query ($id: String!) { evaluation(_id: $id) { _id } }';
const SUMMARY =
  'query ($code: String!) { surveyProgramSummary(surveyCode: $code) { locationName responses } }';

describe('shop reports and survey program summaries', () => {
  for (const role of ['owner', 'admin', 'managerA', 'managerB'] as const) {
    it(`${role}: only those of ${ONLY[role]!.join(', ')}`, async () => {
      const who = persons()[role];
      for (const name of ALL) {
        const visible = ONLY[role]!.includes(name);
        const report = await t.gql(EVALUATION, { id: at[name]!.shop }, { token: who.token });
        const summary = await t.gql(SUMMARY, { code: at[name]!.survey }, { token: who.token });
        if (visible) {
          expect(report.errors, name).toBeUndefined();
          expect(report.data.evaluation._id).toBe(at[name]!.shop);
          expect(summary.errors, name).toBeUndefined();
          expect(summary.data.surveyProgramSummary).toEqual({ locationName: name, responses: 1 });
        } else {
          expect(report.errors?.[0]?.message, name).toBe('Not Authorized');
          expect(summary.errors?.[0]?.message, name).toBe('Not Authorized');
        }
      }
    });
  }

  it('another customer sees none of them; a platform admin sees them all', async () => {
    for (const name of ALL) {
      expect(
        (await t.gql(EVALUATION, { id: at[name]!.shop }, { token: bob.token })).errors?.[0]?.message,
      ).toBe('Not Authorized');
      expect(
        (await t.gql(SUMMARY, { code: at[name]!.survey }, { token: bob.token })).errors?.[0]?.message,
      ).toBe('Not Authorized');
      expect(
        (await t.gql(EVALUATION, { id: at[name]!.shop }, { token: platformAdmin.token })).errors,
      ).toBeUndefined();
    }
  });
});

describe('a team member never acts with the account login’s staff or admin rights (issue 42)', () => {
  /** A member of `account`'s team as an accepted invitation leaves one (written directly). */
  async function memberOf(account: string, email: string, role: string) {
    const m = await customer(t, { email });
    await t.db
      .insert(accountMembers)
      .values([
        { id: newId(), accountId: account, userId: account, role: 'owner' },
        { id: newId(), accountId: account, userId: m.user.id, role },
      ])
      .onConflictDoNothing();
    return m.token;
  }

  for (const kind of ['proofer', 'employee', 'platform admin'] as const) {
    it(`the manager of a ${kind} login’s team reads no customer’s evaluation nor survey summary, and signs no brand upload`, async () => {
      const login = await customer(t, {
        email: `${kind.replace(' ', '-')}@example.test`,
        ...(kind === 'platform admin' ? { admin: true } : { roles: [kind] }),
      });
      const friend = await memberOf(login.user.id, `friend-of-${login.user.id}@example.test`, 'manager');
      const report = await t.gql(
        'query ($id: String!) { evaluation(_id: $id) { _id document events { toStatus } checkInLatitude } }',
        { id: at['North 1']!.shop },
        { token: friend },
      );
      expect(report.errors?.[0]?.message, JSON.stringify(report.data)).toBe('Not Authorized');
      const summary = await t.gql(SUMMARY, { code: at['North 1']!.survey }, { token: friend });
      expect(summary.errors?.[0]?.message, JSON.stringify(summary.data)).toBe('Not Authorized');
      const sign = await t.inject({
        method: 'GET',
        url: '/s3/sign?fileName=logo.png&contentType=image%2Fpng',
        headers: { folder: `brands/${newId()}` },
        token: friend,
      });
      expect(sign.statusCode).toBe(403);
      // The login itself keeps its own rights.
      const own = await t.gql(EVALUATION, { id: at['North 1']!.shop }, { token: login.token });
      expect(own.errors, JSON.stringify(own.errors)).toBeUndefined();
    });
  }
});

describe('the region rollups follow the locations', () => {
  const range = { startDate: '2026-01-01', endDate: '2026-12-31' };
  const locationNamed = async (name: string) =>
    (await t.db.select().from(locations).where(eq(locations.name, name)))[0]!.id;
  /** The chart's shop count and percent sum, and the worst question's average, as `who` sees them. */
  const seen = async (who: Person) => {
    const chart = await call(who, '/api/summary/sectionHeaders', { ...range, groupBy: 'day' });
    const worst = await call(who, '/api/summary/worstQuestions', { ...range, limit: 1 });
    return {
      shops: sum(chart, 'shop_count'),
      percent: Math.round(sum(chart, 'percent_sum') * 1000) / 1000,
      worst: worst[0] ? Math.round(Number(worst[0].avg_percent_score) * 1000) / 1000 : null,
    };
  };
  /** Per region name: the answers and shops its rollups count. */
  const rolledUp = async () => {
    const rows = await t.db.execute<{ name: string; answers: number; shops: number }>(sql`
      select r.name, (select coalesce(sum(answers), 0)::int from question_score_region_days d where d.region_id = r.id) as answers,
        (select coalesce(sum(shops), 0)::int from section_score_region_days d where d.region_id = r.id) as shops
      from regions r where r.account_id = ${owner.id} order by r.name`);
    return Object.fromEntries(
      executedRows<{ name: string; answers: number; shops: number }>(rows).map((r) => [
        r.name,
        { answers: Number(r.answers), shops: Number(r.shops) },
      ]),
    );
  };

  it('a region and a location given one by one are counted together, each shop once', async () => {
    await t.db.insert(memberLocations).values([
      { memberId: managerAMember, locationId: await locationNamed('South 1') },
      // Already in the manager's region: must not count twice.
      { memberId: managerAMember, locationId: await locationNamed('North 1') },
    ]);
    expect(await seen(managerA)).toEqual({ shops: 2, percent: 1.5, worst: 0.75 });
    const reach = await managerReach(t.db, managerAMember, owner.id);
    expect(reach.regions).toEqual([north]);
    expect(reach.loose).toEqual([await locationNamed('South 1')]);
    expect(reach.locations.sort()).toEqual(
      [await locationNamed('North 1'), await locationNamed('South 1')].sort(),
    );
  });

  it('moving a location rebuilds the rollups of the regions it left and joined, and deleting a region drops its own', async () => {
    expect(await rolledUp()).toEqual({ North: { answers: 2, shops: 1 }, South: { answers: 2, shops: 1 } });
    const move = await t.gql(
      'mutation ($r: String, $ids: [String!]!) { setLocationsRegion(regionId: $r, locationIds: $ids) }',
      { r: south, ids: [await locationNamed('North 1'), await locationNamed('Main Street')] },
      { token: owner.token },
    );
    expect(move.errors, JSON.stringify(move.errors)).toBeUndefined();
    expect(await rolledUp()).toEqual({ North: { answers: 0, shops: 0 }, South: { answers: 6, shops: 3 } });
    expect(await seen(managerA)).toEqual({ shops: 0, percent: 0, worst: null });
    expect(await seen(managerB)).toEqual({ shops: 3, percent: 1.5, worst: 0.5 });
    // The owner's Region filter reads the same rollup.
    const filtered = await call(owner, '/api/summary/worstQuestions', {
      ...range,
      limit: 1,
      regionId: south,
    });
    expect(Number(filtered[0]!.avg_percent_score)).toBeCloseTo(0.5, 6);

    const out = await t.gql(
      'mutation ($ids: [String!]!) { setLocationsRegion(regionId: null, locationIds: $ids) }',
      { ids: [await locationNamed('Main Street')] },
      { token: owner.token },
    );
    expect(out.errors, JSON.stringify(out.errors)).toBeUndefined();
    expect((await rolledUp()).South).toEqual({ answers: 4, shops: 2 });

    const del = await t.gql(
      'mutation ($id: String!) { deleteRegion(regionId: $id) }',
      { id: south },
      { token: owner.token },
    );
    expect(del.errors, JSON.stringify(del.errors)).toBeUndefined();
    const left = await t.db.execute(
      sql`select count(*)::int as n from question_score_region_days where region_id = ${south}`,
    );
    expect(Number(executedRows<{ n: number }>(left)[0]!.n)).toBe(0);
  });
});

const QR = `query ($programId: String!, $code: String!, $clientId: String) {
  surveyQrPage(programId: $programId, surveyCode: $code, clientId: $clientId) {
    surveyCode programName locationName address } }`;

describe('QR pages', () => {
  let programId: string;
  beforeEach(async () => {
    programId = (await t.db.select().from(userQuestionnaires))[0]!.id;
  });
  const qr = (code: string, token?: string, over: Record<string, unknown> = {}) =>
    t.gql(QR, { programId, code, ...over }, { token });

  for (const role of ['owner', 'admin', 'managerA', 'managerB'] as const) {
    it(`${role}: only those of ${ONLY[role]!.join(', ')}`, async () => {
      const who = persons()[role];
      for (const name of ALL) {
        const res = await qr(at[name]!.survey, who.token);
        if (ONLY[role]!.includes(name)) {
          expect(res.errors, name).toBeUndefined();
          expect(res.data.surveyQrPage).toEqual({
            surveyCode: at[name]!.survey,
            programName: 'Customer Survey',
            locationName: name,
            address: expect.stringContaining('Austin'),
          });
        } else {
          expect(res.errors?.[0]?.message, name).toBe('Not Authorized');
          expect(res.data?.surveyQrPage ?? null).toBeNull();
        }
      }
    });
  }

  it('refuses anonymous callers and another customer, with or without a client id', async () => {
    const code = at['North 1']!.survey;
    expect((await qr(code)).errors?.[0]?.message).toBe('You must be logged in.');
    expect((await qr(code, bob.token)).errors?.[0]?.message).toBe('Not Authorized');
    expect((await qr(code, bob.token, { clientId: owner.id })).errors?.[0]?.message).toBe('Not Authorized');
    // The owner naming another customer is refused too: only a platform admin chooses the client.
    expect((await qr(code, owner.token, { clientId: bob.id })).errors?.[0]?.message).toBe('Not Authorized');
    expect((await qr(code, owner.token, { clientId: owner.id })).data.surveyQrPage.locationName).toBe(
      'North 1',
    );
    // The respondents' link stays public.
    const open = await t.gql('query ($code: String!) { survey(surveyCode: $code) { locationName } }', {
      code,
    });
    expect(open.data.survey).toEqual({ locationName: 'North 1' });
  });

  it("a platform admin sees a customer's QR page with the customer's id, and not as another's", async () => {
    const code = at['South 1']!.survey;
    const res = await qr(code, platformAdmin.token, { clientId: owner.id });
    expect(res.errors).toBeUndefined();
    expect(res.data.surveyQrPage.locationName).toBe('South 1');
    for (const clientId of [bob.id, undefined]) {
      const other = await qr(code, platformAdmin.token, { clientId });
      expect(other.errors?.[0]?.message, String(clientId)).toBe('Not Authorized');
    }
  });

  it('is null for an unknown link, or another program’s', async () => {
    expect((await qr('no-such-code', owner.token)).data).toEqual({ surveyQrPage: null });
    const res = await qr(at['North 1']!.survey, managerA.token, { programId: 'another-program' });
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ surveyQrPage: null });
  });
});
