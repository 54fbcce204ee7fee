import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { AppError } from '../errors.js';
import { openMigratedPglite } from '../test/db-template.js';
import type { PaymentsAdapter } from './payments.js';
import { type ReceivedRequest, type StandIn, type StandInReply, startStandIn } from './stand-in-server.js';
import { StripeApiError, stripePayments } from './stripe-payments.js';

const SECRET_KEY = 'sk_test_51StandIn';

/** Stripe's test payment methods and tokens, with what a charge on them does. */
const TEST_METHODS: Record<string, { brand: string; last4: string; decline?: string }> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_amex: { brand: 'amex', last4: '8431' },
  pm_card_visa_chargeDeclined: { brand: 'visa', last4: '0341', decline: 'generic_decline' },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    decline: 'insufficient_funds',
  },
};
const TEST_TOKENS: Record<string, string> = { tok_mastercard: 'mastercard', tok_visa: 'visa' };
const DECLINE_MESSAGES: Record<string, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

/**
 * A small Stripe: checks the secret key and the form encoding, keeps customers and payment methods,
 * confirms payment intents against the test cards and replays responses by idempotency key.
 */
function fakeStripe() {
  const customers = new Map<string, { email: string; name: string; defaultPm: string | null }>();
  const methods = new Map<string, { brand: string; last4: string; decline?: string; customer?: string }>();
  const idempotent = new Map<string, StandInReply>();
  let seq = 0;
  let outage = false;
  const error = (status: number, type: string, message: string, extra: object = {}): StandInReply => ({
    status,
    json: { error: { type, message, ...extra } },
  });
  const pmJson = (id: string) => {
    const m = methods.get(id)!;
    return {
      id,
      object: 'payment_method',
      type: 'card',
      customer: m.customer ?? null,
      card: { brand: m.brand, last4: m.last4, exp_month: 12, exp_year: 2034 },
    };
  };
  const lookupMethod = (id: string) => {
    if (!methods.has(id) && TEST_METHODS[id]) methods.set(id, { ...TEST_METHODS[id] });
    return methods.get(id);
  };

  function route(req: ReceivedRequest): StandInReply {
    if (outage) return error(500, 'api_error', 'An unknown error occurred');
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
      return error(401, 'invalid_request_error', 'Invalid API Key provided: sk_***');
    }
    if (req.method === 'POST' && req.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return error(400, 'invalid_request_error', 'Bodies must be form-encoded');
    }
    const f = req.form;
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(req.path);
    const attachPath = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(req.path);
    if (req.method === 'POST' && req.path === '/v1/customers') {
      const id = `cus_${++seq}`;
      customers.set(id, { email: f.get('email') ?? '', name: f.get('name') ?? '', defaultPm: null });
      return { json: { id, object: 'customer', email: f.get('email'), name: f.get('name') } };
    }
    if (customerPath) {
      const m = customerPath;
      const customer = customers.get(m[1]!);
      if (!customer) return error(404, 'invalid_request_error', `No such customer: '${m[1]}'`);
      if (req.method === 'POST') {
        const pm = f.get('invoice_settings[default_payment_method]');
        if (pm) customer.defaultPm = pm;
      }
      return {
        json: {
          id: m[1],
          object: 'customer',
          invoice_settings: { default_payment_method: customer.defaultPm },
        },
      };
    }
    if (req.method === 'POST' && req.path === '/v1/payment_methods') {
      const brand = TEST_TOKENS[f.get('card[token]') ?? ''];
      if (f.get('type') !== 'card' || !brand) return error(400, 'invalid_request_error', 'No such token');
      const id = `pm_${++seq}`;
      methods.set(id, { brand, last4: brand === 'visa' ? '4242' : '4444' });
      return { json: pmJson(id) };
    }
    if (req.method === 'POST' && attachPath) {
      const m = attachPath;
      const method = lookupMethod(m[1]!);
      if (!method) return error(404, 'invalid_request_error', `No such PaymentMethod: '${m[1]}'`);
      if (!customers.has(f.get('customer') ?? ''))
        return error(404, 'invalid_request_error', 'No such customer');
      method.customer = f.get('customer')!;
      return { json: pmJson(m[1]!) };
    }
    if (req.method === 'POST' && req.path === '/v1/payment_intents') {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string')
        return error(400, 'invalid_request_error', 'test requires Idempotency-Key');
      const previous = idempotent.get(key);
      if (previous) return previous;
      const method = methods.get(f.get('payment_method') ?? '');
      let reply: StandInReply;
      if (!method || method.customer !== f.get('customer')) {
        reply = error(400, 'invalid_request_error', 'The PaymentMethod is not attached to this customer');
      } else if (method.decline) {
        reply = error(402, 'card_error', DECLINE_MESSAGES[method.decline]!, {
          code: 'card_declined',
          decline_code: method.decline,
          payment_intent: { id: `pi_${++seq}`, status: 'requires_payment_method' },
        });
      } else {
        reply = { json: { id: `pi_${++seq}`, object: 'payment_intent', status: 'succeeded' } };
      }
      idempotent.set(key, reply);
      return reply;
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path})`);
  }
  return {
    route,
    customers,
    setOutage(on: boolean) {
      outage = on;
    },
  };
}

let stand: StandIn;
let fake: ReturnType<typeof fakeStripe>;
let database: Database;
let stripe: PaymentsAdapter;

beforeAll(async () => {
  database = await openMigratedPglite();
  stand = await startStandIn((req) => fake.route(req));
});
afterAll(async () => {
  await stand.close();
  await database.close();
});
beforeEach(() => {
  fake = fakeStripe();
  stand.requests.length = 0;
  stripe = stripePayments({ secretKey: SECRET_KEY, publishableKey: 'pk_test_51StandIn', apiBase: stand.url });
});

async function customerWithCard(cardToken: string) {
  const customerId = await stripe.createCustomer(database.db, { email: 'ann@example.com', name: 'Ann Lee' });
  await stripe.attachCard(database.db, { customerId, cardToken });
  return customerId;
}

describe('stripe payments', () => {
  it('exposes the publishable key for Stripe Elements', () => {
    expect(stripe.kind).toBe('stripe');
    expect(stripe.publishableKey).toBe('pk_test_51StandIn');
  });

  it('creates a customer with a form-encoded POST authorised by the secret key', async () => {
    const id = await stripe.createCustomer(database.db, { email: 'ann+shop@example.com', name: 'Ann Lee' });
    expect(id).toMatch(/^cus_/);
    const [req] = stand.requests;
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/customers');
    expect(req?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(new URLSearchParams(req!.body.toString()))).toEqual({
      email: 'ann+shop@example.com',
      name: 'Ann Lee',
    });
    expect(fake.customers.get(id)).toMatchObject({ email: 'ann+shop@example.com', name: 'Ann Lee' });
  });

  it('attaches a PaymentMethod, makes it the default card and returns its brand, last4 and expiry', async () => {
    const customerId = await stripe.createCustomer(database.db, { email: 'a@example.com', name: 'A' });
    const card = await stripe.attachCard(database.db, { customerId, cardToken: 'pm_card_amex' });
    expect(card).toEqual({ brand: 'American Express', last4: '8431', expireMonth: 12, expireYear: 2034 });
    const [, attach, setDefault] = stand.requests;
    expect(attach?.path).toBe('/v1/payment_methods/pm_card_amex/attach');
    expect(attach?.form.get('customer')).toBe(customerId);
    expect(setDefault?.path).toBe(`/v1/customers/${customerId}`);
    expect(setDefault?.form.get('invoice_settings[default_payment_method]')).toBe('pm_card_amex');
    expect(fake.customers.get(customerId)?.defaultPm).toBe('pm_card_amex');
  });

  it('turns a legacy tok_ token into a PaymentMethod before attaching it', async () => {
    const customerId = await stripe.createCustomer(database.db, { email: 'a@example.com', name: 'A' });
    const card = await stripe.attachCard(database.db, { customerId, cardToken: 'tok_mastercard' });
    expect(card).toMatchObject({ brand: 'MasterCard', last4: '4444' });
    const create = stand.requests[1];
    expect(create?.path).toBe('/v1/payment_methods');
    expect(Object.fromEntries(create!.form)).toEqual({ type: 'card', 'card[token]': 'tok_mastercard' });
    const pmId = fake.customers.get(customerId)?.defaultPm;
    expect(pmId).toMatch(/^pm_/);
    expect(stand.requests[2]?.path).toBe(`/v1/payment_methods/${pmId}/attach`);
  });

  it('rejects a token that is neither pm_ nor tok_ without calling Stripe', async () => {
    await expect(
      stripe.attachCard(database.db, { customerId: 'cus_1', cardToken: 'card_123' }),
    ).rejects.toBeInstanceOf(AppError);
    expect(stand.requests).toHaveLength(0);
  });

  it('charges the default card off-session in cents with the idempotency key', async () => {
    const customerId = await customerWithCard('pm_card_visa');
    stand.requests.length = 0;
    const res = await stripe.charge(database.db, {
      customerId,
      amount: 12_345,
      description: 'Invoice 10001',
      idempotencyKey: 'invoice-10001-attempt-1',
    });
    expect(res).toEqual({ ok: true, chargeId: expect.stringMatching(/^pi_/) });
    const intent = stand.requests.find((r) => r.path === '/v1/payment_intents');
    expect(intent?.headers['idempotency-key']).toBe('invoice-10001-attempt-1');
    expect(intent?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(Object.fromEntries(intent!.form)).toEqual({
      amount: '12345',
      currency: 'usd',
      customer: customerId,
      payment_method: 'pm_card_visa',
      'automatic_payment_methods[enabled]': 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      confirm: 'true',
      off_session: 'true',
      description: 'Invoice 10001',
    });
  });

  it('charges a newly entered card: attaches it as the default, then pays with it', async () => {
    const customerId = await stripe.createCustomer(database.db, { email: 'a@example.com', name: 'A' });
    stand.requests.length = 0;
    const { card, charge } = await stripe.chargeNewCard(database.db, {
      customerId,
      cardToken: 'pm_card_amex',
      amount: 9_500,
      description: 'Order 10002',
      idempotencyKey: 'checkout-10002',
    });
    expect(card).toEqual({ brand: 'American Express', last4: '8431', expireMonth: 12, expireYear: 2034 });
    expect(charge).toEqual({ ok: true, chargeId: expect.stringMatching(/^pi_/) });
    const paths = stand.requests.map((r) => r.path);
    expect(paths.indexOf('/v1/payment_methods/pm_card_amex/attach')).toBeLessThan(
      paths.indexOf('/v1/payment_intents'),
    );
    const intent = stand.requests.find((r) => r.path === '/v1/payment_intents');
    expect(intent?.form.get('payment_method')).toBe('pm_card_amex');
    expect(intent?.headers['idempotency-key']).toBe('checkout-10002');
  });

  it('returns the first result when a charge is retried with the same idempotency key', async () => {
    const customerId = await customerWithCard('pm_card_visa');
    const opts = { customerId, amount: 500, description: 'x', idempotencyKey: 'same-key' };
    const first = await stripe.charge(database.db, opts);
    const second = await stripe.charge(database.db, opts);
    expect(second).toEqual(first);
    const third = await stripe.charge(database.db, { ...opts, idempotencyKey: 'other-key' });
    expect(third).not.toEqual(first);
  });

  it.each([
    ['pm_card_visa_chargeDeclined', 'Your card was declined.'],
    ['pm_card_visa_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
  ])("maps a 402 card error on %s to a failed charge with Stripe's message", async (pm, message) => {
    const customerId = await customerWithCard(pm);
    const res = await stripe.charge(database.db, {
      customerId,
      amount: 100,
      description: 'x',
      idempotencyKey: `k-${pm}`,
    });
    expect(res).toEqual({ ok: false, message });
  });

  it('fails the charge without calling Stripe to pay when the customer has no card', async () => {
    const customerId = await stripe.createCustomer(database.db, { email: 'a@example.com', name: 'A' });
    const res = await stripe.charge(database.db, {
      customerId,
      amount: 100,
      description: 'x',
      idempotencyKey: 'k',
    });
    expect(res.ok).toBe(false);
    expect(stand.requests.some((r) => r.path === '/v1/payment_intents')).toBe(false);
  });

  it('throws a StripeApiError naming the call on a 5xx', async () => {
    const customerId = await customerWithCard('pm_card_visa');
    fake.setOutage(true);
    const charge = stripe.charge(database.db, {
      customerId,
      amount: 100,
      description: 'x',
      idempotencyKey: 'k',
    });
    await expect(charge).rejects.toThrow(/Stripe GET \/v1\/customers\/cus_\d+ failed: 500 /);
    await expect(charge).rejects.toMatchObject({ status: 500 });
  });

  it('throws on a wrong secret key instead of treating it as a decline', async () => {
    const wrong = stripePayments({ secretKey: 'sk_test_wrong', publishableKey: 'pk', apiBase: stand.url });
    await expect(wrong.createCustomer(database.db, { email: 'a@example.com', name: 'A' })).rejects.toThrow(
      /failed: 401 .*Invalid API Key/,
    );
  });

  it('throws a clear error when Stripe cannot be reached', async () => {
    const down = stripePayments({
      secretKey: SECRET_KEY,
      publishableKey: 'pk',
      apiBase: 'http://127.0.0.1:9',
    });
    const err = await down.createCustomer(database.db, { email: 'a@example.com', name: 'A' }).catch((e) => e);
    expect(err).toBeInstanceOf(StripeApiError);
    expect(err.message).toMatch(/Stripe POST \/v1\/customers failed: no answer/);
  });
});
