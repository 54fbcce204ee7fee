// The customer's billing e-mails: a receipt when a month is paid, a request to update the card when a
// charge is declined. Billing mail is transactional: it is sent whatever the marketing preferences.
import { formatDateUs, formatMoney, formatMonthName } from '../../domain/index.js';
import type { MailMessage } from '../adapters/mail.js';

export type BillingMailFacts = {
  to: string;
  customerName: string;
  brandName: string;
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
  const month = monthTitle(f.billingMonth);
  const text = [
    `Hello ${f.customerName},`,
    '',
    `Thank you. We charged ${formatMoney(f.amount)} to your card on file for your recurring services in ${month}.`,
    `Receipt number: ${f.receiptNumber}`,
    '',
    ...f.lines.map((l) => `${l.description}: ${formatMoney(l.amount)}`),
    `Total: ${formatMoney(f.amount)}`,
    '',
    `View the invoice: ${invoiceUrl(f.origin, f.invoiceId)}`,
    '',
    f.brandName,
  ].join('\n');
  return { to: f.to, subject: `Your receipt for ${month}`, text, kind: 'billing-receipt' };
}

export function billingPaymentFailedEmail(
  f: BillingMailFacts & { message: string; nextPaymentAttempt: Date | null },
): MailMessage {
  const month = monthTitle(f.billingMonth);
  const retry = f.nextPaymentAttempt
    ? `We will try the charge again on ${formatDateUs(f.nextPaymentAttempt)}.`
    : 'Once you update your card, we will try the charge again.';
  const text = [
    `Hello ${f.customerName},`,
    '',
    `We could not charge ${formatMoney(f.amount)} for your recurring services in ${month}: ${f.message}`,
    '',
    `Please update your payment card so this invoice can be paid: ${billingInfoUrl(f.origin)}`,
    retry,
    '',
    `View the invoice: ${invoiceUrl(f.origin, f.invoiceId)}`,
    '',
    f.brandName,
  ].join('\n');
  return {
    to: f.to,
    subject: `Action needed: update your payment card for ${month}`,
    text,
    kind: 'billing-payment-failed',
  };
}
