import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EvaluationStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  evaluationQuestionScores,
  evaluationSectionScores,
  evaluations,
  forms,
  formVersions,
  locations,
  memberRegions,
  payables,
  payoutBatches,
  regions,
  shops,
  surveyLinks,
  userQuestionnaires,
  visits,
} from '../db/schema.js';
import { rollUpScores } from '../fieldwork/index.js';
import { createPayoutToken } from '../payables/index.js';
import { REPORTING_ENDPOINTS, type ReportingPath, signingText } from '../reporting-api/index.js';
import type { ReportingParams } from '../reporting-api/signature.js';
import { publish, SURVEY_FORM } from '../test/fieldwork-fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { catalogue, customer, placedOrderOf } from '../test/order-wizard.js';

// Real answers of every documented reporting operation, validated against the served OpenAPI document
// by an independent validator (Ajv, JSON Schema 2020-12, OpenAPI 3.1's dialect), as the account's
// owner, a team manager of one region, and an API key. The records are strict: a field the SQL adds
// without the document (or renames) fails here, as does a type or a null the document does not allow.

const t = setupTestApp();

type Doc = { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
type Caller = { name: string; call: (path: string, params: ReportingParams) => Promise<unknown[]> };

let doc: Doc;
/** The downloads' URLs (an admin's links) and a survey code, made in beforeAll. */
const links: { customers: string; orders: string; payout: string; qr: string } = {
  customers: '',
  orders: '',
  payout: '',
  qr: '',
};
let ajv: Ajv2020;
const callers: Caller[] = [];

const url = (path: string, params: Record<string, unknown>) =>
  `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;

/** The JSON pointer of an operation's 200 JSON schema in the document. */
const answerSchema = (path: string) =>
  `openapi.json#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;

beforeAll(async () => {
  await t.resetDb();
  const c = await catalogue(t);
  const p = await people(t);
  const owner = p.alice;
  const order = await placedOrderOf(t, c, owner.token);
  const [uq] = await t.db.select().from(userQuestionnaires);
  const [shop] = await t.db.select().from(shops).where(eq(shops.uqid, uq!.id));
  await publish(t, SURVEY_FORM, [uq!.qid]);
  await t.db.insert(forms).values({ id: 'f1', name: 'F', draft: {} });
  await t.db.insert(formVersions).values({ id: 'fv1', formId: 'f1', version: 1, definition: {} });
  const north = newId();
  await t.db.insert(regions).values({ id: north, accountId: owner.user.id, name: 'North' });
  const northId = newId();
  await t.db.insert(locations).values({
    id: northId,
    uid: owner.user.id,
    name: 'North 1',
    line1: '1 Main St',
    city: 'Austin',
    state: 'TX',
    regionId: north,
  });
  // An approved shop with sections and answers, and a survey response, at each location; March and April.
  let sequence = 100;
  for (const [locationId, month, pct] of [
    [order.locationId, '03', 0],
    [northId, '03', 1],
    [northId, '04', 0.5],
  ] as const) {
    const visitId = newId();
    await t.db.insert(visits).values({
      id: visitId,
      shopId: shop!.id,
      uqid: uq!.id,
      locationId,
      cycleStart: `2026-${month}-01`,
      sequence: sequence++,
      dueDate: `2026-${month}-28`,
    });
    const linkId = newId();
    await t.db
      .insert(surveyLinks)
      .values({ id: linkId, uqid: uq!.id, locationId, surveyCode: `code-${newId()}` })
      .onConflictDoNothing();
    const evaluationId = newId();
    const base = {
      formVersionId: 'fv1',
      status: EvaluationStatus.Approved,
      document: {},
      uqid: uq!.id,
      locationId,
      clientId: owner.user.id,
      submittedAt: new Date(`2026-${month}-10T15:30:00Z`),
    };
    await t.db.insert(evaluations).values([
      {
        ...base,
        id: evaluationId,
        visitId,
        shopDate: `2026-${month}-10`,
        score: pct * 20,
        possibleScore: 20,
      },
    ]);
    await t.db.insert(evaluationSectionScores).values([
      { evaluationId, sectionIndex: 0, sectionHeader: 'Service', score: pct * 10, possibleScore: 10 },
      { evaluationId, sectionIndex: 1, sectionHeader: 'Speed', score: pct * 10, possibleScore: 10 },
    ]);
    await t.db.insert(evaluationQuestionScores).values(
      ['Greeting', 'Wait'].map((prompt, i) => ({
        evaluationId,
        elementId: `q${i}`,
        sectionHeader: i === 0 ? 'Service' : 'Speed',
        prompt,
        answer: 'Yes',
        score: pct * 10,
        possibleScore: 10,
      })),
    );
    await rollUpScores(t.db, eq(evaluations.id, evaluationId));
  }
  const [link] = await t.db.select().from(surveyLinks).where(eq(surveyLinks.locationId, northId));
  await t.db.insert(evaluations).values({
    id: newId(),
    formVersionId: 'fv1',
    status: EvaluationStatus.Approved,
    document: {},
    uqid: uq!.id,
    locationId: northId,
    clientId: owner.user.id,
    surveyLinkId: link!.id,
    isSurvey: true,
    shopDate: '2026-03-11',
    submittedAt: new Date('2026-03-11T09:00:00Z'),
    score: 1,
    possibleScore: 1,
  });
  await t.db
    .insert(accountMembers)
    .values({ id: newId(), accountId: owner.user.id, userId: owner.user.id, role: 'owner' });
  const manager = await customer(t, { email: 'north@example.test' });
  const memberId = newId();
  await t.db
    .insert(accountMembers)
    .values({ id: memberId, accountId: owner.user.id, userId: manager.user.id, role: 'manager' });
  await t.db.insert(memberRegions).values({ memberId, regionId: north });
  const key = await t.gql('mutation { createApiKey(name: "BI") { secret } }', {}, { token: owner.token });
  expect(key.errors).toBeUndefined();
  const secret = key.data.createApiKey.secret as string;

  const signedBy =
    (who: { user: { id: string }; token: string }) => async (path: string, params: ReportingParams) => {
      const all = { userMakingRequest: who.user.id, client: owner.user.id, ...params };
      const sig = await t.gql(
        'mutation ($text: String!) { generateSignature(text: $text) }',
        { text: signingText(all) },
        { token: who.token },
      );
      expect(sig.errors).toBeUndefined();
      const res = await t.inject({
        method: 'GET',
        url: url(path, { ...all, signature: sig.data.generateSignature }),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as unknown[];
    };
  callers.push(
    { name: 'owner', call: signedBy(owner) },
    { name: 'manager', call: signedBy(manager) },
    {
      name: 'API key',
      call: async (path, params) => {
        const res = await t.inject({
          method: 'GET',
          url: url(path, params),
          headers: { authorization: `Bearer ${secret}` },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as unknown[];
      },
    },
  );

  for (const type of ['customers', 'orders'] as const) {
    const res = await t.gql(
      'mutation ($type: String!) { createExportLink(type: $type) { url } }',
      { type },
      { token: p.admin.token },
    );
    const link = new URL(res.data.createExportLink.url as string, 'http://x');
    links[type] = link.pathname + link.search;
  }
  const batchId = newId();
  await t.db
    .insert(payoutBatches)
    .values({ id: batchId, reference: 'PP-=1', paidOn: '2026-05-01', total: 2500 });
  const [paid] = await t.db.select({ id: evaluations.id }).from(evaluations).limit(1);
  await t.db.insert(payables).values({
    id: newId(),
    evaluationId: paid!.id,
    shopperId: manager.user.id,
    reimbursement: 1500,
    fee: 1000,
    total: 2500,
    programName: '=Dine-In',
    locationName: 'North 1, "Austin"',
    shopDate: '2026-03-10',
    approvedAt: new Date('2026-03-12T10:00:00Z'),
    batchId,
  });
  const token = createPayoutToken(t.config.appSecret, {
    uid: p.admin.user.id,
    batchId,
    now: Date.now(),
  }).token;
  links.payout = `/admin/payouts/${batchId}.csv?token=${encodeURIComponent(token)}`;
  links.qr = `/survey/${link!.surveyCode}/qr.png`;

  const served = await t.inject({ method: 'GET', url: '/api/openapi.json' });
  doc = served.json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
});

const range = { startDate: '2026-01-01', endDate: '2026-12-31' };
const paged = { pageNumber: 1, pageSize: 50 };
const GROUPINGS = ['month', 'day', 'location', 'programMonth', 'programDay'] as const;
const summary = [
  range,
  { ...range, ...paged },
  ...GROUPINGS.map((groupBy) => ({ ...range, groupBy })),
  // All time per location (the totals) and a named location (per-answer rows, not the rollups).
  { groupBy: 'location' },
  { ...range, groupBy: 'month', locationName: 'North 1' },
];

/** The calls each operation gets: every shape of its answer (per shop, each grouping, paged). */
const VARIANTS: Record<ReportingPath, ReportingParams[]> = {
  '/api/programs': [paged],
  '/api/shops': [paged, { pageNumber: 1, pageSize: 2 }],
  '/api/surveys': [paged],
  '/api/summary/shops': summary,
  '/api/summary/sectionHeaders': summary,
  '/api/summary/worstQuestions': [
    { ...range, limit: 5 },
    { ...range, limit: 5, locationName: 'North 1' },
  ],
  '/api/summary/questions': [range, { ...range, programName: 'Dine-In', ...paged }],
};

describe('real answers of the reporting API', () => {
  it('has variants here for every documented reporting operation', () => {
    const documented = Object.keys(doc.paths).filter((p) => p.startsWith('/api/'));
    expect(Object.keys(VARIANTS).sort()).toEqual(documented.sort());
    expect(Object.keys(VARIANTS).sort()).toEqual(Object.keys(REPORTING_ENDPOINTS).sort());
  });

  for (const who of ['owner', 'manager', 'API key']) {
    it(`are valid against the document for the ${who}`, async () => {
      const caller = callers.find((c) => c.name === who)!;
      for (const [path, variants] of Object.entries(VARIANTS)) {
        const validate = ajv.getSchema(answerSchema(path));
        expect(validate, path).toBeDefined();
        let records = 0;
        for (const params of variants) {
          const answer = await caller.call(path, params);
          const valid = validate!(answer);
          expect(valid ? [] : validate!.errors, `${path} ${JSON.stringify(params)}`).toEqual([]);
          records += answer.length;
        }
        // Each operation answered records to validate, not only empty arrays.
        expect(records, path).toBeGreaterThan(0);
      }
    });
  }

  it('refuses a record the document does not describe (the validator is not a formality)', () => {
    const validate = ajv.getSchema(answerSchema('/api/summary/worstQuestions'))!;
    const good = { prompt: 'Greeting', avg_percent_score: 0.5, program_name: 'Dine-In' };
    expect(validate([good])).toBe(true);
    expect(validate([{ ...good, extra: 1 }])).toBe(false);
    expect(validate([{ ...good, avg_percent_score: '0.5' }])).toBe(false);
    expect(validate([{ prompt: 'Greeting', avg_percent_score: 0.5 }])).toBe(false);
  });
});

/** RFC 4180 lines of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return rows;
}

describe('real downloads', () => {
  type Csv = { path: string; kind: string; url: () => string };
  const CSVS: Csv[] = [
    { path: '/admin/export/{type}', kind: 'customers', url: () => links.customers },
    { path: '/admin/export/{type}', kind: 'orders', url: () => links.orders },
    { path: '/admin/payouts/{file}', kind: 'payout', url: () => links.payout },
  ];

  it.each(CSVS)('$path ($kind): every line is a documented row, under the documented header', async (csv) => {
    const res = await t.inject({ method: 'GET', url: csv.url() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const pointer = `openapi.json#/paths/${csv.path.replaceAll('/', '~1')}/get/responses/200/content/text~1csv/x-csv-rows/${csv.kind}`;
    const validate = ajv.getSchema(pointer);
    expect(validate, pointer).toBeDefined();
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(Object.keys((validate!.schema as { properties: object }).properties));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const record = Object.fromEntries(header!.map((name, i) => [name, line[i]]));
      const valid = validate!(record);
      expect(valid ? [] : validate!.errors, JSON.stringify(record)).toEqual([]);
    }
    // The validator refuses a line the document does not describe.
    const first = Object.fromEntries(header!.map((name, i) => [name, lines[0]![i]]));
    expect(validate!({ ...first, Extra: 'x' })).toBe(false);
  });

  it('/survey/{code}/qr.png: a 300 × 300 px PNG, as documented', async () => {
    const res = await t.inject({ method: 'GET', url: links.qr });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The IHDR chunk: width and height, big-endian.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([300, 300]);
    const documented = (
      doc.paths['/survey/{code}/qr.png'] as unknown as {
        get: { responses: { 200: { content: { 'image/png': { schema: { description: string } } } } } };
      }
    ).get.responses[200].content['image/png'].schema.description;
    expect(documented).toContain('300 × 300 px');
  });
});
