import { useQuery } from '@apollo/client';
import { Alert, Anchor, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatLongDate, formatMoney } from '../../domain';
import { errorMessage } from '../app/apollo';
import { CURRENT_USER_ORDER_HISTORY } from './account-documents';
import { appendPage, HISTORY_PAGE_SIZE } from './account-paging';
import { useReorder } from './account-reorder';

export const MSG_NO_ORDER_HISTORY =
  'There is no order history yet. Once you place an order it will appear here.';
export const MSG_CLICK_ORDER_NUMBER = 'Click on an Order Number to view details and/or re-order.';

/** Where an order's details lead back to: the list it was opened from. */
export interface ReturnState {
  returnUrl: string;
  returnText: string;
  from: string;
}

/**
 * The customer's placed orders, newest first, 10 at a time: number (to the order's details), date,
 * total and Re-Order. `returnText` labels the way back from the details.
 */
export function OrderList({ returnText }: { returnText: string }) {
  const { pathname } = useLocation();
  const { data, loading, error, fetchMore } = useQuery(CURRENT_USER_ORDER_HISTORY, {
    variables: { first: HISTORY_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const { reorder, pending } = useReorder();
  const connection = data?.currentUser?.orders;

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
      <Text c="dimmed" data-testid="orders-empty">
        {MSG_NO_ORDER_HISTORY}
      </Text>
    );
  }

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: connection.pageInfo.endCursor },
        updateQuery: (shown, { fetchMoreResult }) => {
          const next = fetchMoreResult.currentUser?.orders;
          if (!shown.currentUser || !next) return shown;
          return {
            ...shown,
            currentUser: {
              ...shown.currentUser,
              orders: appendPage(shown.currentUser.orders, next, (o) => o._id),
            },
          };
        },
      });
    } finally {
      setLoadingMore(false);
    }
  };

  const state: ReturnState = { returnUrl: pathname, returnText, from: pathname };
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="orders-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order Number</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Total</Table.Th>
              <Table.Th>
                Re-Order
                <Text size="xs" c="dimmed" fw={400}>
                  Your current cart will be cleared
                </Text>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {connection.nodes.map((o) => (
              <Table.Tr key={o._id} data-testid="order-row">
                <Table.Td>
                  <Anchor component={Link} to={`/account/orders/${o.orderNumber}`} state={state} fw={600}>
                    {o.orderNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatLongDate(o.orderDate)}</Table.Td>
                <Table.Td>{o.amount != null ? formatMoney(o.amount) : ''}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    loading={pending === o._id}
                    disabled={pending !== null}
                    onClick={() => reorder(o._id)}
                    aria-label={`Re-Order ${o.orderNumber}`}
                  >
                    Re-Order
                  </Button>
                </Table.Td>
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
