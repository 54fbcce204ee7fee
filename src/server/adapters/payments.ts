import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { testPaymentCards, testPaymentCharges } from '../db/schema.js';
import { AppError } from '../errors.js';

export type CardDetails = { brand: string; last4: string; expireMonth: number; expireYear: number };
export type ChargeResult = { ok: true; chargeId: string } | { ok: false; message: string };

/**
 * The payments port. The browser turns card details into a token with the provider (Stripe Elements,
 * or the built-in test processor's card form); the server only ever sees tokens.
 */
export interface PaymentsAdapter {
  readonly kind: 'test' | 'stripe';
  /** Public key the card widget needs (null for the built-in processor). */
  readonly publishableKey: string | null;
  createCustomer(db: Db, opts: { email: string; name: string }): Promise<string>;
  /** Attaches a card token to a customer as the default card. */
  attachCard(db: Db, opts: { customerId: string; cardToken: string }): Promise<CardDetails>;
  /** Charges the customer's default card; the idempotency key makes a retry return the first result. */
  charge(
    db: Db,
    opts: { customerId: string; amount: number; description: string; idempotencyKey: string },
  ): Promise<ChargeResult>;
}

export const TEST_CARDS: Record<
  string,
  { brand: string; behaviour: 'succeed' | 'decline' | 'insufficient_funds' }
> = {
  '4242424242424242': { brand: 'Visa', behaviour: 'succeed' },
  '4000056655665556': { brand: 'Visa', behaviour: 'succeed' },
  '5555555555554444': { brand: 'MasterCard', behaviour: 'succeed' },
  '378282246310005': { brand: 'American Express', behaviour: 'succeed' },
  '6011111111111117': { brand: 'Discover', behaviour: 'succeed' },
  '4000000000000002': { brand: 'Visa', behaviour: 'decline' },
  '4000000000009995': { brand: 'Visa', behaviour: 'insufficient_funds' },
};

export const DECLINE_MESSAGES = {
  decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
} as const;

/** Turns test card details into a token, following Stripe's test-card rules. */
export async function tokenizeTestCard(
  db: Db,
  card: { number: string; expireMonth: number; expireYear: number; cvc: string },
  now = new Date(),
): Promise<{ ok: true; token: string; card: CardDetails } | { ok: false; field: string; message: string }> {
  const number = card.number.replace(/\D/g, '');
  const known = TEST_CARDS[number];
  if (!known)
    return {
      ok: false,
      field: 'number',
      message: 'Your card number is invalid. Use a test card such as 4242 4242 4242 4242.',
    };
  if (!(card.expireMonth >= 1 && card.expireMonth <= 12))
    return { ok: false, field: 'expiry', message: "Your card's expiration date is invalid." };
  const y = card.expireYear < 100 ? 2000 + card.expireYear : card.expireYear;
  if (y < now.getUTCFullYear() || (y === now.getUTCFullYear() && card.expireMonth < now.getUTCMonth() + 1)) {
    return { ok: false, field: 'expiry', message: "Your card's expiration year is in the past." };
  }
  if (!/^\d{3,4}$/.test(card.cvc))
    return { ok: false, field: 'cvc', message: "Your card's security code is incomplete." };
  const token = `tok_${newId(24)}`;
  await db.insert(testPaymentCards).values({
    token,
    number: number.slice(-4),
    brand: known.brand,
    expireMonth: card.expireMonth,
    expireYear: y,
    behaviour: known.behaviour,
  });
  return {
    ok: true,
    token,
    card: { brand: known.brand, last4: number.slice(-4), expireMonth: card.expireMonth, expireYear: y },
  };
}

/** Default adapter: a card processor that lives in this database and follows Stripe's test-card rules. */
export function testPayments(): PaymentsAdapter {
  return {
    kind: 'test',
    publishableKey: null,
    async createCustomer() {
      return `cus_${newId(20)}`;
    },
    async attachCard(db, { customerId, cardToken }) {
      const [card] = await db
        .update(testPaymentCards)
        .set({ customerId })
        .where(eq(testPaymentCards.token, cardToken))
        .returning();
      // A token this processor never issued is the visitor's to fix, as with Stripe (not a server fault).
      if (!card) throw new AppError('BAD_USER_INPUT', 'The card could not be read. Please enter it again.');
      return {
        brand: card.brand,
        last4: card.number,
        expireMonth: card.expireMonth,
        expireYear: card.expireYear,
      };
    },
    async charge(db, { customerId, amount, description, idempotencyKey }) {
      // The customer's default card is the one attached last.
      const [latest] = await db
        .select()
        .from(testPaymentCards)
        .where(eq(testPaymentCards.customerId, customerId))
        .orderBy(desc(testPaymentCards.createdAt))
        .limit(1);
      const behaviour = latest?.behaviour ?? 'decline';
      const id = `ch_${newId(20)}`;
      const failure =
        behaviour === 'succeed'
          ? null
          : (DECLINE_MESSAGES[behaviour as keyof typeof DECLINE_MESSAGES] ?? 'Your card was declined.');
      const inserted = await db
        .insert(testPaymentCharges)
        .values({
          id,
          customerId,
          cardToken: latest?.token ?? '',
          amount,
          description,
          idempotencyKey,
          status: failure ? 'failed' : 'succeeded',
          failureMessage: failure,
        })
        .onConflictDoNothing()
        .returning();
      // The key was used before: that first charge's result stands (a retry never charges twice).
      if (!inserted[0]) {
        const [prior] = await db
          .select()
          .from(testPaymentCharges)
          .where(eq(testPaymentCharges.idempotencyKey, idempotencyKey))
          .limit(1);
        if (!prior) throw new Error(`Charge ${idempotencyKey} conflicted but cannot be read.`);
        return prior.status === 'succeeded'
          ? { ok: true, chargeId: prior.id }
          : { ok: false, message: prior.failureMessage ?? 'Your card was declined.' };
      }
      return failure ? { ok: false, message: failure } : { ok: true, chargeId: id };
    },
  };
}
