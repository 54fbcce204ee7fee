import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { testPaymentCards, testPaymentCharges } from '../db/schema.js';
import { setupTestApp } from '../test/harness.js';
import { DECLINE_MESSAGES, testPayments, tokenizeTestCard } from './payments.js';

const t = setupTestApp();
const payments = testPayments();
const nextYear = new Date().getUTCFullYear() + 1;

beforeEach(() => t.resetDb());

const card = (
  number: string,
  over: Partial<{ expireMonth: number; expireYear: number; cvc: string }> = {},
) => ({
  number,
  expireMonth: 12,
  expireYear: nextYear,
  cvc: '123',
  ...over,
});

/** A customer whose default card is the given test card number. */
async function customerWithCard(number: string) {
  const tok = await tokenizeTestCard(t.db, card(number));
  if (!tok.ok) throw new Error(tok.message);
  const customerId = await payments.createCustomer(t.db, { email: 'ann@example.test', name: 'Ann' });
  const details = await payments.attachCard(t.db, { customerId, cardToken: tok.token });
  return { customerId, details };
}

const chargeCount = async () => (await t.db.select({ n: count() }).from(testPaymentCharges))[0]!.n;

describe('test payment processor', () => {
  it('tokenizes 4242 4242 4242 4242 as a Visa and stores only the last four digits', async () => {
    const res = await tokenizeTestCard(t.db, card('4242 4242 4242 4242'));
    expect(res).toMatchObject({
      ok: true,
      card: { brand: 'Visa', last4: '4242', expireMonth: 12, expireYear: nextYear },
    });
    if (!res.ok) return;
    expect(res.token).toMatch(/^tok_/);
    const [row] = await t.db.select().from(testPaymentCards).where(eq(testPaymentCards.token, res.token));
    expect(row!.number).toBe('4242');
  });

  it('refuses an unknown card number, a past expiry and a short CVC, naming the field', async () => {
    expect(await tokenizeTestCard(t.db, card('1234567812345678'))).toMatchObject({
      ok: false,
      field: 'number',
    });
    expect(await tokenizeTestCard(t.db, card('4242424242424242', { expireYear: 2001 }))).toMatchObject({
      ok: false,
      field: 'expiry',
    });
    expect(await tokenizeTestCard(t.db, card('4242424242424242', { expireMonth: 13 }))).toMatchObject({
      ok: false,
      field: 'expiry',
    });
    expect(await tokenizeTestCard(t.db, card('4242424242424242', { cvc: '1' }))).toMatchObject({
      ok: false,
      field: 'cvc',
    });
    expect(await t.db.select().from(testPaymentCards)).toHaveLength(0);
  });

  it('charges a 4242 card successfully', async () => {
    const { customerId, details } = await customerWithCard('4242424242424242');
    expect(details).toEqual({ brand: 'Visa', last4: '4242', expireMonth: 12, expireYear: nextYear });
    const res = await payments.charge(t.db, {
      customerId,
      amount: 9500,
      description: 'Order 10001',
      idempotencyKey: 'k1',
    });
    expect(res).toMatchObject({ ok: true });
    const [row] = await t.db.select().from(testPaymentCharges);
    expect(row).toMatchObject({ customerId, amount: 9500, status: 'succeeded', idempotencyKey: 'k1' });
  });

  it('declines 4000 0000 0000 0002 with "Your card was declined."', async () => {
    const { customerId } = await customerWithCard('4000000000000002');
    const res = await payments.charge(t.db, {
      customerId,
      amount: 9500,
      description: 'Order',
      idempotencyKey: 'k2',
    });
    expect(res).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(DECLINE_MESSAGES.decline).toBe('Your card was declined.');
  });

  it('declines 4000 0000 0000 9995 for insufficient funds, recording the failure on the charge', async () => {
    const { customerId, details } = await customerWithCard('4000000000009995');
    const res = await payments.charge(t.db, {
      customerId,
      amount: 2500,
      description: 'Order',
      idempotencyKey: 'k-funds',
    });
    expect(res).toEqual({ ok: false, message: 'Your card has insufficient funds.' });
    const [row] = await t.db.select().from(testPaymentCharges);
    expect(row).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card has insufficient funds.',
      cardToken: expect.stringMatching(/^tok_/),
      amount: 2500,
    });
    expect(details.last4).toBe('9995');
  });

  it('charges a newly entered card in one go: attached to the customer, then charged', async () => {
    const customerId = await payments.createCustomer(t.db, { email: 'x@example.test', name: 'X' });
    const tokenized = await tokenizeTestCard(t.db, card('5555555555554444'));
    if (!tokenized.ok) throw new Error('tokenize failed');
    const o = { customerId, amount: 4200, description: 'Order 7', idempotencyKey: 'k-new' };
    const res = await payments.chargeNewCard(t.db, { ...o, cardToken: tokenized.token });
    expect(res).toEqual({
      card: { brand: 'MasterCard', last4: '4444', expireMonth: 12, expireYear: nextYear },
      charge: { ok: true, chargeId: expect.stringMatching(/^ch_/) },
    });
    const [stored] = await t.db.select().from(testPaymentCards);
    expect(stored!.customerId).toBe(customerId);
    const charges = await t.db.select().from(testPaymentCharges);
    expect(charges).toEqual([
      expect.objectContaining({ customerId, cardToken: tokenized.token, amount: 4200, status: 'succeeded' }),
    ]);
    // The same key again: the first result, and still one charge.
    expect((await payments.chargeNewCard(t.db, { ...o, cardToken: tokenized.token })).charge).toEqual(
      res.charge,
    );
    expect(await t.db.select().from(testPaymentCharges)).toHaveLength(1);
  });

  it('declines a newly entered 4000 0000 0000 0002, and refuses a token it never issued', async () => {
    const customerId = await payments.createCustomer(t.db, { email: 'x@example.test', name: 'X' });
    const tokenized = await tokenizeTestCard(t.db, card('4000000000000002'));
    if (!tokenized.ok) throw new Error('tokenize failed');
    const o = { customerId, amount: 4200, description: 'Order 8', idempotencyKey: 'k-declined' };
    expect((await payments.chargeNewCard(t.db, { ...o, cardToken: tokenized.token })).charge).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    await expect(
      payments.chargeNewCard(t.db, { ...o, idempotencyKey: 'k-unknown', cardToken: 'tok_never_issued' }),
    ).rejects.toThrow('The card could not be read. Please enter it again.');
    const charges = await t.db.select().from(testPaymentCharges);
    expect(charges.map((c) => [c.idempotencyKey, c.status])).toEqual([['k-declined', 'failed']]);
  });

  it('declines a customer without a card', async () => {
    const customerId = await payments.createCustomer(t.db, { email: 'x@example.test', name: 'X' });
    const res = await payments.charge(t.db, {
      customerId,
      amount: 100,
      description: 'x',
      idempotencyKey: 'k3',
    });
    expect(res.ok).toBe(false);
  });

  it('returns the first result for a repeated idempotency key and records one charge', async () => {
    const { customerId } = await customerWithCard('4242424242424242');
    const opts = { customerId, amount: 9500, description: 'Order', idempotencyKey: 'same-key' };
    const first = await payments.charge(t.db, opts);
    const second = await payments.charge(t.db, opts);
    expect(first.ok).toBe(true);
    expect(second).toEqual(first);
    expect(await chargeCount()).toBe(1);
  });

  it('keeps a declined result for its idempotency key even after the card is replaced', async () => {
    const { customerId } = await customerWithCard('4000000000000002');
    const opts = { customerId, amount: 9500, description: 'Order', idempotencyKey: 'declined-key' };
    const first = await payments.charge(t.db, opts);
    const tok = await tokenizeTestCard(t.db, card('4242424242424242'));
    if (!tok.ok) throw new Error(tok.message);
    await payments.attachCard(t.db, { customerId, cardToken: tok.token });
    expect(await payments.charge(t.db, opts)).toEqual(first);
    expect(await chargeCount()).toBe(1);
    // A new key charges the new card.
    expect((await payments.charge(t.db, { ...opts, idempotencyKey: 'new-key' })).ok).toBe(true);
  });

  it('records one charge when the same key is charged concurrently', async () => {
    const { customerId } = await customerWithCard('4242424242424242');
    const opts = { customerId, amount: 500, description: 'Order', idempotencyKey: 'race-key' };
    const results = await Promise.all([
      payments.charge(t.db, opts),
      payments.charge(t.db, opts),
      payments.charge(t.db, opts),
    ]);
    expect(new Set(results.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(await chargeCount()).toBe(1);
  });
});
