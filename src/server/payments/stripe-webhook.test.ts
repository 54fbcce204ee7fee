import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../db/ids.js';
import { invoices, paymentEvents } from '../db/schema.js';
import { createUser, setupTestApp } from '../test/harness.js';

const SECRET = 'whsec_test_secret_for_webhooks';
const t = setupTestApp({
  STRIPE_WEBHOOK_SECRET: SECRET,
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
});

function event(type: string, intent: Record<string, unknown>, id = `evt_${newId(10)}`) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object: { object: 'payment_intent', ...intent } },
  });
}

async function post(payload: string, header: string) {
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

async function invoiceFor(chargeId: string) {
  const user = await createUser(t.db);
  const id = newId();
  await t.db
    .insert(invoices)
    .values({ id, uid: user.id, amount: 5000, idempotencyKey: `k-${id}`, paymentChargeId: chargeId });
  return id;
}

describe('the Stripe webhook', () => {
  beforeEach(() => t.resetDb());

  it('marks the invoice paid for a signed payment_intent.succeeded, once per event id', async () => {
    const invoiceId = await invoiceFor('pi_123');
    const payload = event('payment_intent.succeeded', { id: 'pi_123' }, 'evt_1');
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await post(payload, header)).statusCode).toBe(200);
    expect((await post(payload, header)).statusCode).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({ paid: true, attempted: true });
    expect(await t.db.select().from(paymentEvents)).toHaveLength(1);
  });

  it('records a failed payment with its message', async () => {
    const invoiceId = await invoiceFor('pi_456');
    const payload = event('payment_intent.payment_failed', {
      id: 'pi_456',
      last_payment_error: { message: 'Your card has insufficient funds.' },
    });
    const res = await post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({
      paid: false,
      attempted: true,
      failureMessage: 'Your card has insufficient funds.',
    });
  });

  it('refuses a bad signature, another secret or a tampered body and changes nothing', async () => {
    const invoiceId = await invoiceFor('pi_789');
    const payload = event('payment_intent.succeeded', { id: 'pi_789' });
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect((await post(payload, other)).statusCode).toBe(400);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await post(payload.replace('pi_789', 'pi_000'), good)).statusCode).toBe(400);
    expect((await post(payload, 'nonsense')).statusCode).toBe(400);
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row!.paid).toBe(false);
    expect(await t.db.select().from(paymentEvents)).toHaveLength(0);
  });
});
