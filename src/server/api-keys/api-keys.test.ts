import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  MSG_API_KEY_INVALID,
  MSG_API_KEY_NAME_REQUIRED,
  MSG_API_KEY_NOT_FOUND,
  MSG_API_KEY_READ_ONLY,
  msgApiKeyFieldRefused,
} from '../../domain/index.js';
import { EvaluationStatus } from '../../evaluation/index.js';
import { people } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  apiKeys,
  evaluations,
  forms,
  formVersions,
  userQuestionnaires,
} from '../db/schema.js';
import { managerOf } from '../team/test-fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { type Catalogue, catalogue, customer, placedOrderOf } from '../test/order-wizard.js';
import { findLiveApiKey } from './authenticate-api-key.js';

const t = setupTestApp();
let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;
let shopId: string;

const CREATE = `mutation ($name: String!, $scopes: [ApiKeyScope!]) {
  createApiKey(name: $name, scopes: $scopes) { secret key { _id name prefix scopes createdAt lastUsedAt revokedAt } } }`;
const LIST =
  'query ($clientId: String) { apiKeys(clientId: $clientId) { _id name prefix scopes lastUsedAt revokedAt } }';
const REVOKE = 'mutation ($_id: String!) { revokeApiKey(_id: $_id) { _id revokedAt } }';
const REPORT = 'query ($_id: String!) { evaluation(_id: $_id) { _id percentage statusName } }';

/** Makes a key as the session `token` and returns its id and secret. */
async function createKey(token: string, name = 'Power BI') {
  const res = await t.gql(CREATE, { name }, { token });
  expect(res.errors).toBeUndefined();
  return { id: res.data.createApiKey.key._id as string, secret: res.data.createApiKey.secret as string };
}

const programs = (secret: string, query = 'pageNumber=1&pageSize=999') =>
  t.inject({ method: 'GET', url: `/api/programs/?${query}`, token: secret });

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  const order = await placedOrderOf(t, c, p.alice.token);
  const [uq] = await t.db.select().from(userQuestionnaires);
  await t.db.insert(forms).values({ id: 'f1', name: 'F', draft: {} });
  await t.db.insert(formVersions).values({ id: 'fv1', formId: 'f1', version: 1, definition: {} });
  shopId = newId();
  await t.db.insert(evaluations).values({
    id: shopId,
    formVersionId: 'fv1',
    status: EvaluationStatus.Approved,
    document: {},
    clientId: p.alice.user.id,
    uqid: uq!.id,
    locationId: order.locationId,
    shopDate: '2026-03-02',
    score: 8,
    possibleScore: 10,
  });
});

describe('creating a key', () => {
  it('shows the secret once and stores only its SHA-256 and prefix', async () => {
    const res = await t.gql(CREATE, { name: '  Power BI ' }, { token: p.alice.token });
    expect(res.errors).toBeUndefined();
    const { secret, key } = res.data.createApiKey;
    expect(secret).toMatch(/^sk_live_[A-Za-z0-9]{43}$/);
    expect(key).toMatchObject({
      name: 'Power BI',
      prefix: secret.slice(0, 12),
      scopes: ['REPORTING_READ'],
      lastUsedAt: null,
      revokedAt: null,
    });

    // The database never holds the secret, only its hash.
    const rows = await t.rows<Record<string, unknown>>(sql`select * from api_keys`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret.slice(12));
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(secret).digest('base64url'));

    // The list never shows it again, and the schema has no field for it.
    const list = await t.gql(LIST, {}, { token: p.alice.token });
    expect(list.data.apiKeys).toEqual([
      {
        _id: key._id,
        name: 'Power BI',
        prefix: key.prefix,
        scopes: ['REPORTING_READ'],
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(JSON.stringify(list.data)).not.toContain(secret);
    const asked = await t.gql('query { apiKeys { secret } }', {}, { token: p.alice.token });
    expect(asked.errors?.[0]?.message).toMatch(/Cannot query field "secret"/);
  });

  it('names the field of bad input', async () => {
    const empty = await t.gql(CREATE, { name: ' ' }, { token: p.alice.token });
    expect(empty.errors?.[0]).toMatchObject({
      message: MSG_API_KEY_NAME_REQUIRED,
      extensions: { code: 'BAD_USER_INPUT', field: 'name' },
    });
    // Scopes are ApiKeyScope names: REPORTING_READ for the stored and documented reporting:read.
    for (const scopes of [['orders:write'], ['reporting:read']]) {
      const scope = await t.gql(CREATE, { name: 'x', scopes }, { token: p.alice.token });
      expect(scope.errors?.[0]).toMatchObject({
        message: 'Scope must be REPORTING_READ.',
        extensions: { code: 'BAD_USER_INPUT', field: 'scopes' },
      });
    }
    expect(await t.rows(sql`select id from api_keys`)).toEqual([]);
    const named = await t.gql(CREATE, { name: 'x', scopes: ['REPORTING_READ'] }, { token: p.alice.token });
    expect(named.data.createApiKey.key.scopes).toEqual(['REPORTING_READ']);
    expect(await t.rows(sql`select scopes from api_keys`)).toEqual([{ scopes: ['reporting:read'] }]);
  });
});

describe('the reporting API with a key', () => {
  it("returns the customer's data without a signature and refuses another customer's client", async () => {
    const { secret } = await createKey(p.alice.token);
    const own = await programs(secret);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual([expect.objectContaining({ programName: 'Dine-In' })]);
    expect((await programs(secret, `client=${p.alice.user.id}`)).statusCode).toBe(200);

    const other = await programs(secret, `client=${p.bob.user.id}`);
    expect(other.statusCode).toBe(403);

    // Bob's key reads Bob's (empty) account, never Alice's.
    const bobs = await createKey(p.bob.token);
    expect((await programs(bobs.secret)).json()).toEqual([]);
    expect((await programs(bobs.secret, `client=${p.alice.user.id}`)).statusCode).toBe(403);

    const shops = await t.inject({
      method: 'GET',
      url: '/api/summary/shops?startDate=2026-01-01&endDate=2026-12-31',
      token: secret,
    });
    expect(shops.json().map((r: { shop_id: string }) => r.shop_id)).toEqual([shopId]);
  });

  it('refuses a revoked key at once, and an unknown one', async () => {
    const { id, secret } = await createKey(p.alice.token);
    expect((await programs(secret)).statusCode).toBe(200);
    expect((await t.gql(REVOKE, { _id: id }, { token: p.alice.token })).errors).toBeUndefined();
    const refused = await programs(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: MSG_API_KEY_INVALID });
    expect((await programs(`sk_live_${'x'.repeat(43)}`)).statusCode).toBe(401);
  });

  it.each([
    '/api/summary/shops',
    '/api/summary/sectionHeaders',
    '/api/summary/worstQuestions',
    '/api/summary/questions',
  ])('refuses a day that is not in the calendar on %s with a 400 naming the parameter', async (path) => {
    const { secret } = await createKey(p.alice.token);
    for (const [param, day] of [
      ['startDate', '2025-13-45'],
      ['startDate', '2025-02-30'],
      ['endDate', '0000-00-00'],
      ['endDate', '2023-02-29'],
    ] as const) {
      const res = await t.inject({ method: 'GET', url: `${path}?${param}=${day}`, token: secret });
      expect(res.statusCode, `${param}=${day}`).toBe(400);
      expect(res.json()).toEqual({ error: `${param} must be a date as YYYY-MM-DD.`, field: param });
    }
    const leap = await t.inject({ method: 'GET', url: `${path}?startDate=2024-02-29`, token: secret });
    expect(leap.statusCode).toBe(200);
  });

  it('marks the key used, at most once a minute', async () => {
    const { id, secret } = await createKey(p.alice.token);
    const lastUsed = async () =>
      (await t.db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, id)))[0]!.at;
    // A request marks it (the server's clock).
    await programs(secret);
    expect(await lastUsed()).toBeInstanceOf(Date);

    // The rule, on a clock of the test's own: kept within the minute, marked again once it has passed.
    const noon = new Date('2026-03-02T12:00:00.000Z');
    await t.db.update(apiKeys).set({ lastUsedAt: noon }).where(eq(apiKeys.id, id));
    const at = (ms: number) => new Date(noon.getTime() + ms);
    expect(await findLiveApiKey(t.db, secret, at(30_000))).not.toBeNull();
    expect(await lastUsed()).toEqual(noon);
    await findLiveApiKey(t.db, secret, at(59_999));
    expect(await lastUsed()).toEqual(noon);
    await findLiveApiKey(t.db, secret, at(60_000));
    expect(await lastUsed()).toEqual(at(60_000));
    await findLiveApiKey(t.db, secret, at(120_000));
    expect(await lastUsed()).toEqual(at(120_000));
  });
});

describe('GraphQL with a key', () => {
  it("reads the customer's reports and nothing else; mutations are refused", async () => {
    const { secret } = await createKey(p.alice.token);
    const report = await t.gql(REPORT, { _id: shopId }, { token: secret });
    expect(report.errors).toBeUndefined();
    expect(report.data.evaluation).toMatchObject({ _id: shopId, percentage: 80 });
    expect((await t.gql('query { regions { _id } }', {}, { token: secret })).data.regions).toEqual([]);

    const mutation = await t.gql(CREATE, { name: 'another' }, { token: secret });
    expect(mutation.errors?.[0]).toMatchObject({
      message: MSG_API_KEY_READ_ONLY,
      extensions: { code: 'FORBIDDEN' },
    });
    for (const [query, field] of [
      ['query { currentUser { email } }', 'currentUser'],
      ['query { apiKeys { _id } }', 'apiKeys'],
      ['query { evaluation(_id: "x") { _id } team { members { _id } } }', 'team'],
    ] as const) {
      const res = await t.gql(query, {}, { token: secret });
      expect(res.errors?.[0]?.message).toBe(msgApiKeyFieldRefused(field));
      expect(res.data).toBeNull();
    }
    expect(await t.rows(sql`select id from api_keys`)).toHaveLength(1);

    // Another customer's report is not the key's to read.
    const bobs = await createKey(p.bob.token);
    expect((await t.gql(REPORT, { _id: shopId }, { token: bobs.secret })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
  });

  it('acts for the account, never as a platform admin, even when the account is one', async () => {
    const { secret } = await createKey(p.admin.token);
    // An admin's session reads any report; the admin's key reads only its own account's.
    expect((await t.gql(REPORT, { _id: shopId }, { token: p.admin.token })).errors).toBeUndefined();
    expect((await t.gql(REPORT, { _id: shopId }, { token: secret })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    expect((await programs(secret, `client=${p.alice.user.id}`)).statusCode).toBe(403);
  });

  it('refuses a revoked key as unauthenticated, not as an anonymous visitor', async () => {
    const { id, secret } = await createKey(p.alice.token);
    await t.gql(REVOKE, { _id: id }, { token: p.alice.token });
    const res = await t.gql('query { reportingApiUrl }', {}, { token: secret });
    expect(res.errors?.[0]).toMatchObject({
      message: MSG_API_KEY_INVALID,
      extensions: { code: 'UNAUTHENTICATED' },
    });
  });
});

describe('the Authorization scheme', () => {
  // RFC 9110 (11.1): the scheme is case-insensitive, and one or more spaces separate it from the token.
  it.each(['bearer', 'BEARER', 'BeArEr'])(
    'reads "%s <key>" as the key, on REST and GraphQL',
    async (scheme) => {
      const { secret } = await createKey(p.alice.token);
      const authorization = `${scheme} ${secret}`;
      const rest = await t.inject({ method: 'GET', url: '/api/programs/', headers: { authorization } });
      expect(rest.statusCode).toBe(200);
      expect(rest.json()).toEqual([expect.objectContaining({ programName: 'Dine-In' })]);
      const gql = await t.gql(REPORT, { _id: shopId }, { headers: { authorization } });
      expect(gql.errors).toBeUndefined();
      expect(gql.data.evaluation).toMatchObject({ _id: shopId });
    },
  );

  it.each(['bearer', 'BEARER', 'Bearer  '])('reads "%s <session token>" as the session', async (scheme) => {
    const res = await t.gql(
      'query { currentUser { email } }',
      {},
      { headers: { authorization: `${scheme} ${p.alice.token}` } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.currentUser).toEqual({ email: p.alice.user.email });
  });

  it('still refuses a revoked key sent with a lower-case scheme, and ignores other schemes', async () => {
    const { id, secret } = await createKey(p.alice.token);
    await t.gql(REVOKE, { _id: id }, { token: p.alice.token });
    const refused = await t.inject({
      method: 'GET',
      url: '/api/programs/',
      headers: { authorization: `bearer ${secret}` },
    });
    expect(refused.statusCode).toBe(401);
    const basic = await t.gql(
      'query { currentUser { email } }',
      {},
      { headers: { authorization: `Basic ${p.alice.token}` } },
    );
    expect(basic.data.currentUser).toBeNull();
  });
});

describe('who manages keys', () => {
  /** An admin member of Alice's team (written as an accepted invitation leaves it). */
  async function adminMember() {
    const person = await customer(t, { email: 'admin-member@example.test' });
    await t.db.insert(accountMembers).values({
      id: newId(),
      accountId: p.alice.user.id,
      userId: person.user.id,
      role: 'admin',
    });
    return person;
  }

  it('lets only the owner create, list and revoke their keys', async () => {
    const { id } = await createKey(p.alice.token);
    const manager = await managerOf(t, p.alice.user.id, 'manager@example.test', []);
    const admin = await adminMember();

    // Anonymous.
    for (const [query, vars] of [
      [LIST, {}],
      [CREATE, { name: 'x' }],
      [REVOKE, { _id: id }],
    ] as const) {
      expect((await t.gql(query, vars)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    // The team's admin and manager.
    for (const token of [admin.token, manager.token]) {
      for (const [query, vars] of [
        [LIST, {}],
        [LIST, { clientId: p.alice.user.id }],
        [CREATE, { name: 'x' }],
        [REVOKE, { _id: id }],
      ] as const) {
        expect((await t.gql(query, vars, { token })).errors?.[0]?.message).toBe('Not Authorized');
      }
    }
    // Another customer: their own (empty) list; Alice's keys are not theirs to list or revoke.
    expect((await t.gql(LIST, {}, { token: p.bob.token })).data.apiKeys).toEqual([]);
    expect(
      (await t.gql(LIST, { clientId: p.alice.user.id }, { token: p.bob.token })).errors?.[0]?.message,
    ).toBe('Not Authorized');
    expect((await t.gql(REVOKE, { _id: id }, { token: p.bob.token })).errors?.[0]).toMatchObject({
      message: MSG_API_KEY_NOT_FOUND,
      extensions: { field: '_id' },
    });
    const [still] = await t.db
      .select({ revokedAt: apiKeys.revokedAt })
      .from(apiKeys)
      .where(eq(apiKeys.id, id));
    expect(still!.revokedAt).toBeNull();
    expect(await t.rows(sql`select id from api_keys`)).toHaveLength(1);

    // The owner (here with an owner row on the team, as managerOf leaves it).
    expect((await t.gql(LIST, {}, { token: p.alice.token })).data.apiKeys).toHaveLength(1);
    const revoked = await t.gql(REVOKE, { _id: id }, { token: p.alice.token });
    expect(revoked.data.revokeApiKey.revokedAt).toEqual(expect.any(String));
  });

  it("lets a platform admin list and revoke a customer's keys for support", async () => {
    const { id } = await createKey(p.alice.token);
    const list = await t.gql(LIST, { clientId: p.alice.user.id }, { token: p.admin.token });
    expect(list.data.apiKeys.map((k: { _id: string }) => k._id)).toEqual([id]);
    const revoked = await t.gql(REVOKE, { _id: id }, { token: p.admin.token });
    expect(revoked.errors).toBeUndefined();
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row).toMatchObject({ revokedBy: p.admin.user.id });
    // An admin's own keys are of the admin's own account.
    const own = await createKey(p.admin.token);
    const [ownRow] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, own.id));
    expect(ownRow!.accountId).toBe(p.admin.user.id);
  });
});
