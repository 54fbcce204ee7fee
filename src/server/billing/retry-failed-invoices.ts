// Declined recurring invoices: which retries a run would make, and bringing them forward when the
// customer saves a new card (the account API may call retryUnpaidInvoicesSoon after saveDefaultCard).
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { invoices, users } from '../db/schema.js';
import { MSG_NO_CARD, rowsOf } from './billing-policy.js';
import { dueWork } from './claim-invoices.js';

export type DueInvoice = {
  id: string;
  uid: string;
  email: string;
  billingMonth: string;
  amount: number;
  attemptCount: number;
  hasCard: boolean;
};

/** Recurring invoices a run on `day` would charge: never attempted ones and retries that are due. */
export function dueInvoices(db: Db, day: Date): Promise<DueInvoice[]> {
  return rowsOf<DueInvoice>(
    db,
    sql`select i.id, i.uid, u.email, i.billing_month as "billingMonth", i.amount, i.attempt_count as "attemptCount",
          (u.payment_card is not null and u.payment_customer_id is not null) as "hasCard"
        from invoices i join ${users} u on u.id = i.uid
        where ${dueWork(day)}
        order by u.email, i.billing_month`,
  );
}

/**
 * Makes the customer's unpaid, already attempted recurring invoices due again at `now` (e.g. after a
 * new card is saved, also when the job had stopped retrying). The next billing run charges them.
 */
export async function retryUnpaidInvoicesSoon(db: Db, uid: string, now: Date): Promise<number> {
  const rows = await db
    .update(invoices)
    .set({ nextPaymentAttempt: now })
    .where(
      and(
        eq(invoices.uid, uid),
        isNotNull(invoices.billingMonth),
        eq(invoices.paid, false),
        eq(invoices.closed, false),
        eq(invoices.attempted, true),
      ),
    )
    .returning({ id: invoices.id });
  return rows.length;
}

export { MSG_NO_CARD };
