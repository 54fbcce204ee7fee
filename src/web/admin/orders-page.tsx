import '../app/full-styles';
import { useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateUs, formatMoney } from '../../domain';
import { appendPage } from '../account/account-paging';
import { errorMessage } from '../app/apollo';
import { Page } from '../components/page';
import { ADMIN_ORDERS } from './admin-documents';
import { ADMIN_PAGE_SIZE, orderFromList } from './admin-links';
import { ExportLink } from './export-link';
import { OrderLookupForm } from './order-lookup-form';

export const MSG_NO_ORDERS = 'There are no completed orders yet.';

function CompletedOrders() {
  const { data, loading, error, fetchMore } = useQuery(ADMIN_ORDERS, {
    variables: { first: ADMIN_PAGE_SIZE },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const connection = data?.orders;

  if (loading && !connection) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (error && !connection) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!connection || connection.nodes.length === 0) {
    return (
      <Text c="dimmed" data-testid="admin-orders-empty">
        {MSG_NO_ORDERS}
      </Text>
    );
  }

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: connection.pageInfo.endCursor },
        updateQuery: (shown, { fetchMoreResult }) => ({
          ...shown,
          orders: appendPage(shown.orders, fetchMoreResult.orders, (o) => o._id),
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="admin-orders-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Business Name</Table.Th>
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {connection.nodes.map((o) => (
              <Table.Tr key={o._id} data-testid="admin-order-row">
                <Table.Td>
                  <Anchor component={Link} to={orderFromList(o.orderNumber)} fw={600}>
                    {o.orderNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDateUs(o.orderDate)}</Table.Td>
                <Table.Td>{o.businessName || '—'}</Table.Td>
                <Table.Td ta="right">{o.amount != null ? formatMoney(o.amount) : ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {connection.pageInfo.hasNextPage && (
        <Center>
          <Button variant="default" onClick={loadMore} loading={loadingMore}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
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
