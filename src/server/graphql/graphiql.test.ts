import type { FastifyInstance } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { people } from '../account/test-fixtures.js';
import { twoFactorTotp } from '../db/schema.js';
import { GRAPHIQL_CSP } from '../security-headers.js';
import { setupTestApp } from '../test/harness.js';
import { catalogue } from '../test/order-wizard.js';
import { asksForSchema, GRAPHIQL_ASSETS } from './graphiql.js';

const t = setupTestApp();
const PRODUCTION_ENV = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };

let p: Awaited<ReturnType<typeof people>>;
let production: FastifyInstance;
beforeAll(async () => {
  await t.resetDb();
  await catalogue(t); // the brand the logins belong to
  p = await people(t);
  // Production requires a platform admin's second factor (issue 50): this one has it on.
  await t.db
    .insert(twoFactorTotp)
    .values({ userId: p.admin.user.id, secretEnc: 'unused', confirmedAt: new Date() });
  production = await t.buildApp({ env: PRODUCTION_ENV });
});

/** GET /api as a browser asks for it (Accept: text/html). */
const openExplorer = (app: FastifyInstance, token?: string) =>
  app.inject({
    method: 'GET',
    url: '/api',
    headers: { accept: 'text/html', ...(token && { authorization: `Bearer ${token}` }) },
  });

const isExplorer = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
  res.statusCode === 200 &&
  String(res.headers['content-type']).startsWith('text/html') &&
  res.body.includes(`${GRAPHIQL_ASSETS}/graphiql.js`);

describe('the GraphQL explorer (GraphiQL) at GET /api', () => {
  it('opens for everyone in development, from this server’s files with no inline script', async () => {
    const res = await openExplorer(t.app);
    expect(isExplorer(res)).toBe(true);
    expect(res.headers['content-security-policy']).toBe(GRAPHIQL_CSP);
    const directives = GRAPHIQL_CSP.split('; ');
    expect(directives).toContain("script-src 'self'");
    expect(directives).toContain("worker-src 'self'");
    expect(GRAPHIQL_CSP).not.toMatch(/https:|unsafe-eval/);
    // Only the options as JSON data, which the browser does not run; every script is a file.
    const inline = [...res.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!.trim());
    expect(inline).toEqual(['type="application/json" id="graphiql-options"']);
    for (const url of [...res.body.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!)) {
      const file = await t.inject({ method: 'GET', url });
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['content-type']).toMatch(/^text\/(javascript|css)/);
    }
    for (const worker of ['editor.worker.js', 'json.worker.js', 'graphql.worker.js']) {
      expect((await t.inject({ method: 'GET', url: `${GRAPHIQL_ASSETS}/${worker}` })).statusCode).toBe(200);
    }
    expect((await t.inject({ method: 'GET', url: `${GRAPHIQL_ASSETS}/secrets.js` })).statusCode).toBe(404);
    // Names of the object's own methods are no files (found by the REST fuzz suite: they were a 500).
    for (const name of ['toString', 'valueOf', 'constructor'])
      expect((await t.inject({ method: 'GET', url: `${GRAPHIQL_ASSETS}/${name}` })).statusCode, name).toBe(
        404,
      );
  });

  it('opens in production only for a logged-in platform admin; a customer and a visitor get no explorer', async () => {
    expect(isExplorer(await openExplorer(production, p.admin.token))).toBe(true);
    const customer = await openExplorer(production, p.alice.token);
    const anonymous = await openExplorer(production);
    for (const res of [customer, anonymous]) {
      expect(isExplorer(res)).toBe(false);
      expect(String(res.headers['content-type'])).not.toMatch(/^text\/html/);
    }
  });

  it('lets a platform admin introspect the schema in production (the explorer’s docs), nobody else', async () => {
    const query = getIntrospectionQuery();
    const admin = await t.gql(query, {}, { token: p.admin.token, app: production });
    expect(admin.errors).toBeUndefined();
    expect(admin.data.__schema.queryType.name).toBe('Query');
    for (const token of [p.alice.token, undefined]) {
      const refused = await t.gql(query, {}, { token, app: production });
      expect(refused.data ?? null).toBeNull();
      expect(refused.errors?.[0]?.message).toMatch(/introspection/i);
    }
  });

  it('looks up who asks only for a query about the schema, not for the __typename every client asks', () => {
    expect(asksForSchema(getIntrospectionQuery())).toBe(true);
    expect(asksForSchema('{ __type(name: "Order") { name } }')).toBe(true);
    expect(asksForSchema('{ orders { __typename _id } }')).toBe(false);
    expect(asksForSchema(undefined)).toBe(false);
  });
});
