// Step 3 of a billing run: charge claimed invoices through the payments port, then record the results.
// The charge of attempt n always carries attemptKey(invoice key, n), n = recorded attempts + 1, so a
// charge whose result was never recorded (crash, lost lease) is repeated with the same key and the
// provider answers with the first result: a customer-month is never charged twice.
import { sql } from 'drizzle-orm';
import type { DomainEvent } from '../../domain/index.js';
import type { PaymentsAdapter } from '../adapters/payments.js';
import { type Db, inTransaction } from '../db/client.js';
import { recordEvents } from '../events/index.js';
import { attemptKey, MSG_NO_CARD, mapLimit, nextAttemptAfter, rowsOf } from './billing-policy.js';
import type { ClaimedInvoice } from './claim-invoices.js';

export type ChargeDeps = { payments: PaymentsAdapter };

/** The receipt's number: the month, the invoice and the attempt that paid it. */
export const receiptNumber = (o: { invoice: { billingMonth: string; id: string }; attempt: number }) =>
  `${o.invoice.billingMonth.replace('-', '')}-${o.invoice.id.slice(0, 8).toUpperCase()}-${o.attempt}`;

export type ChargeOutcome =
  | { invoice: ClaimedInvoice; attempt: number; kind: 'paid'; chargeId: string | null }
  | { invoice: ClaimedInvoice; attempt: number; kind: 'declined' | 'no-card'; message: string }
  | { invoice: ClaimedInvoice; attempt: number; kind: 'error'; error: unknown };

/** Charges one claimed invoice (no database write of its own besides the provider's). */
export async function chargeInvoice(
  db: Db,
  deps: ChargeDeps,
  invoice: ClaimedInvoice,
): Promise<ChargeOutcome> {
  const attempt = invoice.attemptCount + 1;
  if (invoice.amount <= 0) return { invoice, attempt, kind: 'paid', chargeId: null };
  if (!invoice.hasCard || !invoice.paymentCustomerId) {
    return { invoice, attempt, kind: 'no-card', message: MSG_NO_CARD };
  }
  try {
    const result = await deps.payments.charge(db, {
      customerId: invoice.paymentCustomerId,
      amount: invoice.amount,
      description: `${invoice.brandName || 'Recurring services'} ${invoice.billingMonth} invoice`.trim(),
      idempotencyKey: attemptKey(invoice.idempotencyKey, attempt),
    });
    return result.ok
      ? { invoice, attempt, kind: 'paid', chargeId: result.chargeId }
      : { invoice, attempt, kind: 'declined', message: result.message };
  } catch (error) {
    // Unknown outcome (network, provider down): nothing is recorded; the lease runs out and a later
    // run repeats this attempt with the same key.
    return { invoice, attempt, kind: 'error', error };
  }
}

export const chargeInvoices = (db: Db, deps: ChargeDeps, claimed: ClaimedInvoice[], concurrency: number) =>
  mapLimit(claimed, concurrency, (invoice) => chargeInvoice(db, deps, invoice));

/**
 * Records a batch of outcomes in one transaction: the invoices (only where the attempt is still the
 * next one, so an outcome recorded by another run is not recorded twice), the paid shops' paid-through
 * dates (advanced to the end of each line's billed interval, never moved back), and the events
 * `invoice.paid` / `invoice.failed`, whose subscribers send the customer's e-mails and webhooks.
 * Returns the outcomes actually recorded.
 */
export async function recordOutcomes(
  db: Db,
  outcomes: ChargeOutcome[],
  opts: { day: Date },
): Promise<ChargeOutcome[]> {
  const settled = outcomes.filter((o) => o.kind !== 'error');
  if (settled.length === 0) return [];
  const values = settled.map((o) => {
    const paid = o.kind === 'paid';
    return {
      id: o.invoice.id,
      attempt: o.attempt,
      paid,
      charge_id: paid ? o.chargeId : null,
      receipt: paid ? receiptNumber(o) : null,
      message: paid ? null : (o as { message: string }).message,
      next_attempt: paid ? null : (nextAttemptAfter(opts.day, o.attempt)?.toISOString() ?? null),
    };
  });
  return inTransaction(db, async (tx) => {
    const updated = await rowsOf<{ id: string }>(
      tx,
      sql`
      update invoices i set attempted = true, attempt_count = v.attempt, paid = v.paid, closed = v.paid,
        receipt_number = v.receipt, payment_charge_id = coalesce(v.charge_id, i.payment_charge_id),
        failure_message = v.message, next_payment_attempt = v.next_attempt, claimed_until = null
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id text, attempt int, paid boolean,
        charge_id text, receipt text, message text, next_attempt timestamptz)
      where i.id = v.id and i.attempt_count = v.attempt - 1 and not i.paid
      returning i.id`,
    );
    const recordedIds = new Set(updated.map((r) => r.id));
    const recorded = settled.filter((o) => recordedIds.has(o.invoice.id));
    const paidIds = recorded.filter((o) => o.kind === 'paid').map((o) => o.invoice.id);

    if (paidIds.length > 0) {
      const ids = JSON.stringify(paidIds);
      // Lock the shops in id order first: two runs paying two invoices of one customer (a retry and a
      // new month) then wait on each other instead of deadlocking.
      await tx.execute(sql`
        select s.id from shops s join invoice_lines l on l.shop_id = s.id
        where l.invoice_id in (select jsonb_array_elements_text(${ids}::jsonb))
        order by s.id for update of s`);
      await tx.execute(sql`
        update shops s set paid_through = greatest(s.paid_through, l.period_end),
          billed_reimbursement = s.reimbursement, updated_at = now()
        from (
          select shop_id, max(period_end) as period_end from invoice_lines
          where invoice_id in (select jsonb_array_elements_text(${ids}::jsonb))
            and shop_id is not null and period_end is not null
          group by shop_id
        ) l
        where s.id = l.shop_id`);
    }

    // What happened, for the event log's subscribers (the customer's e-mails and webhooks), with the result.
    const now = new Date();
    await recordEvents(
      tx,
      recorded.map((o): DomainEvent => {
        const invoice = {
          invoiceId: o.invoice.id,
          billingMonth: o.invoice.billingMonth,
          amount: o.invoice.amount,
          currency: 'usd',
          attempt: o.attempt,
        };
        return o.kind === 'paid'
          ? {
              type: 'invoice.paid',
              accountId: o.invoice.uid,
              at: now,
              payload: { ...invoice, receiptNumber: receiptNumber(o), paidAt: now.toISOString() },
            }
          : {
              type: 'invoice.failed',
              accountId: o.invoice.uid,
              at: now,
              payload: {
                ...invoice,
                failureMessage: (o as { message: string }).message,
                nextAttemptAt: nextAttemptAfter(opts.day, o.attempt)?.toISOString() ?? null,
              },
            };
      }),
    );
    return recorded;
  });
}
