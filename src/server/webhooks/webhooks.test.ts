import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MSG_WEBHOOK_DELIVERY_PENDING,
  MSG_WEBHOOK_EVENTS_REQUIRED,
  MSG_WEBHOOK_NOT_FOUND,
  MSG_WEBHOOK_URL_HTTPS,
  MSG_WEBHOOK_URL_PRIVATE,
  WEBHOOK_LOG_RETENTION_DAYS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAY,
} from '../../domain/index.js';
import { people } from '../account/test-fixtures.js';
import { type BillingDeps, runBilling } from '../billing/run-billing.js';
import { inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  outboxEmails,
  shops,
  surveyLinks,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../db/schema.js';
import { deliverEvent, eventsOfType, recordEvent } from '../events/index.js';
import { invoicePaid } from '../events/test-fixtures.js';
import { JOB_QUEUE_SCHEMA } from '../jobs/index.js';
import { managerOf } from '../team/test-fixtures.js';
import { publish, registerShopper, SURVEY_FORM, VISIT_FORM } from '../test/fieldwork-fixtures.js';
import { createUser, setupTestApp, type TestEnv } from '../test/harness.js';
import {
  addLocation,
  type Catalogue,
  CHECKOUT,
  cardToken,
  catalogue,
  customer,
  expectError,
  placedOrderOf,
  saveShop,
  startCart,
} from '../test/order-wizard.js';
import { deliverWebhook } from './deliver-webhook.js';
import { emitWebhookEvent } from './emit-event.js';
import { webhookSubscriber } from './subscriber.js';
import { startReceiver, verifyStandardWebhook } from './test-receiver.js';

// Outgoing webhooks (issue 20) through the API and the job queue, on both databases: endpoints of the
// owner and admins only, events queued with the change that causes them, signed deliveries, retries.

let receiver: Awaited<ReturnType<typeof startReceiver>>;
const env: TestEnv = {};
// Before the app starts (hooks run in order): the receiver's port is allow-listed for the app and jobs.
beforeAll(async () => {
  receiver = await startReceiver();
  env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${receiver.port}`;
});
afterAll(() => receiver.close());
const t = setupTestApp(env);

let c: Catalogue;
let p: Awaited<ReturnType<typeof people>>;

beforeEach(async () => {
  await t.resetDb();
  c = await catalogue(t);
  p = await people(t);
  receiver.received.length = 0;
  receiver.answers.length = 0;
});

const ENDPOINTS = `{ webhookEndpoints { _id url description events enabled } }`;
const ENDPOINT = `query ($id: String!, $first: Int) { webhookEndpoint(_id: $id) { _id url events
  deliveries(first: $first) { _id eventId eventType payload status statusLabel attempts httpStatus responseExcerpt error createdAt lastAttemptAt deliveredAt } } }`;
const SECRET = `query ($id: String!) { webhookEndpointSecret(_id: $id) }`;
const CREATE = `mutation ($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { _id url description events enabled } }`;
const UPDATE = `mutation ($id: String!, $input: WebhookEndpointInput!) { updateWebhookEndpoint(_id: $id, input: $input) { _id url events enabled } }`;
const DELETE = `mutation ($id: String!) { deleteWebhookEndpoint(_id: $id) }`;
const ROLL = `mutation ($id: String!) { rollWebhookSecret(_id: $id) }`;
const TEST = `mutation ($id: String!) { sendTestWebhook(endpointId: $id) { _id eventType status } }`;
const RESEND = `mutation ($id: String!) { resendWebhookDelivery(deliveryId: $id) { _id status attempts } }`;

type Delivery = {
  _id: string;
  eventId: string;
  eventType: string;
  payload: string;
  status: string;
  attempts: number;
  httpStatus: number | null;
  responseExcerpt: string;
  error: string | null;
};

async function ok<T = Record<string, unknown>>(query: string, vars: Record<string, unknown>, token?: string) {
  const res = await t.gql(query, vars, { token });
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

/** Every event, as the API's WebhookEvent enum names them (payloads carry 'order.placed'). */
const ALL_EVENTS = [
  'ORDER_PLACED',
  'VISIT_SCHEDULED',
  'SHOP_SUBMITTED',
  'REPORT_READY',
  'SURVEY_RESPONSE',
  'INVOICE_PAID',
  'INVOICE_PAYMENT_FAILED',
  'ACTION_PLAN_CREATED',
  'ACTION_PLAN_COMPLETED',
  'SCORE_ALERT',
];

async function endpointOf(token: string, events = ALL_EVENTS, url = receiver.url) {
  return (
    await ok<{ createWebhookEndpoint: { _id: string } }>(
      CREATE,
      { input: { url, description: 'Our CRM', events } },
      token,
    )
  ).createWebhookEndpoint._id;
}

async function deliveriesOf(endpointId: string, token = p.alice.token): Promise<Delivery[]> {
  return (
    await ok<{ webhookEndpoint: { deliveries: Delivery[] } }>(ENDPOINT, { id: endpointId, first: 100 }, token)
  ).webhookEndpoint.deliveries;
}

const drain = (retriesNow = false) => t.drainJobs({ retriesNow });

/** An admin member of Alice's account. */
async function adminOfAlice() {
  const carl = await customer(t, { email: 'carl@example.test' });
  await t.db
    .insert(accountMembers)
    .values({ id: newId(), accountId: p.alice.user.id, userId: p.alice.user.id, role: 'owner' })
    .onConflictDoNothing();
  await t.db
    .insert(accountMembers)
    .values({ id: newId(), accountId: p.alice.user.id, userId: carl.user.id, role: 'admin' });
  return carl;
}

describe('endpoints', () => {
  it('the owner registers an endpoint, sees it listed, changes and deletes it; bad input names the field', async () => {
    const id = await endpointOf(p.alice.token, ['REPORT_READY', 'ORDER_PLACED']);
    const list = (await ok<{ webhookEndpoints: unknown[] }>(ENDPOINTS, {}, p.alice.token)).webhookEndpoints;
    expect(list).toEqual([
      {
        _id: id,
        url: receiver.url,
        description: 'Our CRM',
        events: ['ORDER_PLACED', 'REPORT_READY'],
        enabled: true,
      },
    ]);
    const secret = (await ok<{ webhookEndpointSecret: string }>(SECRET, { id }, p.alice.token))
      .webhookEndpointSecret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);

    const updated = await ok<{ updateWebhookEndpoint: unknown }>(
      UPDATE,
      { id, input: { url: `${receiver.url}/v2`, events: ['INVOICE_PAID'], enabled: false } },
      p.alice.token,
    );
    expect(updated.updateWebhookEndpoint).toEqual({
      _id: id,
      url: `${receiver.url}/v2`,
      events: ['INVOICE_PAID'],
      enabled: false,
    });

    for (const [input, message, field] of [
      [{ url: 'http://hooks.example.com/in', events: ['ORDER_PLACED'] }, MSG_WEBHOOK_URL_HTTPS, 'url'],
      [{ url: 'https://10.0.0.8/in', events: ['ORDER_PLACED'] }, MSG_WEBHOOK_URL_PRIVATE, 'url'],
      [{ url: 'https://[::1]/in', events: ['ORDER_PLACED'] }, MSG_WEBHOOK_URL_PRIVATE, 'url'],
      [{ url: 'https://localhost/in', events: ['ORDER_PLACED'] }, MSG_WEBHOOK_URL_PRIVATE, 'url'],
      [{ url: 'https://hooks.example.com/in', events: [] }, MSG_WEBHOOK_EVENTS_REQUIRED, 'events'],
    ] as const) {
      expectError(await t.gql(CREATE, { input }, { token: p.alice.token }), message, { field });
      expectError(await t.gql(UPDATE, { id, input }, { token: p.alice.token }), message, { field });
    }
    expect(await t.db.select().from(webhookEndpoints)).toHaveLength(1);

    // A new secret replaces the old one.
    const rolled = (await ok<{ rollWebhookSecret: string }>(ROLL, { id }, p.alice.token)).rollWebhookSecret;
    expect(rolled).not.toBe(secret);
    expect(
      (await ok<{ webhookEndpointSecret: string }>(SECRET, { id }, p.alice.token)).webhookEndpointSecret,
    ).toBe(rolled);

    expect(await ok(DELETE, { id }, p.alice.token)).toEqual({ deleteWebhookEndpoint: true });
    expect(
      (await ok<{ webhookEndpoints: unknown[] }>(ENDPOINTS, {}, p.alice.token)).webhookEndpoints,
    ).toEqual([]);
  });

  it('events are WebhookEvent names in the API and dotted types in payloads; an unknown one is refused naming the field', async () => {
    const types = (
      await ok<{ webhookEventTypes: { name: string; event: string }[] }>(
        '{ webhookEventTypes { name event } }',
        {},
      )
    ).webhookEventTypes;
    expect(types).toContainEqual({ name: 'shop.submitted', event: 'SHOP_SUBMITTED' });
    expect(types.map((x) => x.event)).toEqual(ALL_EVENTS);
    const message = `Event must be ${ALL_EVENTS.slice(0, -1).join(', ')} or ${ALL_EVENTS.at(-1)}.`;
    for (const events of [['shop.submitted'], ['ORDER_PLACED', 'ORDER_SHIPPED']]) {
      const res = await t.gql(CREATE, { input: { url: receiver.url, events } }, { token: p.alice.token });
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field: 'events' },
      });
    }
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
    const id = await endpointOf(p.alice.token, ['SHOP_SUBMITTED']);
    const [stored] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(stored!.events).toEqual(['shop.submitted']);
  });

  it('refuses every loopback, private and link-local address at registration, however it is written', async () => {
    for (const url of [
      'https://localhost./h',
      'https://LOCALHOST../h',
      'https://api.localhost./h',
      'https://[::7f00:1]/h',
      'https://[::ffff:127.0.0.1]/h',
      'https://[::ffff:7f00:1]/h',
      'https://[::1]/h',
      'https://[fe80::1]/h',
      'https://[fd00::1]/h',
      'https://[64:ff9b::a9fe:a9fe]/h',
      'https://2130706433/h',
      'https://0177.0.0.1/h',
      'https://0x7f.1/h',
      'https://127.1/h',
      'https://0.0.0.0/h',
      'https://0/h',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/h',
      'https://10.0.0.1/h',
      'https://172.16.0.1/h',
      'https://192.168.1.1/h',
    ]) {
      const input = { url, events: ['ORDER_PLACED'] };
      expectError(await t.gql(CREATE, { input }, { token: p.alice.token }), MSG_WEBHOOK_URL_PRIVATE, {
        field: 'url',
      });
    }
    expect(await t.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it('every operation: anonymous, another customer and a manager are refused; the owner and an admin are allowed', async () => {
    const id = await endpointOf(p.alice.token);
    await ok(TEST, { id }, p.alice.token);
    await drain();
    const [delivery] = await deliveriesOf(id);
    const carl = await adminOfAlice();
    const mona = await managerOf(t, p.alice.user.id, 'mona@example.test', []);

    const calls: [string, Record<string, unknown>][] = [
      [ENDPOINTS, {}],
      [ENDPOINT, { id }],
      [SECRET, { id }],
      [CREATE, { input: { url: receiver.url, events: ['ORDER_PLACED'] } }],
      [UPDATE, { id, input: { url: receiver.url, events: ['ORDER_PLACED'] } }],
      [ROLL, { id }],
      [TEST, { id }],
      [RESEND, { id: delivery!._id }],
      [DELETE, { id }],
    ];
    for (const [query, vars] of calls) {
      const anonymous = await t.gql(query, vars);
      expect(anonymous.errors?.[0]?.extensions?.code, query).toBe('UNAUTHENTICATED');
      const manager = await t.gql(query, vars, { token: mona.token });
      expect(manager.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
      // Bob reaches only his own (empty) list; Alice's endpoint and delivery are not found for him.
      const bob = await t.gql(query, vars, { token: p.bob.token });
      if (query === ENDPOINTS) expect(bob.data).toEqual({ webhookEndpoints: [] });
      else if (query === CREATE) expect(bob.errors).toBeUndefined();
      else expect(bob.errors?.[0]?.extensions?.code, query).toBe('NOT_FOUND');
    }
    expect(
      await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.accountId, p.bob.user.id)),
    ).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);

    // Alice's admin manages Alice's endpoints, as Alice does.
    for (const [query, vars] of calls) {
      const res = await t.gql(query, vars, { token: carl.token });
      expect(res.errors, `${query} ${JSON.stringify(res.errors)}`).toBeUndefined();
    }
    expectError(await t.gql(ENDPOINT, { id }, { token: p.alice.token }), MSG_WEBHOOK_NOT_FOUND, {
      code: 'NOT_FOUND',
    });
  });
});

describe('deliveries', () => {
  it('a test event arrives signed as Standard Webhooks says, and the log shows it delivered', async () => {
    const id = await endpointOf(p.alice.token, ['ORDER_PLACED']);
    const sent = (await ok<{ sendTestWebhook: Delivery }>(TEST, { id }, p.alice.token)).sendTestWebhook;
    expect(sent).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    expect(await drain()).toBe(1);

    const secret = (await ok<{ webhookEndpointSecret: string }>(SECRET, { id }, p.alice.token))
      .webhookEndpointSecret;
    const [got] = receiver.received;
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['webhook-id']).toBe(sent._id);
    expect(verifyStandardWebhook(secret, got!.headers, got!.body)).toBe(true);
    expect(verifyStandardWebhook(secret, got!.headers, `${got!.body} `)).toBe(false);
    const body = JSON.parse(got!.body);
    expect(body).toMatchObject({ type: 'webhook.test', data: { endpointId: id } });
    expect(body.id).toMatch(/^evt_/);
    expect(Date.parse(body.created)).not.toBeNaN();

    const [logged] = await deliveriesOf(id);
    expect(logged).toMatchObject({
      _id: sent._id,
      eventId: body.id,
      status: 'delivered',
      attempts: 1,
      httpStatus: 200,
      responseExcerpt: 'ok',
      error: null,
      payload: got!.body,
    });
  });

  it('a failing endpoint is retried with a growing delay, each try logged, until the last fails; resend sends it again', async () => {
    const id = await endpointOf(p.alice.token);
    const sent = (await ok<{ sendTestWebhook: Delivery }>(TEST, { id }, p.alice.token)).sendTestWebhook;
    // The job carries the retry policy: WEBHOOK_MAX_ATTEMPTS tries, the delay doubling from a minute.
    const [job] = await t.rows<{
      retry_limit: number;
      retry_delay: number;
      retry_backoff: boolean;
      expire_in: unknown;
    }>(
      sql.raw(
        `select retry_limit, retry_delay, retry_backoff from ${JOB_QUEUE_SCHEMA}.job where name = 'webhook-delivery'`,
      ),
    );
    expect(job).toMatchObject({
      retry_limit: WEBHOOK_MAX_ATTEMPTS - 1,
      retry_delay: WEBHOOK_RETRY_DELAY,
      retry_backoff: true,
    });

    receiver.answers.push(
      ...Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => ({ status: 503, body: 'busy' })),
    );
    await drain();
    let [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'retrying', attempts: 1, httpStatus: 503, responseExcerpt: 'busy' });
    expect(d!.error).toBe('The endpoint answered HTTP 503.');
    // The retry waits (at least a minute): nothing runs before then.
    expect(await drain()).toBe(0);
    const [waiting] = await t.rows<{ state: string; wait: number }>(
      sql.raw(
        `select state, extract(epoch from start_after - now()) as wait from ${JOB_QUEUE_SCHEMA}.job where name = 'webhook-delivery'`,
      ),
    );
    expect(waiting!.state).toBe('retry');
    expect(Number(waiting!.wait)).toBeGreaterThan(WEBHOOK_RETRY_DELAY - 5);

    for (let i = 1; i < WEBHOOK_MAX_ATTEMPTS; i++) await drain(true);
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, httpStatus: 503 });
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, sent._id));
    expect(row!.attemptLog).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(row!.attemptLog.every((a) => a.httpStatus === 503)).toBe(true);
    // Every try carried the same message id and body, each signed at its own time.
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(new Set([sent._id]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);

    // Resend: the same message again, with a fresh set of tries; the log keeps counting.
    const resent = (await ok<{ resendWebhookDelivery: Delivery }>(RESEND, { id: sent._id }, p.alice.token))
      .resendWebhookDelivery;
    expect(resent).toMatchObject({ _id: sent._id, status: 'pending', attempts: WEBHOOK_MAX_ATTEMPTS });
    expectError(
      await t.gql(RESEND, { id: sent._id }, { token: p.alice.token }),
      MSG_WEBHOOK_DELIVERY_PENDING,
      {
        code: 'CONFLICT',
      },
    );
    await drain();
    [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'delivered', attempts: WEBHOOK_MAX_ATTEMPTS + 1, httpStatus: 200 });
    expect(receiver.received.at(-1)!.headers['webhook-id']).toBe(sent._id);
  });

  it('an endpoint whose address is refused is not tried again', async () => {
    const id = await endpointOf(p.alice.token);
    // Written directly: the API refuses the address, as a URL saved before a rule changed would be.
    await t.db
      .update(webhookEndpoints)
      .set({ url: 'https://127.0.0.1:1/in' })
      .where(eq(webhookEndpoints.id, id));
    await ok(TEST, { id }, p.alice.token);
    await drain();
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, httpStatus: null });
    expect(d!.error).toContain(MSG_WEBHOOK_URL_PRIVATE);
    expect(await drain(true)).toBe(0);
  });

  it('a refusal for a name resolving to a private address does not show the addresses (issue 42)', async () => {
    const id = await endpointOf(p.alice.token);
    await t.db
      .update(webhookEndpoints)
      .set({ url: 'https://hooks.example.com/in' })
      .where(eq(webhookEndpoints.id, id));
    await ok(TEST, { id }, p.alice.token);
    const [queued] = await deliveriesOf(id);
    // The delivery job as the queue runs it, with a DNS answer pointing inside our network.
    await deliverWebhook(
      t.db,
      { allowedHosts: [], resolve: async () => [{ address: '10.1.2.3', family: 4 }] },
      { data: { deliveryId: queued!._id }, lastTry: false },
    );
    const [d] = await deliveriesOf(id);
    expect(d).toMatchObject({ status: 'failed', attempts: 1, httpStatus: null });
    expect(d!.error).toBe(`${MSG_WEBHOOK_URL_PRIVATE} (hooks.example.com resolves to a non-public address)`);
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, queued!._id));
    expect(JSON.stringify(row)).not.toContain('10.1.2.3');
  });

  it('an endpoint sent a message drops its finished deliveries older than the retention period', async () => {
    const id = await endpointOf(p.alice.token);
    const other = await endpointOf(p.alice.token, ['ORDER_PLACED']);
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const old = WEBHOOK_LOG_RETENTION_DAYS + 1;
    type Status = (typeof webhookDeliveries.$inferInsert)['status'];
    const row = (endpointId: string, status: Status, createdAt: Date) => ({
      id: `msg_${newId()}`,
      endpointId,
      accountId: p.alice.user.id,
      eventId: `evt_${newId()}`,
      eventType: 'order.placed',
      payload: '{}',
      status,
      createdAt,
    });
    const rows = [
      row(id, 'delivered', daysAgo(old)),
      row(id, 'failed', daysAgo(old)),
      row(id, 'retrying', daysAgo(old)),
      row(id, 'delivered', daysAgo(WEBHOOK_LOG_RETENTION_DAYS - 1)),
      row(other, 'delivered', daysAgo(old)),
    ];
    await t.db.insert(webhookDeliveries).values(rows);

    const sent = (await ok<{ sendTestWebhook: Delivery }>(TEST, { id }, p.alice.token)).sendTestWebhook;
    const kept = (await t.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).map((r) => r.id);
    // Gone: the endpoint's delivered and failed ones past the period. Kept: one still being tried, a
    // newer one, the new message, and another endpoint's (it was sent nothing).
    expect(kept.sort()).toEqual([sent._id, rows[2]!.id, rows[3]!.id, rows[4]!.id].sort());
    expect((await deliveriesOf(id)).map((d) => d._id)).toEqual([sent._id, rows[3]!.id, rows[2]!.id]);
  });
});

describe('events', () => {
  it('is queued with the change and not when the change rolls back', async () => {
    await endpointOf(p.alice.token, ['REPORT_READY']);
    await expect(
      inTransaction(t.db, async (tx) => {
        await emitWebhookEvent(tx, {
          accountId: p.alice.user.id,
          type: 'report.ready',
          data: {},
          now: new Date(),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
    const jobs = sql.raw(
      `select count(*)::int as n from ${JOB_QUEUE_SCHEMA}.job where name = 'webhook-delivery'`,
    );
    expect((await t.rows<{ n: number }>(jobs))[0]!.n).toBe(0);

    await inTransaction(t.db, (tx) =>
      emitWebhookEvent(tx, {
        accountId: p.alice.user.id,
        type: 'report.ready',
        data: { x: 1 },
        now: new Date(),
      }),
    );
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(1);
    expect((await t.rows<{ n: number }>(jobs))[0]!.n).toBe(1);
    // Not chosen, or another account's: nothing.
    await emitWebhookEvent(t.db, {
      accountId: p.alice.user.id,
      type: 'order.placed',
      data: {},
      now: new Date(),
    });
    await emitWebhookEvent(t.db, {
      accountId: p.bob.user.id,
      type: 'report.ready',
      data: {},
      now: new Date(),
    });
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(1);
  });

  it('the webhook subscriber sends an event once however often it is replayed, under the event’s id', async () => {
    const id = await endpointOf(p.alice.token, ['INVOICE_PAID']);
    const paid = invoicePaid(p.alice.user.id);
    const eventId = await inTransaction(t.db, (tx) => recordEvent(tx, paid));
    expect(await deliverEvent(t.db, eventId, webhookSubscriber)).toBe(true);
    expect(await deliverEvent(t.db, eventId, webhookSubscriber)).toBe(false);
    // The relay's job runs it once more, as a retry would: still one message.
    await t.relayEvents();
    const sent = await deliveriesOf(id);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.payload)).toEqual({
      id: `evt_${eventId}`,
      type: 'invoice.paid',
      created: paid.at.toISOString(),
      data: paid.payload,
    });
  });

  it('an order placed, then a shop scheduled, submitted, approved with a low score and its plan resolved are each sent, with the account’s own ids only', async () => {
    const id = await endpointOf(p.alice.token);
    const disabled = await endpointOf(p.alice.token);
    await ok(
      UPDATE,
      { id: disabled, input: { url: receiver.url, events: ALL_EVENTS, enabled: false } },
      p.alice.token,
    );
    const bobs = await endpointOf(p.bob.token);

    await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
    const shopper = await registerShopper(t, 'sam@example.test');
    await createUser(t.db, { email: 'pat@example.test', roles: ['proofer'], password: 'password123' });
    const proofer = await t.login('pat@example.test', 'password123');
    const cart = await placedOrderOf(t, c, p.alice.token);
    const [visit] = (
      await ok<{ openVisits: { _id: string }[] }>('query { openVisits { _id } }', {}, shopper.token)
    ).openVisits;
    const evaluationId = (
      await ok<{ acceptVisit: { _id: string } }>(
        'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }',
        { id: visit!._id },
        shopper.token,
      )
    ).acceptVisit._id;
    await ok(
      'mutation ($id: String!, $a: JSON!) { saveEvaluation(_id: $id, answers: $a) { _id } }',
      { id: evaluationId, a: { greet: 'no', why: 'Nobody looked up.', wait: 30 } },
      shopper.token,
    );
    await ok(
      'mutation ($id: String!) { submitEvaluation(_id: $id) { status } }',
      { id: evaluationId },
      shopper.token,
    );
    await ok('mutation ($id: String!) { startReview(_id: $id) { status } }', { id: evaluationId }, proofer);
    await ok(
      'mutation ($id: String!) { approveEvaluation(_id: $id) { status } }',
      { id: evaluationId },
      proofer,
    );
    // The low score's plan is a subscriber's work (action-plans/subscriber.ts).
    await t.relayEvents();
    const planId = (
      await ok<{ actionPlans: { _id: string }[] }>('{ actionPlans { _id } }', {}, p.alice.token)
    ).actionPlans[0]!._id;
    await ok(
      `mutation ($id: String!, $items: [ActionPlanItemInput!]) { submitActionPlan(_id: $id, items: $items) { state } }`,
      {
        id: planId,
        items: [
          { elementId: 'greet', action: 'Greet every guest.', responsible: 'Dana', dueDate: '2030-01-10' },
          { elementId: 'wait', action: 'A second register.', responsible: 'Lee', dueDate: '2030-01-15' },
        ],
      },
      p.alice.token,
    );
    await ok(
      'mutation ($id: String!) { resolveActionPlan(_id: $id) { state } }',
      { id: planId },
      p.alice.token,
    );

    await t.relayEvents();
    const rows = await t.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.createdAt);
    expect(new Set(rows.map((r) => r.endpointId))).toEqual(new Set([id]));
    // One each. An approval's report.ready and action_plan.created share their time, and subscribers
    // run as separate jobs, so the order is not the test's concern (deliveries go in any order anyway).
    expect(rows.map((r) => r.eventType).sort()).toEqual([
      'action_plan.completed',
      'action_plan.created',
      'order.placed',
      'report.ready',
      'shop.submitted',
      'visit.scheduled',
    ]);
    const data = Object.fromEntries(rows.map((r) => [r.eventType, JSON.parse(r.payload).data]));
    expect(data['order.placed']).toMatchObject({ orderId: cart.oid, currency: 'usd' });
    expect(data['order.placed'].shops[0]).toMatchObject({
      shopId: expect.any(String),
      programId: expect.any(String),
    });
    expect(data['visit.scheduled']).toMatchObject({ visitId: visit!._id, evaluationId });
    expect(data['shop.submitted']).toMatchObject({ evaluationId });
    expect(data['report.ready']).toMatchObject({ evaluationId, percentage: 10 });
    expect(data['report.ready'].reportUrl).toContain(`/account/reports/shop/${evaluationId}`);
    expect(data['action_plan.created']).toMatchObject({ actionPlanId: planId, evaluationId, state: 'open' });
    expect(data['action_plan.completed']).toMatchObject({ actionPlanId: planId, state: 'resolved' });
    // Nothing of the shopper's or of another customer's.
    const all = rows.map((r) => r.payload).join('\n');
    for (const other of [
      'sam@example.test',
      shopper.id,
      p.bob.user.id,
      'pat@example.test',
      'bob@example.test',
    ])
      expect(all).not.toContain(other);

    // Delivered as separate jobs, in any order.
    await drain();
    expect(receiver.received.map((r) => JSON.parse(r.body).type).sort()).toEqual(
      rows.map((r) => r.eventType).sort(),
    );
    expect((await deliveriesOf(bobs, p.bob.token)).length).toBe(0);
  });

  it('a shop corrected after QA rejected it is sent once, on its first submission, and so is its e-mail', async () => {
    const endpoint = await endpointOf(p.alice.token, ['SHOP_SUBMITTED']);
    await publish(t, VISIT_FORM, [c.shop.id, c.cheapShop.id]);
    const shopper = await registerShopper(t, 'sam@example.test');
    await createUser(t.db, { email: 'pat@example.test', roles: ['proofer'], password: 'password123' });
    const proofer = await t.login('pat@example.test', 'password123');
    await placedOrderOf(t, c, p.alice.token);
    const [visit] = (
      await ok<{ openVisits: { _id: string }[] }>('query { openVisits { _id } }', {}, shopper.token)
    ).openVisits;
    const id = (
      await ok<{ acceptVisit: { _id: string } }>(
        'mutation ($id: String!) { acceptVisit(visitId: $id) { _id } }',
        { id: visit!._id },
        shopper.token,
      )
    ).acceptVisit._id;
    const save = (a: Record<string, unknown>) =>
      ok(
        'mutation ($id: String!, $a: JSON!) { saveEvaluation(_id: $id, answers: $a) { _id } }',
        { id, a },
        shopper.token,
      );
    const submit = () =>
      ok('mutation ($id: String!) { submitEvaluation(_id: $id) { status } }', { id }, shopper.token);

    await save({ greet: 'yes', wait: 30 });
    await submit();
    await ok('mutation ($id: String!) { startReview(_id: $id) { status } }', { id }, proofer);
    await ok(
      'mutation ($id: String!, $c: String!) { rejectEvaluation(_id: $id, comment: $c) { status } }',
      { id, c: 'Check the wait time.' },
      proofer,
    );
    // The correction's save starts the evaluation again (Rejected -> Started) before it is resubmitted.
    await save({ wait: 3 });
    await submit();

    // One event in the log, so one message, whatever a subscriber does.
    expect((await eventsOfType(t.db, 'evaluation.submitted')).length).toBe(1);
    await t.relayEvents();
    const events = await t.db.select().from(webhookDeliveries);
    expect(events.map((d) => [d.endpointId, d.eventType])).toEqual([[endpoint, 'shop.submitted']]);
    const mails = await t.db
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'shop-sent-to-qa'));
    expect(mails.map((m) => m.subject)).toEqual(['Shop sent to QA: Dine-In at Main Street']);
  });

  it('a survey response is sent with its scores', async () => {
    const id = await endpointOf(p.alice.token, ['SURVEY_RESPONSE']);
    await publish(t, SURVEY_FORM, [c.survey.id]);
    const cart = await startCart(t, [c.survey.id], { token: p.alice.token });
    const locationId = await addLocation(t, cart.oid, { token: p.alice.token });
    await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token: p.alice.token });
    await ok(
      CHECKOUT,
      {
        oid: cart.oid,
        input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
      },
      p.alice.token,
    );
    const [link] = await t.db.select().from(surveyLinks);
    await ok(
      'mutation ($code: String!, $a: JSON!) { submitSurveyResponse(surveyCode: $code, answers: $a) }',
      { code: link!.surveyCode, a: { nps: 9 } },
    );
    await t.relayEvents();
    const [d] = await deliveriesOf(id);
    expect(d!.eventType).toBe('survey.response');
    expect(JSON.parse(d!.payload).data).toMatchObject({
      evaluationId: expect.any(String),
      surveyLinkId: link!.id,
      locationId,
      percentage: 100,
    });
  });

  it('a billing run sends invoice.paid, and invoice.payment_failed when the charge fails (no card on file)', async () => {
    const id = await endpointOf(p.alice.token, ['INVOICE_PAID', 'INVOICE_PAYMENT_FAILED']);
    await placedOrderOf(t, c, p.alice.token);
    await t.db
      .update(shops)
      .set({
        recurring: true,
        frequencyPeriod: 'month',
        frequencyQuantity: 1,
        startDate: '2020-01-01',
        paidThrough: '2020-01-31',
      })
      .where(eq(shops.uid, p.alice.user.id));
    const deps: BillingDeps = { payments: t.adapters.payments };
    const run = await runBilling(t.db, deps, { date: new Date('2020-01-28T00:00:00Z') });
    expect(run.paid).toBe(1);
    await t.relayEvents();
    const [paid] = await deliveriesOf(id);
    const invoice = JSON.parse(paid!.payload).data;
    expect(paid!.eventType).toBe('invoice.paid');
    expect(invoice).toMatchObject({ billingMonth: '2020-02', currency: 'usd', attempt: 1 });
    expect(invoice.amount).toBeGreaterThan(0);
    expect(Number.isInteger(invoice.amount)).toBe(true);

    // The card on file now declines.
    await t.db.update(users).set({ paymentCard: null }).where(eq(users.id, p.alice.user.id));
    const next = await runBilling(t.db, deps, { date: new Date('2020-02-26T00:00:00Z') });
    expect(next.declined + next.noCard).toBe(1);
    await t.relayEvents();
    const [failed] = await deliveriesOf(id);
    expect(failed!.eventType).toBe('invoice.payment_failed');
    expect(JSON.parse(failed!.payload).data).toMatchObject({ billingMonth: '2020-03', attempt: 1 });
    expect(JSON.parse(failed!.payload).data.failureMessage).toEqual(expect.any(String));
  });
});
