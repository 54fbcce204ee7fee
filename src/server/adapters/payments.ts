import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { executedRows } from '../db/json-rows.js';
import { testPaymentCards, testPaymentCharges } from '../db/schema.js';
import { badInput } from '../errors.js';

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
  charge(db: Db, opts: ChargeOptions): Promise<ChargeResult>;
  /** attachCard, then charge that card: checkout with a newly entered card. */
  chargeNewCard(
    db: Db,
    opts: ChargeOptions & { cardToken: string },
  ): Promise<{ card: CardDetails; charge: ChargeResult }>;
}

export type ChargeOptions = {
  customerId: string;
  amount: number;
  description: string;
  idempotencyKey: string;
};

/** chargeNewCard as two calls, for a provider whose attach and charge are separate requests. */
export const attachThenCharge =
  (adapter: Pick<PaymentsAdapter, 'attachCard' | 'charge'>): PaymentsAdapter['chargeNewCard'] =>
  async (db, opts) => {
    const card = await adapter.attachCard(db, opts);
    return { card, charge: await adapter.charge(db, opts) };
  };

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

/** Cards are not issued for longer than this: a later expiry year is a typo or a probe. */
const MAX_CARD_YEARS_AHEAD = 50;

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
  if (y > now.getUTCFullYear() + MAX_CARD_YEARS_AHEAD)
    return { ok: false, field: 'expiry', message: "Your card's expiration year is invalid." };
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

const MSG_UNREADABLE_CARD = 'The card could not be read. Please enter it again.';

type ChargeRow = {
  token: string | null;
  number_last4: string | null;
  brand: string | null;
  expire_month: number | null;
  expire_year: number | null;
  charge_id: string | null;
  status: string | null;
  failure_message: string | null;
};

/**
 * The built-in processor's charge as one statement: the card chosen by `card` (a query returning one
 * test_payment_cards row, or none) decides the outcome, and the charge is recorded under its idempotency
 * key. A key used before records nothing (charge_id is null then). With `cardRequired`, no card means
 * no charge row either; otherwise the decline is recorded.
 */
function chargeStatement(card: SQL, o: ChargeOptions, cardRequired: boolean): SQL {
  const failureMessage = sql.join(
    Object.entries(DECLINE_MESSAGES).map(([behaviour, message]) => sql`when ${behaviour} then ${message}`),
    sql` `,
  );
  const from = cardRequired ? sql`card` : sql`(select 1) one left join card on true`;
  return sql`
    with card as (${card}), inserted as (
      insert into ${testPaymentCharges}
        (id, customer_id, card_token, amount, description, idempotency_key, status, failure_message)
      select ${`ch_${newId(20)}`}, ${o.customerId}, coalesce(card.token, ''), ${o.amount}, ${o.description},
             ${o.idempotencyKey}, case when card.behaviour = 'succeed' then 'succeeded' else 'failed' end,
             case when card.behaviour = 'succeed' then null
                  else case card.behaviour ${failureMessage} else ${DECLINE_MESSAGES.decline} end end
        from ${from}
      on conflict do nothing
      returning id, status, failure_message
    )
    select card.token, card.number_last4, card.brand, card.expire_month, card.expire_year,
           inserted.id as charge_id, inserted.status, inserted.failure_message
      from ${from} left join inserted on true`;
}

/** The charge's result, or that of the first charge with its key. */
async function chargeResult(db: Db, row: ChargeRow, idempotencyKey: string): Promise<ChargeResult> {
  let { charge_id: id, status, failure_message: failure } = row;
  if (!id) {
    // The key was used before: that first charge's result stands (a retry never charges twice).
    const [prior] = await db
      .select()
      .from(testPaymentCharges)
      .where(eq(testPaymentCharges.idempotencyKey, idempotencyKey))
      .limit(1);
    if (!prior) throw new Error(`Charge ${idempotencyKey} conflicted but cannot be read.`);
    ({ id, status, failureMessage: failure } = prior);
  }
  return status === 'succeeded'
    ? { ok: true, chargeId: id }
    : { ok: false, message: failure ?? DECLINE_MESSAGES.decline };
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
      if (!card) throw badInput('stripeToken', MSG_UNREADABLE_CARD);
      return {
        brand: card.brand,
        last4: card.number,
        expireMonth: card.expireMonth,
        expireYear: card.expireYear,
      };
    },
    async charge(db, o) {
      // The customer's default card is the one attached last.
      const latest = sql`select token, number_last4, brand, expire_month, expire_year, behaviour
        from ${testPaymentCards} where customer_id = ${o.customerId} order by created_at desc limit 1`;
      const [row] = executedRows<ChargeRow>(await db.execute(chargeStatement(latest, o, false)));
      return chargeResult(db, row!, o.idempotencyKey);
    },
    async chargeNewCard(db, o) {
      // Attach and charge in one statement: the card just attached is the one charged.
      const attached = sql`update ${testPaymentCards} set customer_id = ${o.customerId}
        where token = ${o.cardToken}
        returning token, number_last4, brand, expire_month, expire_year, behaviour`;
      const [row] = executedRows<ChargeRow>(await db.execute(chargeStatement(attached, o, true)));
      if (!row) throw badInput('stripeToken', MSG_UNREADABLE_CARD);
      const card: CardDetails = {
        brand: row.brand!,
        last4: row.number_last4!,
        expireMonth: row.expire_month!,
        expireYear: row.expire_year!,
      };
      return { card, charge: await chargeResult(db, row, o.idempotencyKey) };
    },
  };
}
