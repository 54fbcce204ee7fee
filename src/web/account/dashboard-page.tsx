import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { MSG_CLICK_ORDER_NUMBER, OrderList } from './account-order-list';

/**
 * /account/dashboard: Start New Order, the Performance Summary and My Programs (filled in by the
 * reporting part of the product), and the customer's orders with Re-Order.
 */
export function DashboardPage() {
  return (
    <Page
      title="Dashboard"
      heading={
        <Group justify="space-between" gap="sm">
          <span>Dashboard</span>
          <Button component={Link} to="/new-order" leftSection={<IconPlus size={16} />}>
            Start New Order
          </Button>
        </Group>
      }
    >
      {/* SLOT: Performance Summary and My Programs (evaluation-and-reporting issue) go here. */}
      <Box data-testid="performance-summary-slot" />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Orders
          </Title>
          <Text size="sm" c="dimmed">
            {MSG_CLICK_ORDER_NUMBER}
          </Text>
          <OrderList returnText="Back to Dashboard" />
        </Stack>
      </Paper>
    </Page>
  );
}
