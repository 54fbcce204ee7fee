import { formatMoney } from '../../domain/index.js';
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, Paragraph, TextLink } from './parts.js';
import { renderEmail } from './render-email.js';

export type PaymentFailedContent = {
  brand: EmailBrand;
  customerName: string;
  /** 'March 2027'. */
  month: string;
  /** Cents. */
  amount: number;
  /** The processor's reason ('Your card was declined.'). */
  message: string;
  /** When the charge is tried again ('03/08/2027'), or null when it waits for a new card. */
  nextAttempt: string | null;
  billingInfoUrl: string;
  invoiceUrl: string;
};

const subject = (c: PaymentFailedContent) => `Action needed: update your payment card for ${c.month}`;
const greeting = (c: PaymentFailedContent) => `Hello ${c.customerName},`;
const failed = (c: PaymentFailedContent) =>
  `We could not charge ${formatMoney(c.amount)} for your recurring services in ${c.month}: ${c.message}`;
const UPDATE_CARD = 'Please update your payment card so this invoice can be paid';
const UPDATE_CARD_BUTTON = 'Update your payment card';
const retry = (c: PaymentFailedContent) =>
  c.nextAttempt
    ? `We will try the charge again on ${c.nextAttempt}.`
    : 'Once you update your card, we will try the charge again.';
const VIEW_INVOICE = 'View the invoice';

export const paymentFailedText = (c: PaymentFailedContent) =>
  [
    greeting(c),
    '',
    failed(c),
    '',
    `${UPDATE_CARD}: ${c.billingInfoUrl}`,
    retry(c),
    '',
    `${VIEW_INVOICE}: ${c.invoiceUrl}`,
    '',
    c.brand.name,
  ].join('\n');

export function PaymentFailedEmail(c: PaymentFailedContent) {
  return (
    <BrandedLayout title={subject(c)} brand={c.brand} preview={failed(c)}>
      <Paragraph>{greeting(c)}</Paragraph>
      <Paragraph>{failed(c)}</Paragraph>
      <Paragraph style={{ margin: '0 0 8px' }}>{`${UPDATE_CARD}.`}</Paragraph>
      <ActionButton brand={c.brand} href={c.billingInfoUrl}>
        {UPDATE_CARD_BUTTON}
      </ActionButton>
      <Paragraph>{retry(c)}</Paragraph>
      <Paragraph>
        <TextLink brand={c.brand} href={c.invoiceUrl}>
          {VIEW_INVOICE}
        </TextLink>
      </Paragraph>
    </BrandedLayout>
  );
}

export const renderPaymentFailed = (c: PaymentFailedContent) =>
  renderEmail({
    subject: subject(c),
    text: paymentFailedText(c),
    element: <PaymentFailedEmail {...c} />,
  });
