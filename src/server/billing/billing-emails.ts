// The customer's billing e-mails: a receipt when a month is paid, a request to update the card when a
// charge is declined. Billing mail is transactional: it is sent whatever the marketing preferences.
import { formatDateUs, formatMonthName } from '../../domain/index.js';
import type { MailMessage } from '../adapters/mail.js';
import { type EmailBrand, renderBillingReceipt, renderPaymentFailed } from '../email/index.js';

export type BillingMailFacts = {
  to: string;
  customerName: string;
  brand: EmailBrand;
  origin: string;
  invoiceId: string;
  billingMonth: string;
  amount: number;
};

const monthTitle = (ym: string) => {
  const d = new Date(`${ym}-01T00:00:00Z`);
  return `${formatMonthName(d)} ${d.getUTCFullYear()}`;
};

export const invoiceUrl = (origin: string, invoiceId: string) => `${origin}/account/invoices/${invoiceId}`;
export const billingInfoUrl = (origin: string) => `${origin}/account/info#billing`;

export function billingReceiptEmail(
  f: BillingMailFacts & { receiptNumber: string; lines: { description: string; amount: number }[] },
): MailMessage {
  const rendered = renderBillingReceipt({
    brand: f.brand,
    customerName: f.customerName,
    month: monthTitle(f.billingMonth),
    amount: f.amount,
    receiptNumber: f.receiptNumber,
    lines: f.lines,
    invoiceUrl: invoiceUrl(f.origin, f.invoiceId),
  });
  return { to: f.to, kind: 'billing-receipt', ...rendered };
}

export function billingPaymentFailedEmail(
  f: BillingMailFacts & { message: string; nextPaymentAttempt: Date | null },
): MailMessage {
  const rendered = renderPaymentFailed({
    brand: f.brand,
    customerName: f.customerName,
    month: monthTitle(f.billingMonth),
    amount: f.amount,
    message: f.message,
    nextAttempt: f.nextPaymentAttempt ? formatDateUs(f.nextPaymentAttempt) : null,
    billingInfoUrl: billingInfoUrl(f.origin),
    invoiceUrl: invoiceUrl(f.origin, f.invoiceId),
  });
  return { to: f.to, kind: 'billing-payment-failed', ...rendered };
}
