import '../app/full-styles';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { Page } from '../components/page';
import { MSG_CLICK_ORDER_NUMBER, OrderList } from './account-order-list';
import { PaymentList } from './account-payment-list';

/** /account/order-history: the placed orders (with Re-Order) and the monthly payments. */
export function OrderHistoryPage() {
  return (
    <Page title="Order History">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Orders
          </Title>
          <Text size="sm" c="dimmed">
            {MSG_CLICK_ORDER_NUMBER}
          </Text>
          <OrderList returnText="Back to Order History" />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Payment History
          </Title>
          <PaymentList />
        </Stack>
      </Paper>
    </Page>
  );
}
