import { formatMoney } from '../../domain/index.js';
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, DetailTable, Paragraph } from './parts.js';
import { renderEmail } from './render-email.js';

export type BillingReceiptContent = {
  brand: EmailBrand;
  customerName: string;
  /** 'March 2027'. */
  month: string;
  /** Cents. */
  amount: number;
  receiptNumber: string;
  lines: { description: string; amount: number }[];
  invoiceUrl: string;
};

const subject = (c: BillingReceiptContent) => `Your receipt for ${c.month}`;
const greeting = (c: BillingReceiptContent) => `Hello ${c.customerName},`;
const charged = (c: BillingReceiptContent) =>
  `Thank you. We charged ${formatMoney(c.amount)} to your card on file for your recurring services in ${c.month}.`;
const receipt = (c: BillingReceiptContent) => `Receipt number: ${c.receiptNumber}`;
const VIEW_INVOICE = 'View the invoice';

export const billingReceiptText = (c: BillingReceiptContent) =>
  [
    greeting(c),
    '',
    charged(c),
    receipt(c),
    '',
    ...c.lines.map((l) => `${l.description}: ${formatMoney(l.amount)}`),
    `Total: ${formatMoney(c.amount)}`,
    '',
    `${VIEW_INVOICE}: ${c.invoiceUrl}`,
    '',
    c.brand.name,
  ].join('\n');

export function BillingReceiptEmail(c: BillingReceiptContent) {
  return (
    <BrandedLayout title={subject(c)} brand={c.brand} preview={charged(c)}>
      <Paragraph>{greeting(c)}</Paragraph>
      <Paragraph style={{ margin: '0 0 4px' }}>{charged(c)}</Paragraph>
      <Paragraph muted style={{ margin: '0 0 20px' }}>
        {receipt(c)}
      </Paragraph>
      <DetailTable
        totalRow
        rows={[
          ...c.lines.map((l) => ({ label: l.description, value: formatMoney(l.amount) })),
          { label: 'Total', value: formatMoney(c.amount) },
        ]}
      />
      <ActionButton brand={c.brand} href={c.invoiceUrl}>
        {VIEW_INVOICE}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderBillingReceipt = (c: BillingReceiptContent) =>
  renderEmail({
    subject: subject(c),
    text: billingReceiptText(c),
    element: <BillingReceiptEmail {...c} />,
  });
