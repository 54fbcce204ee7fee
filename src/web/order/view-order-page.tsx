import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { formatLongDate, formatMoney } from '../../domain';
import { PageLoader, useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { VIEW_ORDER } from './checkout-documents';
import { OrderSummary } from './order-summary';

export const MSG_ORDER_NOT_FOUND = 'Order Not Found';

/** A positive whole order number from the route, else null. */
function parseOrderNumber(text: string | undefined): number | null {
  if (!text || !/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

function NotFound({ offerLogin }: { offerLogin: boolean }) {
  const { pathname } = useLocation();
  return (
    <Page title={MSG_ORDER_NOT_FOUND}>
      <Alert color="red" title={MSG_ORDER_NOT_FOUND} data-testid="order-not-found">
        {offerLogin ? (
          <>
            Orders are shown to the account that placed them.{' '}
            <Anchor component={Link} to={`/login?redirect=${encodeURIComponent(pathname)}`} inherit>
              Log in
            </Anchor>{' '}
            to view this order.
          </>
        ) : (
          'Please check the link, or find the order in your order history.'
        )}
      </Alert>
    </Page>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  );
}

/** /view-order/{oid}/{orderNumber}: a placed order, read-only, for its owner or an admin. */
export function ViewOrderPage() {
  const params = useParams();
  const oid = params.oid ?? '';
  const orderNumber = parseOrderNumber(params.orderNumber);
  const { user, loading: userLoading } = useCurrentUser();
  const { data, loading, error } = useQuery(VIEW_ORDER, {
    variables: { oid, orderNumber: orderNumber ?? 0 },
    skip: !oid || orderNumber === null,
    fetchPolicy: 'network-only',
  });

  if (!oid || orderNumber === null) return <NotFound offerLogin={false} />;
  if ((loading && !data) || userLoading) {
    return (
      <Page title={`Order #${orderNumber}`}>
        <PageLoader />
      </Page>
    );
  }
  const order = data?.order;
  if (error || !order) return <NotFound offerLogin={!user} />;

  return (
    <Page title={`Order #${order.orderNumber}`}>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <Fact label="Order Number" value={`#${order.orderNumber}`} />
          <Fact
            label="Order Date"
            value={order.orderDate ? formatLongDate(order.orderDate) : 'Not placed yet'}
          />
          <Fact label="Status" value={order.status === 'COMPLETE' ? 'Placed' : order.status} />
          {order.referralCode && <Fact label="Referral Code" value={order.referralCode} />}
        </SimpleGrid>
      </Paper>
      <OrderSummary
        locations={order.locations}
        userQuestionnaires={order.userQuestionnaires}
        showLineTotals={false}
        total={
          order.amount != null
            ? { label: 'Amount Charged', value: order.amount, displayValue: formatMoney(order.amount) }
            : null
        }
      />
      <Stack gap={4}>
        <Group gap="md">
          {user && (
            <Anchor component={Link} to="/account/order-history">
              Back to Order History
            </Anchor>
          )}
        </Group>
      </Stack>
    </Page>
  );
}
