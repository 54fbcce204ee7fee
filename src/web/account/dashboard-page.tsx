import '../app/full-styles';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { may } from '../../domain';
import { ActionPlansCard } from '../action-plans/action-plans-card';
import { useCurrentUser } from '../app/session';
import { Page } from '../components/page';
import { DashboardPrograms, PerformanceSummary, preloadDashboardReports } from '../reports';
import { deferred } from '../reports/deferred';
import { MSG_CLICK_ORDER_NUMBER, OrderList } from './account-order-list';

// Score alerts (issue 48) load after the dashboard's first render, as their own chunk: the server and
// hydration render nothing there (a lazy component on the server left its boundary unfinished, and the
// browser reported the page as differing, React #419).
const ScoreAlertsCard = deferred(
  () => import('../score-alerts/score-alerts-card').then((m) => m.default),
  null,
);

/** The route's prefetch (app/router.tsx): the dashboard's first reporting calls. */
export { prefetchDashboardReports as prefetchDashboard } from '../reports';

// The summary's code starts loading with the dashboard's, not after the login check renders it.
preloadDashboardReports();

/**
 * /account/dashboard: Start New Order, the Action Plans counts, the Performance Summary and My Programs (loaded on demand from
 * the reports feature), and the customer's orders with Re-Order. A team's manager, who may not order,
 * sees the reports only.
 */
export function DashboardPage() {
  const { role } = useCurrentUser();
  const orders = role !== null && may(role, 'order');
  return (
    <Page
      title="Dashboard"
      heading={
        <Group justify="space-between" gap="sm">
          <span>Dashboard</span>
          {orders && (
            <Button component={Link} to="/new-order" leftSection={<IconPlus size={16} />}>
              Start New Order
            </Button>
          )}
        </Group>
      }
    >
      <ScoreAlertsCard />
      <ActionPlansCard />
      <PerformanceSummary />
      <DashboardPrograms />
      {orders && (
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
      )}
    </Page>
  );
}
