import { validate } from '@readme/openapi-parser';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { people, placedRecurringOrder } from '../account/test-fixtures.js';
import { newId } from '../db/ids.js';
import { payoutBatches, surveyLinks, users } from '../db/schema.js';
import { createPayoutToken } from '../payables/index.js';
import { REPORTING_ENDPOINTS, signingText, ZReportingQuery } from '../reporting-api/index.js';
import type { ReportingParams } from '../reporting-api/signature.js';
import { publish, SURVEY_FORM } from '../test/fieldwork-fixtures.js';
import { setupTestApp } from '../test/harness.js';
import { catalogue } from '../test/order-wizard.js';
import { WEBHOOK_EVENT_TYPES } from './webhook-events.js';

const t = setupTestApp();

type Operation = {
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation & { requestBody: unknown }>>;
  components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> };
};

async function documentServed(): Promise<Doc> {
  const res = await t.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
}

describe('the OpenAPI document at /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const doc = await documentServed();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result).toMatchObject({ valid: true, warnings: [] });
  });

  it('takes each reporting parameter from the zod schema that validates the calls', async () => {
    const doc = await documentServed();
    const documented = new Set(
      Object.keys(REPORTING_ENDPOINTS).flatMap((p) => doc.paths[p]!.get!.parameters!.map((q) => q.name)),
    );
    // The signature is the security scheme's query parameter, not listed again.
    expect([...documented, 'signature'].sort()).toEqual(Object.keys(ZReportingQuery.shape).sort());
    const programs = doc.paths['/api/programs']!.get!.parameters!;
    // Required with a signature, not with an API key: documented as optional, saying so.
    expect(programs.find((q) => q.name === 'userMakingRequest')).toMatchObject({
      in: 'query',
      required: false,
      description: expect.stringContaining('Required with a signature'),
    });
    expect(programs.find((q) => q.name === 'pageSize')).toMatchObject({
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: 999, default: 999 },
    });
  });

  it('describes the outgoing webhook envelope, its event types and the Standard Webhooks headers', async () => {
    const doc = await documentServed();
    const event = doc.webhooks.event!.post!;
    expect(event.parameters!.map((h) => [h.name, h.in, h.required])).toEqual([
      ['webhook-id', 'header', true],
      ['webhook-timestamp', 'header', true],
      ['webhook-signature', 'header', true],
    ]);
    // webhook-id is the message id (msg_…, the same on every try and resend), not the event's id (evt_…).
    const webhookId = event.parameters!.find((h) => h.name === 'webhook-id') as unknown as {
      description: string;
      schema: { pattern: string };
    };
    expect(webhookId.description).toMatch(/^The message id \(`msg_…`\)/);
    expect(new RegExp(webhookId.schema.pattern).test('msg_p5jXN8AQM9LWM0D4loKWxJek')).toBe(true);
    expect(new RegExp(webhookId.schema.pattern).test('evt_p5jXN8AQM9LWM0D4loKWxJek')).toBe(false);
    // What redocly's recommended ruleset asks for (npm run lint): security on the webhook too.
    expect((event as unknown as { security: unknown }).security).toEqual([{ webhookSignature: [] }]);
    const whole = doc as unknown as { servers: unknown[]; info: { license: { name: string } } };
    expect(whole.servers).toHaveLength(1);
    expect(whole.info.license.name).toBe('Proprietary');
    const envelope = doc.components.schemas.WebhookEvent!;
    expect(Object.keys(envelope.properties)).toEqual(['id', 'type', 'created', 'data']);
    expect(envelope.properties.type!.enum).toEqual(expect.arrayContaining([...WEBHOOK_EVENT_TYPES]));
  });
});

describe('every documented path', () => {
  let p: Awaited<ReturnType<typeof people>>;
  beforeEach(async () => {
    await t.resetDb();
    const c = await catalogue(t);
    p = await people(t);
    await publish(t, SURVEY_FORM, [c.survey.id]);
    await placedRecurringOrder(t, c, p.alice.token);
  });

  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  async function signature(params: ReportingParams, token = p.alice.token) {
    const res = await t.gql(
      'mutation ($text: String!) { generateSignature(text: $text) }',
      { text: signingText(params) },
      { token },
    );
    return res.data.generateSignature as string;
  }

  /** An admin who signed for alice's account and is no longer an admin when the call is made. */
  const setAdmin = (admin: boolean) => t.db.update(users).set({ admin }).where(eq(users.id, p.admin.user.id));

  type Call = { url: string; status: number; field?: string; formerAdmin?: boolean };
  /** The calls each documented path gets: a good one and bad ones, with the answer expected. */
  const calls: Record<string, () => Promise<Call[]>> = {
    ...Object.fromEntries(
      Object.keys(REPORTING_ENDPOINTS).map((path) => [
        path,
        async () => {
          const who = { userMakingRequest: p.alice.user.id, client: p.alice.user.id };
          const signed = { ...who, pageSize: '10' };
          const byAdmin = { userMakingRequest: p.admin.user.id, client: p.alice.user.id };
          return [
            { url: `${path}?${query({ ...signed, signature: await signature(signed) })}`, status: 200 },
            { url: `${path}/?${query({ ...signed, signature: await signature(signed) })}`, status: 200 },
            {
              url: `${path}?${query({ client: who.client, signature: 'x' })}`,
              status: 400,
              field: 'userMakingRequest',
            },
            { url: `${path}?${query({ client: who.client })}`, status: 401 },
            {
              url: `${path}?${query({ ...who, regionId: '', signature: 'x' })}`,
              status: 400,
              field: 'regionId',
            },
            { url: `${path}?${query({ ...signed, signature: '0'.repeat(64) })}`, status: 401 },
            { url: `${path}?${query(who)}`, status: 401 },
            {
              url: `${path}?${query({ ...byAdmin, signature: await signature(byAdmin, p.admin.token) })}`,
              status: 403,
              formerAdmin: true,
            },
          ];
        },
      ]),
    ),
    '/admin/export/{type}': async () => {
      const res = await t.gql(
        'mutation ($type: String!) { createExportLink(type: $type) { url } }',
        { type: 'orders' },
        { token: p.admin.token },
      );
      const link = new URL(res.data.createExportLink.url as string, 'http://x');
      return [
        { url: link.pathname + link.search, status: 200 },
        { url: '/admin/export/orders?token=forged', status: 401 },
        { url: '/admin/export/orders', status: 401 },
        { url: '/admin/export/orders?token=%07', status: 400, field: 'token' },
        { url: `/admin/export/invoices${link.search}`, status: 404 },
      ];
    },
    '/admin/payouts/{file}': async () => {
      const id = newId();
      await t.db.insert(payoutBatches).values({ id, reference: 'PP-1', paidOn: '2026-01-05', total: 0 });
      const token = (uid: string, batchId = id) =>
        encodeURIComponent(createPayoutToken(t.config.appSecret, { uid, batchId, now: Date.now() }).token);
      return [
        { url: `/admin/payouts/${id}.csv?token=${token(p.admin.user.id)}`, status: 200 },
        { url: `/admin/payouts/${id}.csv?token=${token(p.admin.user.id, 'other')}`, status: 401 },
        { url: `/admin/payouts/${id}.csv`, status: 401 },
        { url: `/admin/payouts/${id}.csv?token=%07`, status: 400, field: 'token' },
        { url: `/admin/payouts/${id}.csv?token=${token(p.alice.user.id)}`, status: 403 },
        { url: `/admin/payouts/${id}.txt?token=${token(p.admin.user.id)}`, status: 404 },
      ];
    },
    '/survey/{code}/qr.png': async () => {
      const [link] = await t.db.select({ code: surveyLinks.surveyCode }).from(surveyLinks);
      return [
        { url: `/survey/${link!.code}/qr.png`, status: 200 },
        { url: '/survey/unknown-code/qr.png', status: 404 },
        { url: '/survey/bad%07code/qr.png', status: 400, field: 'code' },
      ];
    },
  };

  /** The answer's status is documented for the operation, with the answer's media type. */
  function expectDocumented(op: Operation, res: LightMyRequestResponse) {
    const response = op.responses[String(res.statusCode)];
    expect(response, `${res.statusCode} is documented`).toBeDefined();
    const type = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    expect(Object.keys(response!.content ?? {})).toContain(type);
  }

  it('has calls in this test for each of them', async () => {
    const doc = await documentServed();
    expect(Object.keys(calls).sort()).toEqual(Object.keys(doc.paths).sort());
  });

  it('answers each call with a status and content type the document gives', async () => {
    const doc = await documentServed();
    for (const [path, make] of Object.entries(calls)) {
      const op = doc.paths[path]!.get!;
      for (const call of await make()) {
        if (call.formerAdmin) await setAdmin(false);
        const res = await t.inject({ method: 'GET', url: call.url });
        if (call.formerAdmin) await setAdmin(true);
        expect([call.url, res.statusCode]).toEqual([call.url, call.status]);
        expectDocumented(op, res);
        if (call.status === 200 && String(res.headers['content-type']).startsWith('application/json')) {
          expect(Array.isArray(res.json())).toBe(true);
        }
        if (call.field)
          expect(res.json()).toMatchObject({ field: call.field, error: expect.stringContaining(call.field) });
      }
    }
  });
});

describe('the API reference at /api/docs', () => {
  it('is Swagger UI from this server, reading the document, under a strict policy', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain('unsafe-eval');
    const assets = [...page.body.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBe(3);
    for (const url of assets) {
      expect(url).toMatch(/^\/api\/docs\/[\d.]+\//);
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/(javascript|css)/);
      expect(res.headers['cache-control']).toContain('immutable');
    }
    const start = await t.inject({ method: 'GET', url: assets.find((a) => a.endsWith('start.js'))! });
    expect(start.body).toContain("'/api/openapi.json'");
    expect((await t.inject({ method: 'GET', url: '/api/docs/1.0.0/package.json' })).statusCode).toBe(404);
    // Names of the object's own methods are no files (found by the REST fuzz suite: they were a 500).
    const version = /^\/api\/docs\/[\d.]+\//.exec(assets[0]!)![0];
    for (const name of ['toString', 'constructor', '__proto__'])
      expect((await t.inject({ method: 'GET', url: `${version}${name}` })).statusCode, name).toBe(404);
  });
});
