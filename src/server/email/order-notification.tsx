import { formatMoney } from '../../domain/index.js';
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, DetailTable, Paragraph } from './parts.js';
import { renderEmail } from './render-email.js';

export type OrderNotificationContent = {
  brand: EmailBrand;
  orderNumber: number;
  /** Cents. */
  amount: number;
  businessName: string;
  email: string;
  /** The order in the admin area. */
  adminUrl: string;
};

const subject = (c: OrderNotificationContent) => `New ${c.brand.name} order #${c.orderNumber}`;
const placed = (c: OrderNotificationContent) => `A new order was placed on ${c.brand.name}.`;
const customer = (c: OrderNotificationContent) => `${c.businessName} <${c.email}>`;
const VIEW_ORDER = 'View the order';

export const orderNotificationText = (c: OrderNotificationContent) =>
  [
    placed(c),
    '',
    `Order #${c.orderNumber}: ${formatMoney(c.amount)}`,
    `Customer: ${customer(c)}`,
    '',
    `${VIEW_ORDER}: ${c.adminUrl}`,
  ].join('\n');

export function OrderNotificationEmail(c: OrderNotificationContent) {
  return (
    <BrandedLayout title={subject(c)} brand={c.brand} preview={placed(c)}>
      <Paragraph>{placed(c)}</Paragraph>
      <DetailTable
        rows={[
          { label: `Order #${c.orderNumber}`, value: formatMoney(c.amount) },
          { label: 'Customer', value: customer(c) },
        ]}
      />
      <ActionButton brand={c.brand} href={c.adminUrl}>
        {VIEW_ORDER}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderOrderNotification = (c: OrderNotificationContent) =>
  renderEmail({
    subject: subject(c),
    text: orderNotificationText(c),
    element: <OrderNotificationEmail {...c} />,
  });
