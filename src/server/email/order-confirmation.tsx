import { Img } from '@react-email/img';
import { formatMoney } from '../../domain/index.js';
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, Panel, Paragraph, TextLink } from './parts.js';
import { renderEmail } from './render-email.js';

export type OrderConfirmationContent = {
  brand: EmailBrand;
  customerName: string;
  orderNumber: number;
  /** Cents. */
  amount: number;
  hasShops: boolean;
  /** One per survey and location: the link customers answer at and its QR code image (absolute URLs). */
  surveyLinks: { title: string; locationName: string; url: string; qrUrl: string }[];
  orderUrl: string;
};

const subject = (c: OrderConfirmationContent) => `Your ${c.brand.name} order #${c.orderNumber}`;
const SHOP_TEXT =
  'You will receive each mystery shop report by e-mail once our quality-assurance team approves the shop. ' +
  'The usual turnaround is 24-36 hours after the visit.';
const SURVEY_TEXT =
  'Below is the link and QR code for inviting your customers to your survey. Share the link, or print the QR code ' +
  'on receipts, table tents and signs.';
const QR_SIZE = 200;

const greeting = (c: OrderConfirmationContent) => `Hello ${c.customerName},`;
const intro = (c: OrderConfirmationContent) =>
  `Thank you for your order #${c.orderNumber} (${formatMoney(c.amount)}).`;
const VIEW_ORDER = 'View your order';

export function orderConfirmationText(c: OrderConfirmationContent): string {
  const lines = [greeting(c), '', intro(c), ''];
  if (c.hasShops) lines.push(SHOP_TEXT, '');
  if (c.surveyLinks.length > 0) {
    lines.push(SURVEY_TEXT, '');
    for (const s of c.surveyLinks) {
      lines.push(`${s.title} at ${s.locationName}: ${s.url}`);
      lines.push(`QR code: ${s.qrUrl}`);
    }
    lines.push('');
  }
  lines.push(`${VIEW_ORDER}: ${c.orderUrl}`, '', c.brand.name);
  return lines.join('\n');
}

/**
 * The QR code is an image linked from the app's own /survey/{code}/qr.png route, not a data: URI:
 * Gmail and Outlook drop data: images, while a linked image shows wherever the reader allows images
 * (and the link above it works where they do not).
 */
export function OrderConfirmationEmail(c: OrderConfirmationContent) {
  return (
    <BrandedLayout title={subject(c)} brand={c.brand} preview={intro(c)}>
      <Paragraph>{greeting(c)}</Paragraph>
      <Paragraph>{intro(c)}</Paragraph>
      {c.hasShops ? <Paragraph>{SHOP_TEXT}</Paragraph> : null}
      {c.surveyLinks.length > 0 ? <Paragraph>{SURVEY_TEXT}</Paragraph> : null}
      {c.surveyLinks.map((s) => (
        <Panel key={s.url} accent={c.brand.primaryColor}>
          <Paragraph style={{ margin: '0 0 4px' }}>
            <strong>{s.title}</strong> at {s.locationName}
          </Paragraph>
          <Paragraph style={{ margin: '0 0 12px', fontSize: 14 }}>
            <TextLink brand={c.brand} href={s.url} />
          </Paragraph>
          <Img
            src={s.qrUrl}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={`QR code for ${s.title} at ${s.locationName}`}
            style={{ border: '1px solid #dee2e6', backgroundColor: '#ffffff' }}
          />
        </Panel>
      ))}
      <ActionButton brand={c.brand} href={c.orderUrl}>
        {VIEW_ORDER}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderOrderConfirmation = (c: OrderConfirmationContent) =>
  renderEmail({
    subject: subject(c),
    text: orderConfirmationText(c),
    element: <OrderConfirmationEmail {...c} />,
  });
