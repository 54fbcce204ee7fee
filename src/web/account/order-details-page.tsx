import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArrowLeft, IconRepeat } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatLongDate, formatMoney } from '../../domain';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { OrderSummary } from '../order/order-summary';
import { ACCOUNT_ORDER, ORDER_ID_BY_NUMBER } from './account-documents';
import { OrderQuestionnaires } from './account-order-questionnaires';
import { useReorder } from './account-reorder';

export const MSG_ORDER_NOT_FOUND = 'Order Not Found';

const parseOrderNumber = (text: string | undefined): number | null =>
  text && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
}

function BackToHistory() {
  return (
    <Anchor component={Link} to="/account/order-history">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        Back to Order History
      </Group>
    </Anchor>
  );
}

/**
 * A placed order in full, resolved from the number in the route. `back` is the way back to the list;
 * the customer ('customer') can re-order it, an admin ('admin') only reads it.
 */
export function OrderDetails({
  orderNumberText,
  back,
  audience,
}: {
  orderNumberText: string | undefined;
  back: ReactNode;
  audience: 'customer' | 'admin';
}) {
  const orderNumber = parseOrderNumber(orderNumberText);
  const byNumber = useQuery(ORDER_ID_BY_NUMBER, {
    variables: { orderNumber: orderNumber ?? 0 },
    skip: orderNumber === null,
  });
  const oid = byNumber.data?.order?._id ?? null;
  const full = useQuery(ACCOUNT_ORDER, { variables: { oid: oid ?? '' }, skip: !oid });
  const { reorder, pending } = useReorder();
  const canReorder = audience === 'customer';

  const title = orderNumber ? `Order #${orderNumber}` : MSG_ORDER_NOT_FOUND;
  if ((byNumber.loading && !byNumber.data) || (oid && full.loading && !full.data)) {
    return (
      <Page title={title}>
        <PageLoader />
      </Page>
    );
  }
  const order = full.data?.order;
  if (!orderNumber || !oid || !order || order.status !== 'COMPLETE') {
    return (
      <Page title={MSG_ORDER_NOT_FOUND}>
        <Alert color="red" title={MSG_ORDER_NOT_FOUND} data-testid="order-not-found">
          {canReorder
            ? 'Please check the order number, or find the order in your order history.'
            : 'Please check the order number, or find the order in the orders list.'}
        </Alert>
        {back}
      </Page>
    );
  }

  const user = order.user;
  const total = order.amount ?? order.initialDue.value;
  return (
    <Page
      title={title}
      heading={
        <Group justify="space-between" gap="sm">
          <span>Order #{order.orderNumber}</span>
          {canReorder && (
            <Button
              leftSection={<IconRepeat size={16} />}
              loading={pending === order._id}
              onClick={() => reorder(order._id)}
            >
              Re-Order
            </Button>
          )}
        </Group>
      }
    >
      {back}
      <Paper withBorder p="md" data-testid="order-facts">
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
          <Fact label="Order Date" value={formatLongDate(order.orderDate)} />
          <Fact label="Amount" value={order.amount != null ? formatMoney(order.amount) : ''} />
          <Fact label="Referral Code" value={order.referralCode ?? ''} />
          {user && (
            <>
              <Fact label="Business" value={user.profile.businessName} />
              <Fact label="Contact" value={user.fullName} />
              <Fact label="Phone" value={user.profile.phone} />
              <Fact label="Email" value={user.email} />
              {user.profile.additionalEmails && (
                <Fact label="Additional Emails" value={user.profile.additionalEmails} />
              )}
            </>
          )}
        </SimpleGrid>
      </Paper>
      {canReorder && (
        <Text size="xs" c="dimmed">
          Re-ordering copies this order into a new cart; your current cart will be cleared.
        </Text>
      )}
      <OrderSummary
        locations={order.locations}
        userQuestionnaires={order.userQuestionnaires}
        showLineTotals={false}
        total={{ label: 'Order Total', value: total, displayValue: formatMoney(total) }}
      />
      <OrderQuestionnaires userQuestionnaires={order.userQuestionnaires} />
    </Page>
  );
}

/** /account/orders/{orderNumber}: a placed order in full, with Re-Order. */
export function OrderDetailsPage() {
  return (
    <OrderDetails orderNumberText={useParams().orderNumber} back={<BackToHistory />} audience="customer" />
  );
}
