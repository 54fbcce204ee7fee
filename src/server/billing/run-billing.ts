// The daily billing job. On the charge date of next month (5 days before its 1st), and on the days
// after it until the month starts (a missed run or an order placed after the charge date is caught up),
// every customer with billable active recurring shops gets the month's invoice; every run, on any day,
// then charges the invoices due: new ones and declined ones whose next attempt has come.
//
// Safe with several instances and with crashes: invoices are claimed through the database (unique
// (uid, billing_month) index, then FOR UPDATE SKIP LOCKED with a lease), charged with a per-attempt
// idempotency key, and recorded only if the attempt is still the next one.
import { addMonthsUtc, chargeDateFor, monthStartUtc, startOfDayUtc, toDateKey } from '../../domain/index.js';
import type { PaymentsAdapter } from '../adapters/payments.js';
import type { Db } from '../db/client.js';
import { billMonthInvoices, type PlannedInvoice } from './bill-month.js';
import { monthKey } from './billing-policy.js';
import { type ChargeOutcome, chargeInvoices, recordOutcomes } from './charge-invoice.js';
import { claimDueInvoices, countHeldInvoices } from './claim-invoices.js';
import { type DueInvoice, dueInvoices } from './retry-failed-invoices.js';

/** The run's e-mails are the subscribers' of its events (billing/mail-subscriber.ts). */
export type BillingDeps = { payments: PaymentsAdapter };

export type RunBillingOptions = {
  /** The billing day (UTC); its time of day is ignored. */
  date: Date;
  /** The clock, for leases; defaults to the current time. */
  now?: Date;
  /** Report what would be invoiced and charged; write nothing. */
  dryRun?: boolean;
  /** Charges in flight at once. */
  concurrency?: number;
  /** Invoices claimed, charged and recorded per batch. */
  batchSize?: number;
  leaseMs?: number;
  /** Customers read per page when invoicing. */
  pageSize?: number;
  /** Test hook: runs after a batch's provider calls and before their results are saved. */
  afterCharge?: (outcomes: ChargeOutcome[]) => void | Promise<void>;
};

export type RunBillingResult = {
  day: string;
  /** The month invoiced by this run ('YYYY-MM'), or null when the day is before its charge date. */
  billingMonth: string | null;
  nextChargeDate: string;
  invoicesCreated: number;
  paid: number;
  declined: number;
  noCard: number;
  /** Charges whose outcome is unknown (provider error): retried by a later run with the same key. */
  errors: number;
  /** Due invoices held by another (possibly crashed) run when this one finished. */
  held: number;
  amountPaid: number;
  /** Dry run only: the invoices that would be created, and the invoices that would be charged. */
  planned?: PlannedInvoice[];
  due?: DueInvoice[];
};

/** The month a run on `day` invoices, if any: next month, from its charge date on. */
export function monthToBill(day: Date): { month: Date; chargeDate: Date; bill: boolean } {
  const month = addMonthsUtc(monthStartUtc(day), 1);
  const chargeDate = chargeDateFor(month);
  return { month, chargeDate, bill: startOfDayUtc(day) >= chargeDate };
}

export async function runBilling(
  db: Db,
  deps: BillingDeps,
  opts: RunBillingOptions,
): Promise<RunBillingResult> {
  const day = startOfDayUtc(opts.date);
  const now = opts.now ?? new Date();
  const { month, chargeDate, bill } = monthToBill(day);
  const result: RunBillingResult = {
    day: toDateKey(day),
    billingMonth: bill ? monthKey(month) : null,
    nextChargeDate: toDateKey(chargeDate),
    invoicesCreated: 0,
    paid: 0,
    declined: 0,
    noCard: 0,
    errors: 0,
    held: 0,
    amountPaid: 0,
  };

  if (opts.dryRun) {
    result.planned = bill
      ? (await billMonthInvoices(db, { month, date: day, dryRun: true, pageSize: opts.pageSize })).planned
      : [];
    result.due = await dueInvoices(db, day);
    return result;
  }

  if (bill) {
    const created = await billMonthInvoices(db, { month, date: day, pageSize: opts.pageSize });
    result.invoicesCreated = created.invoicesCreated;
  }

  const batchSize = opts.batchSize ?? 250;
  const concurrency = opts.concurrency ?? 8;
  for (;;) {
    const claimed = await claimDueInvoices(db, { day, now, limit: batchSize, leaseMs: opts.leaseMs });
    if (claimed.length === 0) break;
    const outcomes = await chargeInvoices(db, deps, claimed, concurrency);
    await opts.afterCharge?.(outcomes);
    const recorded = await recordOutcomes(db, outcomes, { day });
    for (const o of recorded) {
      if (o.kind === 'paid') {
        result.paid++;
        result.amountPaid += o.invoice.amount;
      } else if (o.kind === 'declined') result.declined++;
      else if (o.kind === 'no-card') result.noCard++;
    }
    result.errors += outcomes.filter((o) => o.kind === 'error').length;
  }
  result.held = await countHeldInvoices(db, { day, now });
  return result;
}
