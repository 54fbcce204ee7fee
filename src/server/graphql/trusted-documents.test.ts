import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/sessions.js';
import { twoFactorTotp } from '../db/schema.js';
import { createBrand, setupTestApp } from '../test/harness.js';
import { customer } from '../test/order-wizard.js';
import { MSG_PERSISTED_ONLY, MSG_UNKNOWN_DOCUMENT, readTrustedDocuments } from './trusted-documents.js';

// The web app's documents are sent by id; in production a browser (a request with an Origin) may send a
// document's text only with an API client's token or as a platform admin (the GraphQL explorer).

const t = setupTestApp();
const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };
const ORIGIN = { origin: 'https://shop.example.test' };
const TEXT = '{ currentUser { _id email } }';

const documents = readTrustedDocuments();
/** The build's id of the web app's CurrentUser query (the list codegen writes before the tests run). */
const CURRENT_USER = [...documents].find(([, text]) => text.startsWith('query CurrentUser {'))![0];

let prod: FastifyInstance;
beforeAll(async () => {
  prod = await t.buildApp({ env: PRODUCTION_ENV });
});
beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
});

/** POST /api with a persisted id (as the web app sends it) or a document's text. */
async function call(
  app: FastifyInstance,
  body: { id?: string; query?: string },
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api',
    headers: { 'content-type': 'application/json', ...headers },
    payload: {
      ...(body.query ? { query: body.query } : {}),
      ...(body.id ? { extensions: { persistedQuery: { version: 1, sha256Hash: body.id } } } : {}),
    },
  });
  return res.json() as {
    data?: { currentUser: { email: string } | null } | null;
    errors?: { message: string }[];
  };
}

describe('trusted documents', () => {
  it('lists the web app’s documents by their SHA-256 id', () => {
    expect(documents.size).toBeGreaterThan(100);
    expect(CURRENT_USER).toMatch(/^[0-9a-f]{64}$/);
  });

  it('runs a listed document by its id, for the caller, in production', async () => {
    const alice = await customer(t, { email: 'alice@example.test' });
    const res = await call(
      prod,
      { id: CURRENT_USER },
      { ...ORIGIN, cookie: `${SESSION_COOKIE}=${alice.token}` },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.currentUser?.email).toBe('alice@example.test');
  });

  it('refuses an id it does not list, telling the page to reload', async () => {
    const res = await call(prod, { id: 'f'.repeat(64) }, ORIGIN);
    expect(res.errors?.[0]?.message).toBe(MSG_UNKNOWN_DOCUMENT);
  });

  it('refuses a document’s text from a browser, anonymous or with a customer’s session cookie', async () => {
    const alice = await customer(t, { email: 'alice@example.test' });
    for (const headers of [ORIGIN, { ...ORIGIN, cookie: `${SESSION_COOKIE}=${alice.token}` }]) {
      const res = await call(prod, { query: TEXT }, headers);
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.[0]?.message).toBe(MSG_PERSISTED_ONLY);
    }
  });

  it('runs a document’s text for an API client with a live token, for a platform admin, and without an Origin', async () => {
    const alice = await customer(t, { email: 'alice@example.test' });
    const admin = await customer(t, { email: 'admin@example.test', admin: true });
    // Production requires a platform admin's second factor (issue 50): this one has it on.
    await t.db
      .insert(twoFactorTotp)
      .values({ userId: admin.user.id, secretEnc: 'unused', confirmedAt: new Date() });
    const bearer = await call(prod, { query: TEXT }, { ...ORIGIN, authorization: `Bearer ${alice.token}` });
    expect(bearer.data?.currentUser?.email).toBe('alice@example.test');
    const explorer = await call(
      prod,
      { query: TEXT },
      { ...ORIGIN, cookie: `${SESSION_COOKIE}=${admin.token}` },
    );
    expect(explorer.data?.currentUser?.email).toBe('admin@example.test');
    const script = await call(prod, { query: TEXT }, { authorization: `Bearer ${alice.token}` });
    expect(script.data?.currentUser?.email).toBe('alice@example.test');
    const anonymousScript = await call(prod, { query: TEXT });
    expect(anonymousScript.errors).toBeUndefined();
    expect(anonymousScript.data?.currentUser).toBeNull();
  });

  it('runs a document’s text from a browser for an API key of the account, read-only', async () => {
    const alice = await customer(t, { email: 'alice@example.test' });
    const created = await t.gql(
      'mutation { createApiKey(name: "BI") { secret } }',
      {},
      { token: alice.token },
    );
    const key = created.data.createApiKey.secret as string;
    const res = await call(
      prod,
      { query: '{ reportingApiUrl }' },
      { ...ORIGIN, authorization: `Bearer ${key}` },
    );
    expect(res.errors).toBeUndefined();
    const revoked = await t.gql('{ apiKeys { _id } }', {}, { token: alice.token });
    await t.gql(
      'mutation ($id: String!) { revokeApiKey(_id: $id) { _id } }',
      { id: revoked.data.apiKeys[0]._id },
      {
        token: alice.token,
      },
    );
    const after = await call(
      prod,
      { query: '{ reportingApiUrl }' },
      { ...ORIGIN, authorization: `Bearer ${key}` },
    );
    expect(after.errors?.[0]?.message).toBe(MSG_PERSISTED_ONLY);
  });

  it('refuses a text sent with a token that is not live', async () => {
    const res = await call(prod, { query: TEXT }, { ...ORIGIN, authorization: 'Bearer not-a-session' });
    expect(res.errors?.[0]?.message).toBe(MSG_PERSISTED_ONLY);
  });

  it('runs any document from a browser outside production (development tools, tests)', async () => {
    const res = await call(t.app, { query: TEXT }, ORIGIN);
    expect(res.errors).toBeUndefined();
  });
});
