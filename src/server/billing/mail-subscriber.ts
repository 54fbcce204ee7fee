// The customer's billing e-mails as a subscriber of the event log (issue 44): a receipt for each paid
// invoice with an amount (`invoice.paid`), the payment-failed notice for a declined charge or a missing
// card (`invoice.failed`). The billing run only records what happened; this sends what it means.
// Billing mail is transactional: sent whatever the marketing preferences.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Subscriber } from '../events/index.js';
import { type BackgroundMailDeps, backgroundNotifyDeps } from '../notifications/index.js';
import { billingPaymentFailedEmail, billingReceiptEmail } from './billing-emails.js';
import { rowsOf } from './billing-policy.js';

/** The invoice's lines, in order (lines are written with their invoice and never change). */
const linesOf = (db: Db, invoiceId: string) =>
  rowsOf<{ description: string; amount: number }>(
    db,
    sql`select description, amount from invoice_lines where invoice_id = ${invoiceId} order by id`,
  );

export function billingMailSubscriber(deps: BackgroundMailDeps): Subscriber {
  return {
    name: 'billing-mail', // stored in each receipt: keep it stable
    events: ['invoice.paid', 'invoice.failed'],
    async handle(tx, event) {
      if (event.type !== 'invoice.paid' && event.type !== 'invoice.failed') return;
      const invoice = event.payload;
      // A month with nothing to pay is settled without a charge, and without a receipt.
      if (event.type === 'invoice.paid' && invoice.amount <= 0) return;
      const [customer] = await rowsOf<{ email: string; firstName: string; lastName: string }>(
        tx,
        sql`select u.email, u.first_name as "firstName", u.last_name as "lastName"
            from invoices i join users u on u.id = i.uid where i.id = ${invoice.invoiceId}`,
      );
      if (!customer) return;
      // The customer's brand, with links to the site they use (their brand's, not the platform's URL).
      const { brand, origin } = await backgroundNotifyDeps(tx, event.accountId, deps);
      const facts = {
        to: customer.email,
        customerName: `${customer.firstName} ${customer.lastName}`.trim() || customer.email,
        brand,
        origin,
        invoiceId: invoice.invoiceId,
        billingMonth: invoice.billingMonth,
        amount: invoice.amount,
      };
      const message =
        event.type === 'invoice.paid'
          ? billingReceiptEmail({
              ...facts,
              receiptNumber: event.payload.receiptNumber,
              lines: await linesOf(tx, invoice.invoiceId),
            })
          : billingPaymentFailedEmail({
              ...facts,
              message: event.payload.failureMessage,
              nextPaymentAttempt: event.payload.nextAttemptAt ? new Date(event.payload.nextAttemptAt) : null,
            });
      // One e-mail per invoice attempt, as before the event log (the outbox's dedup key).
      await deps.mail.send(tx, {
        ...message,
        dedupKey: `invoice:${invoice.invoiceId}:attempt:${invoice.attempt}`,
      });
    },
  };
}
