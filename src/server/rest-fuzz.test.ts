import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingText } from '../domain/index.js';
import { people } from './account/test-fixtures.js';
import { localStorage } from './adapters/storage.js';
import { GRAPHIQL_ASSETS } from './graphql/graphiql.js';
import { API_DOCS_ASSETS } from './openapi/routes.js';
import { SHOP_PDF_ROUTE } from './report-pdf/routes.js';
import { REPORTING_ENDPOINTS, ZReportingQuery } from './reporting-api/schemas.js';
import { signText } from './reporting-api/signature.js';
import { CALENDAR_INVALID_DATES, restValueArb } from './test/fuzz.js';
import { setupTestApp } from './test/harness.js';
import { catalogue, placedOrderOf } from './test/order-wizard.js';

/**
 * Property-based fuzzing of every REST entry point (GraphQL's /api has its own, graphql/fuzz.test.ts):
 * each route's query and path parameters get plausible values for their names (dates, calendar-invalid
 * dates among them), boundary and hostile strings and numbers past their edges, sent anonymously and,
 * for the reporting API, with an API key and with a valid signature, so that the values reach the
 * queries. For each call: no server error (no 5xx), and a 400 names its parameter (`field`).
 * FUZZ_RUNS sets the calls per entry point (default 8) and FUZZ_SEED replays a failure.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

type Entry = { method: 'GET' | 'POST' | 'PUT'; params?: readonly string[] };

const REPORTING_PARAMS = Object.keys(ZReportingQuery.shape);

/**
 * Every route of the app but GraphQL's and the web app's pages (`/` and `/*`, the built shell), by the
 * path Fastify prints, with the query parameters it reads. A test below checks the list is complete.
 */
const ROUTES: Record<string, Entry> = {
  '/healthz': { method: 'GET' },
  '/readyz': { method: 'GET' },
  ...Object.fromEntries(
    Object.keys(REPORTING_ENDPOINTS).flatMap((path) => [
      [path, { method: 'GET', params: REPORTING_PARAMS }],
      [`${path}/`, { method: 'GET', params: REPORTING_PARAMS }],
    ]),
  ),
  '/api/openapi.json': { method: 'GET' },
  '/api/docs': { method: 'GET' },
  [`${API_DOCS_ASSETS}/:file`]: { method: 'GET' },
  [`${GRAPHIQL_ASSETS}/:file`]: { method: 'GET' },
  '/admin/export/:type': { method: 'GET', params: ['token'] },
  '/admin/payouts/:file': { method: 'GET', params: ['token'] },
  '/s3/sign': { method: 'GET', params: ['fileName', 'contentType', 'size', 'key'] },
  '/s3/upload': { method: 'PUT', params: ['key', 'expires', 'contentType', 'size', 'sig'] },
  '/s3/uploads/*': { method: 'GET', params: ['expires', 'sig'] },
  '/survey/:code/qr.png': { method: 'GET', params: ['programId', 'clientId'] },
  '/evaluator/manifest.webmanifest': { method: 'GET' },
  '/evaluator/icon-192.png': { method: 'GET' },
  '/evaluator/icon-512.png': { method: 'GET' },
  '/unsubscribe/:token': { method: 'POST' },
  '/reports/summary.pdf': {
    method: 'GET',
    params: ['startDate', 'endDate', 'programName', 'locationName', 'regionId', 'paper'],
  },
  [SHOP_PDF_ROUTE]: { method: 'GET', params: ['paper'] },
  '/reports/emailed.pdf': { method: 'GET', params: ['a', 'u', 's', 'e', 'p', 'x', 'sig'] },
};
/** Routes fuzzed elsewhere or not REST: GraphQL, and the web app's pages. */
const NOT_HERE = new Set(['/', '/*', '/api']);
/** Fastify prints a wildcard after a shared prefix without the rest of its static part. */
const PRINTED_AS: Record<string, string> = { '/s3/upload*': '/s3/uploads/*' };

/** The full paths of Fastify's printed route tree (one line per node, four characters a level). */
function printedRoutes(tree: string): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[└├]── (\S+) \(/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('').replace(/^\/+/, '/');
    paths.push(PRINTED_AS[path] ?? path);
  }
  return paths;
}

const t = setupTestApp();
let key: string;
let client: string;
let adminToken: string;

beforeAll(async () => {
  await t.resetDb();
  const c = await catalogue(t);
  const p = await people(t);
  await placedOrderOf(t, c, p.alice.token);
  client = p.alice.user.id;
  adminToken = p.admin.token;
  const res = await t.gql('mutation { createApiKey(name: "Fuzz") { secret } }', {}, { token: p.alice.token });
  key = res.data.createApiKey.secret;
});

/** A path segment's value percent-encoded; a lone surrogate is sent as the bytes of one (ED A0 80). */
function encodePathValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return `${encodeURIComponent(value.replace(/\p{Cs}/gu, ''))}%ED%A0%80`;
  }
}

/** The path with each `:param` and `*` replaced by a value. */
const pathArb = (path: string) => {
  // A parameter may carry its regular expression, `:file(^...$)`: the value replaces both.
  const holes = path.match(/:\w+(?:\([^)]*\))?|\*/g) ?? [];
  return fc.tuple(...holes.map((h) => restValueArb(h.replace(/^:|\(.*$/g, '')))).map((values) => {
    let i = 0;
    return path.replace(/:\w+(?:\([^)]*\))?|\*/g, () => encodePathValue(values[i++] ?? ''));
  });
};

/** Query parameters: some of the route's own (each sometimes left out) and sometimes an unknown one. */
const queryArb = (params: readonly string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(params.map((p) => [p, restValueArb(p)])), { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('unknown', 'startDate[]', '__proto__'), restValueArb('x')), {
        nil: undefined,
      }),
    )
    .map(
      ([known, extra]) =>
        ({ ...known, ...(extra ? { [extra[0]]: extra[1] } : {}) }) as Record<string, string>,
    );

const NOT_BUILT = 'The web app is not built yet.';

type Caller = 'anonymous' | 'apiKey' | 'signed';

function urlOf(path: string, query: Record<string, string>, caller: Caller): string {
  let params: Record<string, string> = { ...query };
  if (caller === 'signed') {
    // Signed as the client itself, with the server's secret: the fuzzed values reach the queries.
    const signed: Record<string, string> = { ...params, userMakingRequest: client, client };
    delete signed.signature;
    params = { ...signed, signature: signText(t.config.appSecret, signingText(signed)) };
  }
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
}

async function check(entry: Entry, path: string, query: Record<string, string>, caller: Caller) {
  const url = urlOf(path, query, caller);
  const res = await t.inject({
    method: entry.method,
    url,
    ...(caller === 'apiKey' ? { token: key } : {}),
    ...(entry.method !== 'GET'
      ? { payload: 'x', headers: { 'content-type': 'application/octet-stream' } }
      : {}),
  });
  const context = `${entry.method} ${url} as ${caller}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  // A path no route takes (a parameter past Fastify's 100 characters) falls to the web app's page
  // route, which answers 503 in tests because the web app is not built: not this entry point's answer.
  if (res.statusCode === 503 && res.body.startsWith(NOT_BUILT)) return;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode === 400 && res.headers['content-type']?.toString().includes('json')) {
    const body = res.json() as { field?: unknown; error?: unknown };
    if ('field' in body) expect(typeof body.field, context).toBe('string');
  }
}

describe('fuzz: every REST entry point', () => {
  it('has an entry for every route of the app', () => {
    const routes = printedRoutes(t.app.printRoutes({ commonPrefix: false })).filter((r) => !NOT_HERE.has(r));
    expect(routes.sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [route, entry] of Object.entries(ROUTES)) {
    const reporting = route.replace(/\/$/, '') in REPORTING_ENDPOINTS;
    it(`${route}`, async () => {
      const callers: Caller[] = reporting ? ['apiKey', 'signed', 'anonymous'] : ['anonymous'];
      await fc.assert(
        fc.asyncProperty(
          pathArb(route),
          queryArb(entry.params ?? []),
          fc.constantFrom(...callers),
          (path, query, caller) => check(entry, path, query, caller),
        ),
        {
          numRuns: RUNS,
          seed: SEED,
          // The reported ones (issue 41), always tried on the reporting API.
          examples: reporting
            ? CALENDAR_INVALID_DATES.slice(0, 3).flatMap((day) =>
                (['apiKey', 'signed'] as const).map(
                  (caller) =>
                    [route, { startDate: day, endDate: day }, caller] as [
                      string,
                      Record<string, string>,
                      Caller,
                    ],
                ),
              )
            : [],
        },
      );
    });
  }
});

/**
 * The upload exploits of issue 42, as requests: even a caller who may upload into a folder (an admin
 * here) cannot sign a type or size the folder does not take, and a link to a private file expires.
 */
describe('upload exploits stay refused (issue 42)', () => {
  const sign = (folder: string, query: Record<string, string>) =>
    t.inject({
      method: 'GET',
      url: `/s3/sign?${new URLSearchParams(query)}`,
      headers: { folder },
      token: adminToken,
    });

  it('refuses an upload signed as text/html', async () => {
    for (const folder of ['evaluations/e1', 'customQuestionnaires/o1', 'actionPlans/p1', 'brands/b1']) {
      const res = await sign(folder, { fileName: 'x.html', contentType: 'text/html', size: '40' });
      expect(res.statusCode, folder).toBe(400);
      expect(res.json().field, folder).toBe('contentType');
    }
  });

  it('refuses to sign an oversized upload, and an upload larger than it was signed for', async () => {
    const big = await sign('evaluations/e1', {
      fileName: 'call.mp3',
      contentType: 'audio/mpeg',
      size: String(20 * 1024 * 1024 + 1),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().field).toBe('size');
    const signed = (
      await sign('evaluations/e1', { fileName: 'call.mp3', contentType: 'audio/mpeg', size: '4' })
    ).json() as { uploadUrl: string };
    const res = await t.inject({
      method: 'PUT',
      url: signed.uploadUrl,
      headers: { 'content-type': 'audio/mpeg' },
      payload: Buffer.alloc(5_000, 1),
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a stale upload link, and the permanent address of a private upload', async () => {
    const signed = (
      await sign('evaluations/e1', { fileName: 'call.mp3', contentType: 'audio/mpeg', size: '4' })
    ).json() as { uploadUrl: string; fileKey: string };
    const put = await t.inject({
      method: 'PUT',
      url: signed.uploadUrl,
      headers: { 'content-type': 'audio/mpeg' },
      payload: Buffer.from('ID3!'),
    });
    expect(put.statusCode).toBe(200);
    const stale = localStorage({
      dataDir: t.dataDir,
      secret: t.config.appSecret,
      now: () => Date.now() - 2 * 60 * 60_000,
    }).publicUrl(signed.fileKey);
    for (const url of [stale, `/s3/uploads/${signed.fileKey}`]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
    }
    expect(
      (await t.inject({ method: 'GET', url: t.adapters.storage.publicUrl(signed.fileKey) })).statusCode,
    ).toBe(200);
  });
});
