import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG_API_KEY_INVALID, programCsvRows, toCsv } from '../../domain/index.js';
import { EvaluationStatus, VisitStatus } from '../../evaluation/index.js';
import { fetchProgramPages } from '../../web/reports/summary/download-csv.js';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import {
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  forms,
  formVersions,
  orders,
  userQuestionnaires,
  visits,
} from '../db/schema.js';
import { rollUpScores } from '../fieldwork/index.js';
import { setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, placedOrderOf } from '../test/order-wizard.js';
import { MSG_REPORTING_CREDENTIALS_MISSING } from './schemas.js';
import { type ReportingParams, signingText } from './signature.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let program: { uqid: string; locationId: string; oid: string };

/** An approved shop of alice's program with two sections and the given question scores (score/possible). */
async function approvedShop(
  shopDate: string,
  questions: [prompt: string, score: number, possible: number][],
) {
  const id = newId();
  const total = questions.reduce((s, q) => s + q[1], 0);
  const possible = questions.reduce((s, q) => s + q[2], 0);
  await t.db.insert(evaluations).values({
    id,
    formVersionId: 'fv1',
    status: EvaluationStatus.Approved,
    document: {},
    clientId: p.alice.user.id,
    uqid: program.uqid,
    locationId: program.locationId,
    shopDate,
    score: total,
    possibleScore: possible,
  });
  await t.db.insert(evaluationSectionScores).values([
    {
      evaluationId: id,
      sectionIndex: 0,
      sectionHeader: 'Service',
      score: questions[0]![1],
      possibleScore: questions[0]![2],
    },
    {
      evaluationId: id,
      sectionIndex: 1,
      sectionHeader: 'Speed',
      score: total - questions[0]![1],
      possibleScore: possible - questions[0]![2],
    },
  ]);
  await t.db.insert(evaluationQuestionScores).values(
    questions.map(([prompt, score, poss], i) => ({
      evaluationId: id,
      elementId: `q${i}`,
      sectionHeader: i === 0 ? 'Service' : 'Speed',
      prompt,
      answer: String(score),
      score,
      possibleScore: poss,
    })),
  );
  await rollUpScores(t.db, eq(evaluations.id, id));
  return id;
}

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  const order = await placedOrderOf(t, c, p.alice.token);
  const [uq] = await t.db.select().from(userQuestionnaires);
  program = { uqid: uq!.id, locationId: order.locationId, oid: order.oid };
  await t.db.insert(forms).values({ id: 'f1', name: 'F', draft: {} });
  await t.db.insert(formVersions).values({ id: 'fv1', formId: 'f1', version: 1, definition: {} });
});

const SIGN = 'mutation ($text: String!) { generateSignature(text: $text) }';

async function signed(path: string, params: ReportingParams, token: string) {
  const res = await t.gql(SIGN, { text: signingText(params) }, { token });
  expect(res.errors).toBeUndefined();
  return url(path, { ...params, signature: res.data.generateSignature });
}
const url = (path: string, params: Record<string, unknown>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

describe('generateSignature', () => {
  it('signs only for the caller as userMakingRequest and their own client id (any client for admins)', async () => {
    const a = p.alice.user.id;
    const b = p.bob.user.id;
    expect(
      (await t.gql(SIGN, { text: `${a}|${a}|1|999` }, { token: p.alice.token })).data.generateSignature,
    ).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.gql(SIGN, { text: `${a}|${b}` }, { token: p.alice.token })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    expect((await t.gql(SIGN, { text: `${b}|${b}` }, { token: p.alice.token })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    expect((await t.gql(SIGN, { text: `${a}|${a}` })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(
      (await t.gql(SIGN, { text: `${p.admin.user.id}|${b}` }, { token: p.admin.token })).errors,
    ).toBeUndefined();
    expect(
      (await t.gql(SIGN, { text: 'no-pipes' }, { token: p.alice.token })).errors?.[0]?.extensions?.field,
    ).toBe('text');
  });
});

describe('signed reporting endpoints', () => {
  it('answers a correctly signed request with SQL-aggregated records', async () => {
    const a = p.alice.user.id;
    const s1 = await approvedShop('2026-03-02', [
      ['Greeting', 10, 10],
      ['Wait', 2, 10],
    ]); // 60%
    const s2 = await approvedShop('2026-04-10', [
      ['Greeting', 10, 10],
      ['Wait', 9, 10],
    ]); // 95%
    await approvedShop('2025-01-05', [
      ['Greeting', 0, 10],
      ['Wait', 0, 10],
    ]); // outside the range below

    const shops = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/summary/shops',
        { userMakingRequest: a, client: a, startDate: '2026-01-01', endDate: '2026-12-31' },
        p.alice.token,
      ),
    });
    expect(shops.statusCode).toBe(200);
    expect(
      shops
        .json()
        .map((r: { shop_id: string; percent_score: number; program_name: string; name: string }) => [
          r.shop_id,
          r.percent_score,
          r.program_name,
          r.name,
        ]),
    ).toEqual([
      [s1, 0.6, 'Dine-In', 'Main Street'],
      [s2, 0.95, 'Dine-In', 'Main Street'],
    ]);

    const worst = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/summary/worstQuestions',
        { userMakingRequest: a, client: a, startDate: '2026-01-01', endDate: '2026-12-31', limit: 1 },
        p.alice.token,
      ),
    });
    expect(worst.json()).toEqual([
      { prompt: 'Wait', avg_percent_score: expect.closeTo(0.55, 6), program_name: 'Dine-In' },
    ]);
    const worstHere = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/summary/worstQuestions',
        {
          userMakingRequest: a,
          client: a,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          limit: 2,
          locationName: 'Main Street',
        },
        p.alice.token,
      ),
    });
    expect(worstHere.json().map((r: { prompt: string }) => r.prompt)).toEqual(['Wait', 'Greeting']);
    const worstElsewhere = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/summary/worstQuestions',
        {
          userMakingRequest: a,
          client: a,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          limit: 2,
          locationName: 'Nowhere',
        },
        p.alice.token,
      ),
    });
    expect(worstElsewhere.json()).toEqual([]);

    const sections = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/summary/sectionHeaders',
        { userMakingRequest: a, client: a, startDate: '2026-03-01', endDate: '2026-03-31' },
        p.alice.token,
      ),
    });
    expect(
      sections
        .json()
        .map((r: { section_header: string; percent_score: number }) => [r.section_header, r.percent_score]),
    ).toEqual([
      ['Service', 1],
      ['Speed', 0.2],
    ]);

    const questions = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/summary/questions',
        {
          userMakingRequest: a,
          client: a,
          startDate: '2026-04-01',
          endDate: '2026-04-30',
          programName: 'Dine-In',
        },
        p.alice.token,
      ),
    });
    expect(questions.json()).toEqual([
      expect.objectContaining({
        shop_id: s2,
        shop_date: '2026-04-10',
        prompt: 'Greeting',
        answer: '10',
        total_possible_score: 10,
        percent_score: 1,
      }),
      expect.objectContaining({
        shop_id: s2,
        shop_date: '2026-04-10',
        prompt: 'Wait',
        answer: '9',
        total_possible_score: 10,
        percent_score: 0.9,
      }),
    ]);

    const programs = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/programs/',
        { userMakingRequest: a, client: a, pageNumber: 1, pageSize: 999 },
        p.alice.token,
      ),
    });
    expect(programs.json()).toEqual([
      expect.objectContaining({
        programId: program.uqid,
        programName: 'Dine-In',
        programType: 'shop',
        orderNumber: 10001,
        positives: 1,
        negatives: 2,
        neutrals: 0,
      }),
    ]);

    const shopsUrl = await signed(
      '/api/shops/',
      { userMakingRequest: a, client: a, programId: program.uqid, pageNumber: 1, pageSize: 999 },
      p.alice.token,
    );
    const visitsList = await t.inject({ method: 'GET', url: shopsUrl });
    expect(visitsList.json()).toHaveLength(2); // the order's two scheduled visits
    expect(visitsList.json()[0]).toMatchObject({
      programName: 'Dine-In',
      status: 'Open',
      reportLink: null,
      stats: null,
    });

    // A visit's latest evaluation gives its status, report link, submitted date and (approved) stats.
    const [first, second] = visitsList.json() as { shopId: string }[];
    const reported = await approvedShop('2026-04-12', [
      ['Greeting', 7, 10],
      ['Wait', 0.1, 10],
    ]);
    const at = (iso: string) => new Date(iso);
    await t.db
      .update(evaluations)
      .set({
        visitId: second!.shopId,
        submittedAt: at('2026-04-12T18:30:05.123456Z'),
        createdAt: at('2026-04-12T18:00:00Z'),
      })
      .where(eq(evaluations.id, reported));
    await t.db.update(visits).set({ status: VisitStatus.Delivered }).where(eq(visits.id, second!.shopId));
    const olderId = newId();
    const newerId = newId();
    await t.db.insert(evaluations).values([
      // An earlier attempt at the delivered visit, and the other visit's evaluation in progress.
      {
        id: olderId,
        formVersionId: 'fv1',
        status: EvaluationStatus.Rejected,
        document: {},
        clientId: a,
        visitId: second!.shopId,
        createdAt: at('2026-04-01T00:00:00Z'),
        submittedAt: at('2026-04-02T00:00:00Z'),
      },
      {
        id: newerId,
        formVersionId: 'fv1',
        status: EvaluationStatus.Started,
        document: {},
        clientId: a,
        visitId: first!.shopId,
      },
    ]);
    const withReports = await t.inject({ method: 'GET', url: shopsUrl });
    const byId = new Map((withReports.json() as { shopId: string }[]).map((r) => [r.shopId, r]));
    expect(byId.get(second!.shopId)).toEqual({
      shopId: second!.shopId,
      programId: program.uqid,
      programName: 'Dine-In',
      orderNumber: 10001,
      address: expect.any(String),
      locationName: 'Main Street',
      cycleStartDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      status: 'Delivered',
      latestEvalStatus: EvaluationStatus.Approved,
      reportLink: `/account/reports/shop/${reported}`,
      submittedDate: '2026-04-12T18:30:05.123Z',
      stats: [
        { sectionName: 'Service', scoreAchieved: 7, scoreTotal: 10, percentage: 0.7 },
        { sectionName: 'Speed', scoreAchieved: 0.1, scoreTotal: 10, percentage: 0.01 },
      ],
    });
    expect(byId.get(first!.shopId)).toMatchObject({
      status: 'Open',
      latestEvalStatus: EvaluationStatus.Started,
      reportLink: null,
      submittedDate: null,
      stats: null,
    });
  });

  it('groups the dashboard records by program, location and month or day, from the rollup or per location', async () => {
    const a = p.alice.user.id;
    await approvedShop('2026-03-02', [
      ['Greeting', 10, 10],
      ['Wait', 2, 10],
    ]); // 60%: Service 100%, Speed 20%
    await approvedShop('2026-03-20', [
      ['Greeting', 5, 10],
      ['Wait', 10, 10],
    ]); // 75%: Service 50%, Speed 100%
    await approvedShop('2026-04-10', [
      ['Greeting', 10, 10],
      ['Wait', 9, 10],
    ]); // 95%
    await approvedShop('2025-01-05', [
      ['Greeting', 0, 10],
      ['Wait', 0, 10],
    ]); // outside the range
    const get = async (path: string, params: ReportingParams) => {
      const res = await t.inject({
        method: 'GET',
        url: await signed(
          path,
          { userMakingRequest: a, client: a, startDate: '2026-01-01', endDate: '2026-12-31', ...params },
          p.alice.token,
        ),
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    const months = await get('/api/summary/shops', { groupBy: 'month' });
    expect(months).toEqual([
      {
        shop_date: '2026-03-02',
        last_shop_date: '2026-03-20',
        program_id: program.uqid,
        program_name: 'Dine-In',
        name: 'Main Street',
        shop_count: 2,
        total_score: 27,
        total_possible_score: 40,
        percent_sum: expect.closeTo(1.35, 9),
        scored_shops: 2,
      },
      expect.objectContaining({ shop_date: '2026-04-10', last_shop_date: '2026-04-10', shop_count: 1 }),
    ]);
    const days = await get('/api/summary/shops', { groupBy: 'day' });
    expect(days.map((r: { shop_date: string; shop_count: number }) => [r.shop_date, r.shop_count])).toEqual([
      ['2026-03-02', 1],
      ['2026-03-20', 1],
      ['2026-04-10', 1],
    ]);
    expect(await get('/api/summary/shops', { groupBy: 'month', locationName: 'Nowhere' })).toEqual([]);
    // Per program and location over the range; per program and month over all locations.
    expect(await get('/api/summary/shops', { groupBy: 'location' })).toEqual([
      expect.objectContaining({
        shop_date: '2026-03-02',
        last_shop_date: '2026-04-10',
        name: 'Main Street',
        shop_count: 3,
        total_score: 46,
        scored_shops: 3,
      }),
    ]);
    expect(await get('/api/summary/shops', { groupBy: 'programMonth', programName: 'Dine-In' })).toEqual([
      expect.objectContaining({
        shop_date: '2026-03-02',
        name: null,
        shop_count: 2,
        percent_sum: expect.closeTo(1.35, 9),
      }),
      expect.objectContaining({ shop_date: '2026-04-10', name: null, shop_count: 1 }),
    ]);
    // Over all locations the chart reads the daily totals approval keeps; at a location, its shops: the
    // same sums (the program's shops are all at Main Street).
    const atLocation = await get('/api/summary/shops', {
      groupBy: 'programDay',
      programName: 'Dine-In',
      locationName: 'Main Street',
    });
    expect(atLocation).toHaveLength(3);
    expect(await get('/api/summary/shops', { groupBy: 'programDay', programName: 'Dine-In' })).toEqual(
      atLocation.map((r: object) => ({ ...r, name: null })),
    );
    // All Time (no range) reads the totals approval keeps: the same records as summed from every shop.
    const allTimeOf = async (params: ReportingParams) =>
      t.inject({
        method: 'GET',
        url: await signed(
          '/api/summary/shops',
          { userMakingRequest: a, client: a, ...params },
          p.alice.token,
        ),
      });
    const allTime = await allTimeOf({ groupBy: 'location' });
    expect(allTime.json()).toEqual(
      await get('/api/summary/shops', {
        groupBy: 'location',
        startDate: '2000-01-01',
        endDate: '2100-12-31',
      }),
    );
    expect(
      (await allTimeOf({ groupBy: 'programMonth', programName: 'Dine-In' }))
        .json()
        .map((r: { shop_date: string; shop_count: number }) => [r.shop_date, r.shop_count]),
    ).toEqual([
      ['2025-01-05', 1],
      ['2026-03-02', 2],
      ['2026-04-10', 1],
    ]);
    expect(allTime.json()).toEqual([
      expect.objectContaining({
        shop_date: '2025-01-05',
        last_shop_date: '2026-04-10',
        shop_count: 4,
        total_possible_score: 80,
        percent_sum: expect.closeTo(2.3, 9),
      }),
    ]);
    expect(await get('/api/summary/shops', { programName: 'Nothing' })).toEqual([]);
    expect(await get('/api/summary/shops', { programName: 'Dine-In' })).toHaveLength(3);

    // The rollup (all locations) and the per-location path give the same sums.
    const fromRollup = await get('/api/summary/sectionHeaders', { groupBy: 'month', programName: 'Dine-In' });
    const perLocation = await get('/api/summary/sectionHeaders', {
      groupBy: 'month',
      programName: 'Dine-In',
      locationName: 'Main Street',
    });
    const march = [
      {
        shop_date: '2026-03-02',
        program_name: 'Dine-In',
        section_header: 'Service',
        section_index: 0,
        percent_sum: expect.closeTo(1.5, 9),
        shop_count: 2,
      },
      {
        shop_date: '2026-03-02',
        program_name: 'Dine-In',
        section_header: 'Speed',
        section_index: 1,
        percent_sum: expect.closeTo(1.2, 9),
        shop_count: 2,
      },
    ];
    expect(fromRollup.slice(0, 2)).toEqual(march);
    expect(perLocation.slice(0, 2)).toEqual(march);
    expect(fromRollup).toHaveLength(4);
    expect(perLocation).toHaveLength(4);
    expect(await get('/api/summary/sectionHeaders', { groupBy: 'day', programName: 'Dine-In' })).toHaveLength(
      6,
    );
    expect(
      await get('/api/summary/sectionHeaders', {
        groupBy: 'month',
        programName: 'Dine-In',
        locationName: 'Nowhere',
      }),
    ).toEqual([]);

    // Download CSV reads the answers a page of shops at a time; without paging, every answer comes.
    const dineIn = { programName: 'Dine-In' };
    const answersOf = (rows: { shop_date: string; prompt: string }[]) =>
      rows.map((r) => [r.shop_date, r.prompt]);
    expect(answersOf(await get('/api/summary/questions', { ...dineIn, pageNumber: 2, pageSize: 1 }))).toEqual(
      [
        ['2026-03-20', 'Greeting'],
        ['2026-03-20', 'Wait'],
      ],
    );
    expect(await get('/api/summary/questions', { ...dineIn, pageNumber: 4, pageSize: 1 })).toEqual([]);
    expect(await get('/api/summary/questions', dineIn)).toHaveLength(6);

    const wrong = await t.inject({
      method: 'GET',
      url: await signed(
        '/api/summary/shops',
        { userMakingRequest: a, client: a, groupBy: 'week' },
        p.alice.token,
      ),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: "groupBy must be 'month', 'day', 'location', 'programMonth', 'programDay'.",
      field: 'groupBy',
    });
  });

  it("reads Download CSV's shops, sections and answers by the same pages of shops: the same CSV as one call each", async () => {
    const a = p.alice.user.id;
    // Seven shops, two on one day (ordered by id), a question only some shops have (its columns come
    // in order of first appearance), and one shop outside the range.
    for (const [day, extra] of [
      ['2026-02-01', false],
      ['2026-02-01', false],
      ['2026-02-03', true],
      ['2026-03-01', false],
      ['2026-03-05', true],
      ['2026-04-01', false],
      ['2026-05-09', false],
      ['2025-12-31', true],
    ] as const)
      await approvedShop(day, [
        ['Greeting', 7, 10],
        ['Wait', 4, 10],
        ...(extra ? [['Upsell', 1, 2] as [string, number, number]] : []),
      ]);
    const params = { userMakingRequest: a, client: a, startDate: '2026-01-01', endDate: '2026-12-31' };
    const get = async (path: string, extra: ReportingParams) => {
      const res = await t.inject({
        method: 'GET',
        url: await signed(path, { ...params, ...extra }, p.alice.token),
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const programName = 'Dine-In';
    const records = (page: ReportingParams) =>
      Promise.all([
        get('/api/summary/shops', { programName, ...page }),
        get('/api/summary/sectionHeaders', { programName, ...page }),
        get('/api/summary/questions', { programName, ...page }),
      ]).then(([shops, sections, questions]) => ({ shops, sections, questions }));
    const oneCall = await records({});
    const asked: number[] = [];
    const paged = await fetchProgramPages((page) => {
      asked.push(page.pageNumber);
      return records(page);
    }, 3);
    expect(asked).toEqual([1, 2, 3]);
    expect(oneCall.shops).toHaveLength(7);
    expect(paged).toEqual(oneCall);
    const range = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-12-31T23:59:59.999Z') };
    const csv = (r: typeof oneCall) => toCsv(programCsvRows({ programName, range, ...r })!);
    expect(csv(paged)).toBe(csv(oneCall));
    expect(csv(oneCall).split('\n')).toHaveLength(8);
    // A grouped call is not paged: its groups are not shops.
    expect(await get('/api/summary/shops', { groupBy: 'month', pageNumber: 2, pageSize: 1 })).toHaveLength(4);
  });

  it('refuses a wrong signature, a tampered parameter, a signature for another client and a missing one', async () => {
    const a = p.alice.user.id;
    const b = p.bob.user.id;
    const good = await signed(
      '/api/programs/',
      { userMakingRequest: a, client: a, pageNumber: 1, pageSize: 999 },
      p.alice.token,
    );
    expect((await t.inject({ method: 'GET', url: good })).statusCode).toBe(200);
    expect(
      // The signature's first character changed (to another one: it may already be a 0).
      (
        await t.inject({
          method: 'GET',
          url: good.replace(/signature=([0-9a-f])/, (_, c) => `signature=${c === '0' ? '1' : '0'}`),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: good.replace('pageSize=999', 'pageSize=998') })).statusCode,
    ).toBe(401);
    expect(
      (await t.inject({ method: 'GET', url: good.replace(`client=${a}`, `client=${b}`) })).statusCode,
    ).toBe(401);
    expect((await t.inject({ method: 'GET', url: good.replace(/&signature=.*$/, '') })).statusCode).toBe(401);
    // A valid signature obtained by an admin for bob does not let alice read bob's data as herself.
    const adminForBob = await signed(
      '/api/summary/shops',
      { userMakingRequest: p.admin.user.id, client: b },
      p.admin.token,
    );
    expect((await t.inject({ method: 'GET', url: adminForBob })).statusCode).toBe(200);
    expect(
      (
        await t.inject({
          method: 'GET',
          url: adminForBob.replace(`userMakingRequest=${p.admin.user.id}`, `userMakingRequest=${a}`),
        })
      ).statusCode,
    ).toBe(401);
    // Bad parameters name the field.
    const bad = await t.inject({
      method: 'GET',
      url: url('/api/summary/shops', {
        userMakingRequest: a,
        client: a,
        startDate: 'yesterday',
        signature: 'x',
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('startDate');
  });

  it('answers a call without credentials, or with a bearer token that is no API key, 401 as documented', async () => {
    const a = p.alice.user.id;
    const call = (query: Record<string, unknown>, authorization?: string) =>
      t.inject({
        method: 'GET',
        url: url('/api/programs/', query),
        ...(authorization && { headers: { authorization } }),
      });
    for (const query of [{}, { client: a }, { userMakingRequest: a, client: a, pageSize: 'abc' }]) {
      const res = await call(query);
      expect([query, res.statusCode]).toEqual([query, 401]);
      expect(res.json()).toEqual({ error: MSG_REPORTING_CREDENTIALS_MISSING });
    }
    expect(MSG_REPORTING_CREDENTIALS_MISSING).toMatch(/^The signature \(or API key\) is missing/);
    for (const authorization of ['Bearer garbage', 'bearer sk_live_unknown']) {
      const res = await call({ client: a }, authorization);
      expect([authorization, res.statusCode]).toEqual([authorization, 401]);
      expect(res.json()).toEqual({ error: MSG_API_KEY_INVALID });
    }
    // A signed call still names a missing parameter (400): the credentials are there.
    const unnamed = await call({ client: a, signature: 'x' });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ error: 'userMakingRequest is required.', field: 'userMakingRequest' });
  });

  it.each([
    ['pageSize', 'abc', 'pageSize must be a whole number from 1 to 999.'],
    ['pageSize', '1000', 'pageSize must be a whole number from 1 to 999.'],
    ['pageSize', '0', 'pageSize must be a whole number from 1 to 999.'],
    ['pageSize', '2.5', 'pageSize must be a whole number from 1 to 999.'],
    ['pageNumber', '-1', 'pageNumber must be a whole number from 1 to 100,000.'],
    ['limit', '101', 'limit must be a whole number from 1 to 100.'],
    ['order', 'o'.repeat(101), 'order cannot exceed 100 characters.'],
    ['startDate', 'yesterday', 'startDate must be a date as YYYY-MM-DD.'],
  ])('refuses %s=%s in words, signed or with an API key', async (field, value, error) => {
    const a = p.alice.user.id;
    const res = await t.inject({
      method: 'GET',
      url: url('/api/summary/worstQuestions', {
        userMakingRequest: a,
        client: a,
        [field]: value,
        signature: 'x',
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, field });
    const key = await t.gql('mutation { createApiKey(name: "BI") { secret } }', {}, { token: p.alice.token });
    const keyed = await t.inject({
      method: 'GET',
      url: url('/api/summary/worstQuestions', { [field]: value }),
      headers: { authorization: `Bearer ${key.data.createApiKey.secret}` },
    });
    expect(keyed.statusCode).toBe(400);
    expect(keyed.json()).toEqual({ error, field });
  });

  it("narrows /api/shops/ to one order's shops with `order`, all with it empty, none for another account's order", async () => {
    const a = p.alice.user.id;
    const first = program.oid;
    const second = (await placedOrderOf(t, c, p.alice.token)).oid;
    const bobs = (await placedOrderOf(t, c, p.bob.token)).oid;
    const numberOf = async (oid: string) =>
      (await t.db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, oid)))[0]!.n;
    const shops = async (order: string) => {
      const res = await t.inject({
        method: 'GET',
        url: await signed(
          '/api/shops/',
          { userMakingRequest: a, client: a, order, pageNumber: 1, pageSize: 999 },
          p.alice.token,
        ),
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { orderNumber: number }[]).map((r) => r.orderNumber);
    };
    // Each order has two scheduled visits.
    expect(await shops(first)).toEqual([await numberOf(first), await numberOf(first)]);
    expect(await shops(second)).toEqual([await numberOf(second), await numberOf(second)]);
    expect((await shops('')).sort()).toEqual(
      [await numberOf(first), await numberOf(first), await numberOf(second), await numberOf(second)].sort(),
    );
    // Another account's order is not the client's: nothing, as for another account's program.
    expect(await shops(bobs)).toEqual([]);
    expect(await shops('no-such-order')).toEqual([]);
  });

  it('a server-signed request for a non-admin reading another client is refused with 403', async () => {
    // Signed directly with the server secret (as a leaked or hand-made signature would be): still refused.
    const { signText } = await import('./signature.js');
    const params = { userMakingRequest: p.alice.user.id, client: p.bob.user.id };
    const signature = signText(t.makeConfig().appSecret, signingText(params));
    expect(
      (await t.inject({ method: 'GET', url: url('/api/summary/shops', { ...params, signature }) }))
        .statusCode,
    ).toBe(403);
  });
});
