import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Anchor, Group, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateUs, formatMoney } from '../../domain';
import { appendPage } from '../account/account-paging';
import { Page } from '../components/page';
import { type PagedColumn, PagedTable } from '../components/paged-table';
import type { AdminOrdersQuery } from '../gql/graphql';
import { ADMIN_ORDERS } from './admin-documents';
import { ADMIN_PAGE_SIZE, orderFromList } from './admin-links';
import { ExportLink } from './export-link';
import { OrderLookupForm } from './order-lookup-form';

export const MSG_NO_ORDERS = 'There are no completed orders yet.';

type OrderNode = AdminOrdersQuery['orders']['nodes'][number];

const ORDER_COLUMNS: PagedColumn<OrderNode>[] = [
  {
    header: 'Order Number',
    cell: (o) => (
      <Anchor component={Link} to={orderFromList(o.orderNumber)} fw={600}>
        {o.orderNumber}
      </Anchor>
    ),
  },
  { header: 'Date', cell: (o) => formatDateUs(o.orderDate) },
  { header: 'Business Name', cell: (o) => o.businessName || '—' },
  { header: 'Total', cell: (o) => (o.amount != null ? formatMoney(o.amount) : ''), align: 'right' },
];

function CompletedOrders() {
  const { data, loading, error, fetchMore } = useQuery(ADMIN_ORDERS, {
    variables: { first: ADMIN_PAGE_SIZE },
  });
  const loadMore = (after: string | null | undefined) =>
    fetchMore({
      variables: { after },
      updateQuery: (shown, { fetchMoreResult }) => ({
        ...shown,
        orders: appendPage(shown.orders, fetchMoreResult.orders, (o) => o._id),
      }),
    });

  return (
    <PagedTable
      connection={data?.orders}
      loading={loading}
      error={error}
      loadMore={loadMore}
      columns={ORDER_COLUMNS}
      rowKey={(o) => o._id}
      minWidth={560}
      emptyText={MSG_NO_ORDERS}
      ids={{ table: 'admin-orders-table', row: 'admin-order-row', empty: 'admin-orders-empty' }}
    />
  );
}

/** /admin/orders: Lookup By Order Number and the completed orders, newest first. */
export function AdminOrdersPage() {
  return (
    <Page title="Orders">
      <OrderLookupForm />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h3">
              Completed Orders
            </Title>
            <ExportLink type="orders" label="Export Orders to CSV" />
          </Group>
          <CompletedOrders />
        </Stack>
      </Paper>
    </Page>
  );
}
