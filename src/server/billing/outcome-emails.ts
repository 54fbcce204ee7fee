// The e-mails of a batch of charge outcomes, rendered before the batch's recording transaction (a
// branded message takes 1-3 ms of CPU; rendered inside, 100 of them would hold the shops' locks for
// that long). The transaction then sends those of the outcomes it recorded.
import { sql } from 'drizzle-orm';
import type { MailMessage } from '../adapters/mail.js';
import { brandSiteOrigin } from '../brands/resolve-brand.js';
import type { Db } from '../db/client.js';
import { type EmailBrand, emailBrandOf } from '../email/index.js';
import { billingPaymentFailedEmail, billingReceiptEmail } from './billing-emails.js';
import { nextAttemptAfter, rowsOf } from './billing-policy.js';
import type { ChargeDeps, ChargeOutcome } from './charge-invoice.js';
import type { ClaimedInvoice } from './claim-invoices.js';

/** A customer without any brand (no default brand either) still gets a readable e-mail. */
const NO_BRAND: NonNullable<ClaimedInvoice['brand']> = {
  type: 'AUTHENTICATED',
  subdomain: null,
  customDomain: null,
  id: '',
  name: '',
  logoUrl: null,
  primaryColor: '',
  secondaryColor: '',
  headerTextColor: '',
  footerLinkTextColor: '',
};

export const receiptNumber = (o: { invoice: { billingMonth: string; id: string }; attempt: number }) =>
  `${o.invoice.billingMonth.replace('-', '')}-${o.invoice.id.slice(0, 8).toUpperCase()}-${o.attempt}`;

/** The lines of the given invoices, in order (lines are written with their invoice and never change). */
async function linesOf(db: Db, invoiceIds: string[]) {
  const byInvoice = new Map<string, { description: string; amount: number }[]>();
  if (invoiceIds.length === 0) return byInvoice;
  const lines = await rowsOf<{ invoiceId: string; description: string; amount: number }>(
    db,
    sql`select invoice_id as "invoiceId", description, amount from invoice_lines
        where invoice_id in (select jsonb_array_elements_text(${JSON.stringify(invoiceIds)}::jsonb))
        order by invoice_id, id`,
  );
  for (const l of lines) {
    const list = byInvoice.get(l.invoiceId) ?? [];
    list.push({ description: l.description, amount: l.amount });
    byInvoice.set(l.invoiceId, list);
  }
  return byInvoice;
}

/**
 * The message each settled outcome sends, by invoice id: a receipt for a paid invoice with an amount,
 * the payment-failed notice for a declined charge or a missing card.
 */
export async function outcomeEmails(
  db: Db,
  deps: ChargeDeps,
  outcomes: ChargeOutcome[],
  opts: { day: Date },
): Promise<Map<string, MailMessage>> {
  const receipts = outcomes.filter((o) => o.kind === 'paid' && o.invoice.amount > 0);
  const lines = await linesOf(
    db,
    receipts.map((o) => o.invoice.id),
  );
  // Each brand is resolved once per batch (its readable colours take a little arithmetic), with the site
  // its customers use: their links go there, not to the platform's public URL.
  const brands = new Map<string, { brand: EmailBrand; origin: string }>();
  const brandOf = (source: ClaimedInvoice['brand']) => {
    const b = source ?? NO_BRAND;
    let found = brands.get(b.id);
    if (!found) {
      const origin = brandSiteOrigin(b, { publicUrl: deps.origin, baseDomain: deps.baseDomain });
      found = { brand: emailBrandOf(b, { origin, storage: deps.storage }), origin };
      brands.set(b.id, found);
    }
    return found;
  };
  const messages = new Map<string, MailMessage>();
  for (const o of outcomes) {
    // One e-mail per invoice attempt, even if this run is repeated (a retried job).
    const dedupKey = `invoice:${o.invoice.id}:attempt:${o.attempt}`;
    const facts = {
      to: o.invoice.email,
      customerName: `${o.invoice.firstName} ${o.invoice.lastName}`.trim() || o.invoice.email,
      ...brandOf(o.invoice.brand),
      invoiceId: o.invoice.id,
      billingMonth: o.invoice.billingMonth,
      amount: o.invoice.amount,
    };
    if (o.kind === 'paid' && o.invoice.amount > 0) {
      messages.set(o.invoice.id, {
        ...billingReceiptEmail({
          ...facts,
          receiptNumber: receiptNumber(o),
          lines: lines.get(o.invoice.id) ?? [],
        }),
        dedupKey,
      });
    } else if (o.kind === 'declined' || o.kind === 'no-card') {
      messages.set(o.invoice.id, {
        ...billingPaymentFailedEmail({
          ...facts,
          message: o.message,
          nextPaymentAttempt: nextAttemptAfter(opts.day, o.attempt),
        }),
        dedupKey,
      });
    }
  }
  return messages;
}
