import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPABILITY_ROUTES, type CapabilityRoute, capabilityLink } from '../../domain/index.js';
import { buildApp } from '../app.js';
import { UNEXPECTED_ERROR_MESSAGE } from '../graphql/yoga.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';

const t = setupTestApp();

const PASSWORD = 'Correct-Horse-Battery-9';
const EMAIL = 'nora.private@example.test';
const PHONE = '(512)-555-0199';

const REGISTER = `mutation RegisterCustomer($input: RegisterInput!) {
  register(input: $input) { token }
}`;

let app: FastifyInstance;
let lines: string[] = [];
const logText = () => lines.join('');
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  app = await buildApp({
    db: t.db,
    config: t.makeConfig({ LOG_LEVEL: 'info' }),
    adapters: t.adapters,
    logStream: { write: (line) => lines.push(line) },
  });
  // A route failing as a database call does, for the non-GraphQL error path.
  app.get('/test/failing-query', async () => {
    const cause = Object.assign(new Error('permission denied for table users'), {
      name: 'PostgresError',
      code: '42501',
    });
    throw new DrizzleQueryError('select * from users where email = $1', [EMAIL], cause);
  });
  await app.ready();
});
afterAll(() => app?.close());

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
  lines = [];
});

describe('a server error in the log', () => {
  it('names the failed query’s error, operation and request, and holds no password, token, cookie or parameter', async () => {
    const admin = await createUser(t.db, { admin: true, password: 'admin-pass-123' });
    const token = await t.login(admin.email, 'admin-pass-123');
    // The database refuses the new user, quoting the e-mail it was given (a real error on both drivers).
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_user() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'refusing user %', NEW.email USING ERRCODE = 'P0001'; END $$`),
    );
    await t.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_user BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_user()',
      ),
    );
    try {
      const res = await t.gql(
        REGISTER,
        {
          input: {
            email: EMAIL,
            password: PASSWORD,
            profile: { firstName: 'Nora', lastName: 'Private', businessName: 'Nora Co', phone: PHONE },
          },
        },
        { app, token, cookie: { sid: token } },
      );
      expect(res.errors?.[0]?.message).toBe(UNEXPECTED_ERROR_MESSAGE);
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER refuse_user ON users'));
      await t.db.execute(sql.raw('DROP FUNCTION refuse_user()'));
    }

    const entry = logged().find((l) => l.msg === 'GraphQL unexpected error');
    expect(entry).toBeDefined();
    expect(entry!.operationName).toBe('RegisterCustomer');
    expect(entry!.reqId).toEqual(expect.any(String));
    const err = entry!.err as { type: string; cause?: { type: string; code?: string; message: string } };
    expect(JSON.stringify(err)).toContain('DrizzleQueryError');
    expect(JSON.stringify(err)).toContain('P0001');
    expect(JSON.stringify(err)).toContain('refusing user');
    expect(entry).not.toHaveProperty('variables');

    const text = logText();
    for (const secret of [PASSWORD, EMAIL, PHONE, token, 'insert into', 'scrypt$']) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers a failing non-GraphQL route generically and logs it without the query or its parameters', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/failing-query?token=secret-link-token' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: UNEXPECTED_ERROR_MESSAGE,
    });
    const entry = logged().find((l) => l.msg === 'Unexpected server error');
    expect(entry).toMatchObject({
      err: { type: 'DrizzleQueryError', cause: { type: 'PostgresError', code: '42501' } },
    });
    const text = logText();
    expect(text).toContain('/test/failing-query?token=[Redacted]');
    for (const secret of [EMAIL, 'select * from users', 'secret-link-token'])
      expect(text).not.toContain(secret);
  });

  it('still answers a client error with its own status and message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.any(String) });
  });
});

describe('capability links in the request log (issue 42)', () => {
  const SECRET = 'Cap4bility-Secret-9f8e7d6c5b4a';

  it('logs every token-bearing link with its token blanked: the links as e-mailed, and as typed', async () => {
    const values = { secret: SECRET, key: SECRET, id: 'plan_1', evaluationId: 'ev_1', programId: 'pr_1' };
    const links = (Object.keys(CAPABILITY_ROUTES) as CapabilityRoute[]).map((route) =>
      capabilityLink('', route, values),
    );
    // What a hand-typed or mangled link still opens: another case, a doubled or trailing slash.
    links.push(
      `/INVITATION/${SECRET}`,
      `/unsubscribe//${SECRET}/`,
      `/account/reports/qr/pr_1/${SECRET}/client_1`,
    );
    for (const url of links) {
      lines = [];
      await app.inject({ method: 'GET', url });
      const text = logText();
      expect(text, url).toContain('[Redacted]');
      expect(text, url).not.toContain(SECRET);
    }
  });
});
