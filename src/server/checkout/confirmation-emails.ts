import { capabilityLink } from '../../domain/index.js';
import type { MailMessage } from '../adapters/mail.js';
import { type EmailBrand, renderOrderConfirmation, renderOrderNotification } from '../email/index.js';

export type ConfirmationFacts = {
  brand: EmailBrand;
  origin: string;
  orderNumber: number;
  amount: number;
  customerName: string;
  hasShops: boolean;
  surveyLinks: { title: string; locationName: string; surveyCode: string }[];
};

export const surveyUrl = (origin: string, code: string) => capabilityLink(origin, 'survey', { secret: code });
export const surveyQrUrl = (origin: string, code: string) =>
  capabilityLink(origin, 'surveyQrImage', { secret: code });

/** The customer's order confirmation: what was bought and what happens next, by order content. */
export function orderConfirmationEmail(to: string, f: ConfirmationFacts): MailMessage {
  const rendered = renderOrderConfirmation({
    brand: f.brand,
    customerName: f.customerName,
    orderNumber: f.orderNumber,
    amount: f.amount,
    hasShops: f.hasShops,
    surveyLinks: f.surveyLinks.map((s) => ({
      title: s.title,
      locationName: s.locationName,
      url: surveyUrl(f.origin, s.surveyCode),
      qrUrl: surveyQrUrl(f.origin, s.surveyCode),
    })),
    orderUrl: `${f.origin}/account/orders/${f.orderNumber}`,
  });
  return { to, kind: 'order-confirmation', ...rendered };
}

/**
 * The brand's order-notification addresses hear about every placed order: one message, rendered once,
 * for each address.
 */
export function orderNotificationEmails(
  to: string[],
  f: {
    brand: EmailBrand;
    orderNumber: number;
    amount: number;
    businessName: string;
    email: string;
    origin: string;
  },
): MailMessage[] {
  if (to.length === 0) return [];
  const rendered = renderOrderNotification({
    brand: f.brand,
    orderNumber: f.orderNumber,
    amount: f.amount,
    businessName: f.businessName,
    email: f.email,
    adminUrl: `${f.origin}/admin/orders/${f.orderNumber}`,
  });
  return to.map((address) => ({ to: address, kind: 'order-notification', ...rendered }));
}
