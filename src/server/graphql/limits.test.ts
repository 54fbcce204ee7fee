import { beforeEach, describe, expect, it } from 'vitest';
import type { MailAdapter } from '../adapters/mail.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { MSG_SUBSCRIPTIONS_UNSUPPORTED } from './operation-types.js';
import { MSG_BODY_NOT_OBJECT, MSG_QUERY_REQUIRED } from './request-body.js';
import { UNEXPECTED_ERROR_MESSAGE } from './yoga.js';

const t = setupTestApp();

const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };
const INTROSPECTION = '{ __schema { queryType { name } types { name } } }';

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
});

/** `{ ... on Query { ... on Query { ... currentBrand { _id } } } }` nested `levels` deep. */
const nestedQuery = (levels: number) => {
  let inner = 'currentBrand { _id }';
  for (let i = 0; i < levels; i++) inner = `... on Query { ${inner} }`;
  return `{ ${inner} }`;
};

describe('GraphQL limits', () => {
  it('answers a reasonably nested query', async () => {
    const res = await t.gql(nestedQuery(8));
    expect(res.errors).toBeUndefined();
    expect(res.data.currentBrand._id).toBeTruthy();
  });

  /** The one error of a refused document: its message and its code (README, "GraphQL error codes"). */
  const refusal = (res: { data?: unknown; errors?: { message: string; extensions?: unknown }[] }) => {
    expect(res.data ?? null).toBeNull();
    expect(res.errors).toHaveLength(1);
    return {
      message: res.errors![0]!.message,
      code: (res.errors![0]!.extensions as { code?: string })?.code,
    };
  };

  it('rejects a query nested deeper than the depth limit without running it', async () => {
    const res = await t.gql(nestedQuery(14));
    expect(refusal(res)).toEqual({
      message: expect.stringMatching(/depth limit of 12 exceeded/i),
      code: 'QUERY_TOO_DEEP',
    });
  });

  it('rejects a query with too many aliases', async () => {
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: currentBrand { _id }`).join(' ');
    const res = await t.gql(`{ ${aliases} }`);
    expect(refusal(res)).toEqual({
      message: expect.stringMatching(/aliases limit of 15 exceeded/i),
      code: 'TOO_MANY_ALIASES',
    });
  });

  it('rejects a query over the cost limit (shallow and short enough for the other limits)', async () => {
    const ids = Array.from({ length: 300 }, () => '_id').join(' ');
    let inner = `currentBrand { ${ids} }`;
    for (let i = 0; i < 9; i++) inner = `... on Query { ${inner} }`;
    const res = await t.gql(`{ ${inner} }`);
    expect(refusal(res)).toEqual({
      message: expect.stringMatching(/cost limit of 8000 exceeded/i),
      code: 'QUERY_TOO_COSTLY',
    });
  });

  it('rejects a query with too many directives', async () => {
    const directives = Array.from({ length: 25 }, () => '@include(if: true)').join(' ');
    const res = await t.gql(`{ currentBrand ${directives} { _id } }`);
    expect(refusal(res)).toEqual({
      message: expect.stringMatching(/directives limit of 20 exceeded/i),
      code: 'TOO_MANY_DIRECTIVES',
    });
  });

  it('accepts a handful of aliases', async () => {
    const aliases = Array.from({ length: 5 }, (_, i) => `a${i}: currentBrand { _id }`).join(' ');
    const res = await t.gql(`{ ${aliases} }`);
    expect(res.errors).toBeUndefined();
  });

  it('rejects an oversized query (token limit)', async () => {
    const fields = Array.from({ length: 4000 }, () => '_id').join(' ');
    const res = await t.gql(`{ currentBrand { ${fields} } }`);
    expect(refusal(res)).toEqual({
      message: expect.stringMatching(/token limit of 3000 exceeded/i),
      code: 'TOO_MANY_TOKENS',
    });
  });
});

describe('a POST body that is no GraphQL request', () => {
  const post = (payload: string, app?: Awaited<ReturnType<typeof t.buildApp>>) =>
    (app ?? t.app).inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['{}', MSG_QUERY_REQUIRED],
    ['null', MSG_BODY_NOT_OBJECT],
    ['42', MSG_BODY_NOT_OBJECT],
    ['"{ currentBrand { _id } }"', MSG_BODY_NOT_OBJECT],
    ['[]', MSG_BODY_NOT_OBJECT],
  ])(
    'answers %s with what is missing (a query), without parser internals, in production too',
    async (body, message) => {
      const production = await t.buildApp({ env: PRODUCTION_ENV });
      for (const res of [await post(body), await post(body, production)]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
        expect(res.body).not.toMatch(/originalError|SyntaxError|invalid JSON/);
      }
      expect(message).toMatch(/query/);
    },
  );

  it('still runs a request object', async () => {
    const res = await post(JSON.stringify({ query: '{ currentBrand { shortName } }' }));
    expect(res.json()).toEqual({ data: { currentBrand: { shortName: 'default' } } });
  });
});

describe('introspection', () => {
  it('is available outside production', async () => {
    const res = await t.gql(INTROSPECTION);
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.queryType.name).toBe('Query');
  });

  it('is disabled when NODE_ENV=production', async () => {
    const app = await t.buildApp({ env: PRODUCTION_ENV });
    const res = await t.gql(INTROSPECTION, {}, { app });
    expect(res.data ?? null).toBeNull();
    expect(res.errors!.map((e) => e.message).join(' ')).toMatch(/introspection/i);
    // The app itself still answers.
    const ok = await t.gql('{ currentBrand { shortName } }', {}, { app });
    expect(ok.data.currentBrand.shortName).toBe('default');
  });

  it('does not suggest field names in production', async () => {
    const app = await t.buildApp({ env: PRODUCTION_ENV });
    const res = await t.gql('{ currentBran { _id } }', {}, { app });
    expect(res.errors).toBeDefined();
    expect(JSON.stringify(res.errors)).not.toContain('Did you mean');
  });
});

describe('errors', () => {
  const refused = () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:25 (internal-secret-detail)');
  };
  const failingMail: MailAdapter = {
    transport: 'smtp',
    send: async () => refused(),
    queue: refused,
    sendMany: async () => refused(),
    deliver: async () => refused(),
  };

  it('masks an unexpected error behind a generic message', async () => {
    await createUser(t.db, { email: 'ann@example.test' });
    const app = await t.buildApp({ adapters: { mail: failingMail } });
    const res = await t.gql('mutation { sendResetPasswordEmail(email: "ann@example.test") }', {}, { app });
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]!.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(JSON.stringify(res.errors)).not.toContain('internal-secret-detail');
    expect(JSON.stringify(res.errors)).not.toContain('ECONNREFUSED');
  });

  it('masks unexpected errors in production too', async () => {
    await createUser(t.db, { email: 'ann@example.test' });
    const app = await t.buildApp({ env: PRODUCTION_ENV, adapters: { mail: failingMail } });
    const res = await t.gql('mutation { sendResetPasswordEmail(email: "ann@example.test") }', {}, { app });
    expect(res.errors![0]!.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    expect(JSON.stringify(res)).not.toContain('internal-secret-detail');
  });

  it.each([
    ['subscription { __typename }', undefined],
    ['subscription Watch { __typename }', 'Watch'],
    ['query Q { __typename } subscription S { __typename }', 'S'],
  ])('refuses %s as a client error (400), by POST and GET', async (query, operationName) => {
    const post = await t.inject({ method: 'POST', url: '/api', payload: { query, operationName } });
    const params = new URLSearchParams({ query, ...(operationName ? { operationName } : {}) });
    const get = await t.inject({ method: 'GET', url: `/api?${params}` });
    for (const res of [post, get]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({
          message: MSG_SUBSCRIPTIONS_UNSUPPORTED,
          extensions: { code: 'OPERATION_NOT_SUPPORTED' },
        }),
      ]);
    }
    // The query of the same document still runs.
    if (operationName === 'S') {
      const q = await t.inject({ method: 'POST', url: '/api', payload: { query, operationName: 'Q' } });
      expect(q.json()).toEqual({ data: { __typename: 'Query' } });
    }
  });

  it('passes an expected error through with its message and code', async () => {
    const res = await t.gql('mutation { changePassword(oldPassword: "a", newPassword: "bbbbbbbb") }');
    expect(res.errors![0]!.message).toBe('You must be logged in.');
    expect(res.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
  });
});

describe('HTTP hardening', () => {
  it('sends security headers with API responses', async () => {
    const res = await t.gql('{ currentBrand { _id } }');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('marks the session cookie Secure in production', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'right-pass' });
    const app = await t.buildApp({ env: PRODUCTION_ENV });
    const res = await t.gql(
      'mutation { login(email: "ann@example.test", password: "right-pass") { token } }',
      {},
      { app },
    );
    const sid = res.cookie('sid');
    expect(sid?.secure).toBe(true);
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
  });
});
