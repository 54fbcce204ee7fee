import { formatMoney } from '../../domain/index.js';
import type { MailMessage } from '../adapters/mail.js';

export type ConfirmationFacts = {
  brandName: string;
  origin: string;
  orderNumber: number;
  amount: number;
  customerName: string;
  hasShops: boolean;
  surveyLinks: { title: string; locationName: string; surveyCode: string }[];
};

export const surveyUrl = (origin: string, code: string) => `${origin}/survey/${code}`;
export const surveyQrUrl = (origin: string, code: string) => `${origin}/survey/${code}/qr.png`;

const SHOP_TEXT =
  'You will receive each mystery shop report by e-mail once our quality-assurance team approves the shop. ' +
  'The usual turnaround is 24-36 hours after the visit.';
const SURVEY_TEXT =
  'Below is the link and QR code for inviting your customers to your survey. Share the link, or print the QR code ' +
  'on receipts, table tents and signs.';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The customer's order confirmation: what was bought and what happens next, by order content. */
export function orderConfirmationEmail(to: string, f: ConfirmationFacts): MailMessage {
  const intro = `Thank you for your order #${f.orderNumber} (${formatMoney(f.amount)}).`;
  const lines = [`Hello ${f.customerName},`, '', intro, ''];
  if (f.hasShops) lines.push(SHOP_TEXT, '');
  if (f.surveyLinks.length > 0) {
    lines.push(SURVEY_TEXT, '');
    for (const s of f.surveyLinks) {
      lines.push(`${s.title} at ${s.locationName}: ${surveyUrl(f.origin, s.surveyCode)}`);
      lines.push(`QR code: ${surveyQrUrl(f.origin, s.surveyCode)}`);
    }
    lines.push('');
  }
  lines.push(`View your order: ${f.origin}/account/orders/${f.orderNumber}`, '', f.brandName);
  const html = [
    `<p>Hello ${escapeHtml(f.customerName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    f.hasShops ? `<p>${escapeHtml(SHOP_TEXT)}</p>` : '',
    f.surveyLinks.length ? `<p>${escapeHtml(SURVEY_TEXT)}</p>` : '',
    ...f.surveyLinks.map(
      (s) =>
        `<p><strong>${escapeHtml(s.title)}</strong> at ${escapeHtml(s.locationName)}<br>` +
        `<a href="${surveyUrl(f.origin, s.surveyCode)}">${surveyUrl(f.origin, s.surveyCode)}</a><br>` +
        `<img src="${surveyQrUrl(f.origin, s.surveyCode)}" width="200" height="200" alt="QR code for ${escapeHtml(s.title)}"></p>`,
    ),
    `<p><a href="${f.origin}/account/orders/${f.orderNumber}">View your order</a></p>`,
    `<p>${escapeHtml(f.brandName)}</p>`,
  ].join('\n');
  return {
    to,
    subject: `Your ${f.brandName} order #${f.orderNumber}`,
    text: lines.join('\n'),
    html,
    kind: 'order-confirmation',
  };
}

/** The brand's order-notification addresses hear about every placed order. */
export function orderNotificationEmail(
  to: string,
  f: {
    brandName: string;
    orderNumber: number;
    amount: number;
    businessName: string;
    email: string;
    origin: string;
  },
): MailMessage {
  return {
    to,
    kind: 'order-notification',
    subject: `New ${f.brandName} order #${f.orderNumber}`,
    text: [
      `A new order was placed on ${f.brandName}.`,
      '',
      `Order #${f.orderNumber}: ${formatMoney(f.amount)}`,
      `Customer: ${f.businessName} <${f.email}>`,
      '',
      `${f.origin}/admin/orders/${f.orderNumber}`,
    ].join('\n'),
  };
}
