import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/sessions.js';
import { orders } from '../db/schema.js';
import { createBrand, createIndustry, createQuestionnaire, setupTestApp } from '../test/harness.js';
import { customer } from '../test/order-wizard.js';
import { readTrustedDocuments } from './trusted-documents.js';
import { createGraphQL } from './yoga.js';

// The web app's trusted documents are answered without Yoga's Fetch API round trip (fast-path.ts). Each
// call here is sent to an app with that path and to one without it (everything through Yoga's HTTP
// handling), and the two answers must be the same: status, headers and body.

const t = setupTestApp();
const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };

const documents = readTrustedDocuments();
const idOf = (name: string) =>
  [...documents].find(([, text]) => new RegExp(`^(query|mutation) ${name}\\b`).test(text))![0];

let fast: FastifyInstance;
let yogaOnly: FastifyInstance;
beforeAll(async () => {
  fast = await t.buildApp({ env: PRODUCTION_ENV });
  yogaOnly = await t.buildApp({ env: PRODUCTION_ENV, graphqlFastPath: false });
});
let defaultBrandId: string;
beforeEach(async () => {
  await t.resetDb();
  defaultBrandId = (await createBrand(t.db, { shortName: 'default', isDefault: true })).id;
});

const textOf = (name: string) => documents.get(idOf(name))!;

type Call = { payload: unknown; headers?: Record<string, string>; once?: boolean };
const send = (app: FastifyInstance, call: Call) =>
  app.inject({
    method: 'POST',
    url: '/api',
    headers: { 'content-type': 'application/json', ...call.headers },
    payload: JSON.stringify(call.payload),
  });
const persisted = (
  name: string,
  variables?: Record<string, unknown>,
  operationName: string | null = name,
) => ({
  operationName,
  ...(variables ? { variables } : {}),
  extensions: { persistedQuery: { version: 1, sha256Hash: idOf(name) } },
});

/** The answer as a client sees it, without what differs per response (its date, the session token). */
function seen(res: LightMyRequestResponse) {
  const { date: _date, 'set-cookie': cookie, ...headers } = res.headers;
  const cookies = [cookie ?? []].flat().map((c) =>
    String(c)
      .replace(/=[^;]*/, '=…')
      .replace(/Expires=[^;]*/, 'Expires=…'),
  );
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {}
  return { status: res.statusCode, headers, cookies, body };
}

const ORIGIN = { origin: 'https://shop.example.test' };
const ACCEPTS = [
  undefined,
  '*/*',
  'application/json',
  'application/graphql-response+json',
  // graphql-request's, and the GraphQL-over-HTTP spec's advice to clients.
  'application/graphql-response+json, application/json',
  'application/graphql-response+json, application/json;q=0.9',
  'text/html',
];

describe('trusted calls without the Fetch API round trip', () => {
  it('answers as Yoga does, for every Accept and with or without an Origin', async () => {
    const alice = await customer(t, { email: 'alice@example.test' });
    const calls: Call[] = [];
    for (const accept of ACCEPTS)
      for (const headers of [{}, ORIGIN, { ...ORIGIN, cookie: `${SESSION_COOKIE}=${alice.token}` }])
        calls.push({
          payload: persisted('CurrentUser'),
          headers: { ...headers, ...(accept ? { accept } : {}) },
        });
    // The same document as text, as API clients send it (with a session's token, or none).
    for (const accept of ACCEPTS)
      for (const headers of [{}, { authorization: `Bearer ${alice.token}` }, ORIGIN] as Record<
        string,
        string
      >[])
        calls.push({
          payload: { query: textOf('CurrentUser'), operationName: 'CurrentUser' },
          headers: { ...headers, ...(accept ? { accept } : {}) },
        });
    for (const call of calls) {
      const [a, b] = [await send(fast, call), await send(yogaOnly, call)];
      expect(seen(a), JSON.stringify(call.headers)).toEqual(seen(b));
    }
    const signedIn = await send(fast, calls[2]!);
    expect(signedIn.json().data.currentUser.email).toBe('alice@example.test');
  });

  it('lets another site read an answer, never with the visitor’s session (no CORS credentials)', async () => {
    const alice = await customer(t, { email: 'alice@example.test' });
    const withSession = { ...ORIGIN, cookie: `${SESSION_COOKIE}=${alice.token}` };
    for (const app of [fast, yogaOnly])
      for (const payload of [persisted('CurrentUser'), { query: '{ currentUser { _id } }' }]) {
        const res = await send(app, { payload, headers: withSession });
        expect(res.headers['access-control-allow-origin']).toBe(ORIGIN.origin);
        expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      }
    // A preflight for an API-key call (Authorization) from another site is granted, without credentials.
    const preflight = await fast.inject({
      method: 'OPTIONS',
      url: '/api',
      headers: {
        ...ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN.origin);
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization, content-type');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers refusals and bad input as Yoga does', async () => {
    const calls: Call[] = [
      // Not authorized (an AppError).
      { payload: persisted('Team') },
      { payload: persisted('Team'), headers: { accept: 'application/graphql-response+json' } },
      // A wrong password (an expected error from a mutation).
      {
        payload: persisted('Login', { email: 'nobody@example.test', password: 'wrong-password' }),
        once: true,
      },
      // Variables graphql-js refuses: missing, and of the wrong type.
      { payload: persisted('OrderIdByNumber', {}) },
      { payload: persisted('OrderIdByNumber', { orderNumber: 'abc' }), headers: ORIGIN },
      // An operation name the document does not have; no name at all.
      { payload: persisted('CurrentUser', undefined, 'Other') },
      { payload: persisted('CurrentUser', undefined, null) },
      // An API key that is not live: refused before anything runs.
      { payload: persisted('CurrentUser'), headers: { authorization: `Bearer sk_live_${'a'.repeat(43)}` } },
      // Parameters Yoga refuses, and an id it does not list.
      { payload: { ...persisted('CurrentUser'), surprise: 1 } },
      { payload: { ...persisted('CurrentUser'), variables: [1] } },
      { payload: { extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } } },
      { payload: [persisted('CurrentUser')] },
      // The same as text, and what only a text can be: a syntax error, a field the schema does not
      // have, a limit exceeded, an empty query, a subscription, introspection (production), the second
      // operation of a document.
      { payload: { query: textOf('Team') } },
      {
        payload: { query: textOf('Login'), variables: { email: 'nobody@example.test', password: 'x' } },
        once: true,
      },
      { payload: { query: textOf('OrderIdByNumber'), variables: { orderNumber: 'abc' } } },
      { payload: { query: textOf('CurrentUser'), operationName: 'Other' } },
      { payload: { query: textOf('CurrentUser'), surprise: 1 } },
      { payload: { query: textOf('CurrentUser'), variables: [1] } },
      { payload: { query: '{ currentUser { _id }' } },
      { payload: { query: '{ currentUser { nope } }' } },
      {
        payload: {
          query: `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: currentBrand { _id }`).join(' ')} }`,
        },
      },
      { payload: { query: '' } },
      { payload: { query: 'subscription { currentUser { _id } }' } },
      { payload: { query: '{ __schema { queryType { name } } }' } },
      {
        payload: {
          query: 'query A { currentUser { _id } } query B { currentBrand { _id } }',
          operationName: 'B',
        },
      },
    ];
    for (const call of calls) {
      const [a, b] = [await send(fast, call), await send(yogaOnly, call)];
      expect(seen(a), JSON.stringify(call.payload)).toEqual(seen(b));
      // Again to the fast path: answered from what it kept of the first (a refused text, say). Not a
      // wrong password: a third would count towards the sign-in rate limit.
      if (!call.once) expect(seen(await send(fast, call)), JSON.stringify(call.payload)).toEqual(seen(b));
    }
  });

  it('runs an operation once when its result has errors, and answers as Yoga does', async () => {
    // Lean execution (fast-path.ts) is on: the onExecute hooks are the ones it was written for.
    expect(
      createGraphQL({ db: t.db, readDb: t.db, config: t.config, adapters: t.adapters, log: fast.log })
        .leanExecution,
    ).toBe(true);
    const industry = await createIndustry(t.db, { brandId: defaultBrandId, title: 'Restaurants' });
    const shop = await createQuestionnaire(t.db, {
      brandId: defaultBrandId,
      industryId: industry.id,
      title: 'Dine-In',
    });
    // The first field starts a cart; the second is refused (and, startOrder being non-null, the data
    // with it): the result has an error, so the fast path hands it to envelop's hooks (logging, enum
    // wording, masking), which must not run the mutation again.
    const query = `mutation ($qids: [String!]!) {
      a: startOrder(qids: $qids, serviceKeys: ["mysteryShop"]) { _id }
      b: startOrder(qids: ["no-such-questionnaire"], serviceKeys: ["mysteryShop"]) { _id } }`;
    const call = { payload: { query, variables: { qids: [shop.id] } } };
    const answers = [];
    for (const app of [fast, yogaOnly]) {
      const before = (await t.db.select().from(orders)).length;
      const res = await send(app, call);
      expect((await t.db.select().from(orders)).length - before).toBe(1);
      expect(res.json()).toMatchObject({ data: null, errors: [{ path: ['b'] }] });
      answers.push(seen(res));
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('signs in through a trusted mutation with the same session cookie', async () => {
    const alice = await customer(t, { email: 'alice@example.test' });
    const call = {
      payload: persisted('Login', { email: alice.user.email, password: 'password123' }),
      headers: ORIGIN,
    };
    const [a, b] = [await send(fast, call), await send(yogaOnly, call)];
    const [seenA, seenB] = [seen(a), seen(b)];
    const token = (s: ReturnType<typeof seen>) =>
      (s.body as { data: { login: { token: string } } }).data.login.token;
    expect(token(seenA)).not.toBe(token(seenB));
    expect({ ...seenA, headers: { ...seenA.headers, 'content-length': 0 }, body: null }).toEqual({
      ...seenB,
      headers: { ...seenB.headers, 'content-length': 0 },
      body: null,
    });
    expect(seenA.cookies[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=…; .*HttpOnly`));
    const me = await send(fast, {
      payload: persisted('CurrentUser'),
      headers: { ...ORIGIN, cookie: `${SESSION_COOKIE}=${token(seenA)}` },
    });
    expect(me.json().data.currentUser.email).toBe(alice.user.email);
  });

  it('takes only the calls it answers exactly as Yoga would', async () => {
    const { answerTrustedCall } = createGraphQL({
      db: t.db,
      readDb: t.db,
      config: t.config,
      adapters: t.adapters,
      log: fast.log,
    });
    const probe = Fastify();
    await probe.register(fastifyCookie);
    probe.post('/api', async (req, reply) =>
      (await answerTrustedCall(req, reply)) ? reply : reply.code(599).send(),
    );
    const taken = async (call: Call) => (await send(probe, call)).statusCode !== 599;
    expect(await taken({ payload: persisted('CurrentUser') })).toBe(true);
    expect(await taken({ payload: persisted('CurrentUser'), headers: { ...ORIGIN, accept: '*/*' } })).toBe(
      true,
    );
    // graphql-request's Accept, by id and as text.
    const graphqlRequest = { accept: 'application/graphql-response+json, application/json' };
    expect(await taken({ payload: persisted('CurrentUser'), headers: graphqlRequest })).toBe(true);
    expect(await taken({ payload: { query: '{ currentBrand { _id } }' }, headers: graphqlRequest })).toBe(
      true,
    );
    expect(await taken({ payload: persisted('Login', { email: 'a@b.test', password: 'x' }) })).toBe(true);
    // A text from a client without an Origin, once it passed Yoga's parse and validation (the limits).
    expect(await taken({ payload: { query: '{ currentUser { _id } }' } })).toBe(true);
    expect(await taken({ payload: { query: '{ currentUser { _id } }' } })).toBe(true);
    // Yoga's: a text from a page (an Origin: trusted-documents.ts decides), a text Yoga's hooks refuse
    // (each time), a batch, an unknown id, another media type, a preflight's headers.
    expect(await taken({ payload: { query: '{ currentUser { _id } }' }, headers: ORIGIN })).toBe(false);
    for (const query of [
      '{ currentUser { nope } }',
      '{ currentUser { _id } }}',
      `{ ${Array.from({ length: 40 }, (_, i) => `a${i}: currentBrand { _id }`).join(' ')} }`,
    ])
      for (const _ of [1, 2]) expect(await taken({ payload: { query } })).toBe(false);
    expect(await taken({ payload: { query: '{ currentUser { _id } }', extensions: {} } })).toBe(false);
    expect(await taken({ payload: [persisted('CurrentUser')] })).toBe(false);
    expect(
      await taken({
        payload: { extensions: { persistedQuery: { version: 1, sha256Hash: 'f'.repeat(64) } } },
      }),
    ).toBe(false);
    expect(await taken({ payload: persisted('CurrentUser'), headers: { accept: 'text/event-stream' } })).toBe(
      false,
    );
    expect(
      await taken({
        payload: persisted('CurrentUser'),
        headers: { 'access-control-request-method': 'POST' },
      }),
    ).toBe(false);
    expect(await taken({ payload: { ...persisted('CurrentUser'), surprise: 1 } })).toBe(false);
    await probe.close();
  });
});
