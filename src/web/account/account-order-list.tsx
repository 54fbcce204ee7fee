import { useQuery } from '@apollo/client';
import { Anchor, Button, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { formatLongDate, formatMoney } from '../../domain';
import { type PagedColumn, PagedTable, type PageState } from '../components/paged-table';
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

export interface OrderNode {
  _id: string;
  orderNumber: number;
  orderDate?: string | null;
  amount?: number | null;
}

/** Where an order number leads, with optional navigation state. */
export type OrderLink = (orderNumber: number) => { to: string; state?: unknown };

/**
 * A list of placed orders, newest first: number (to the order's details), date, total and, when
 * `reorder` is given (the customer's own list), Re-Order. Load More asks `loadMore` for the next page.
 */
export function OrderTable({
  orderLink,
  reorder,
  emptyText = MSG_NO_ORDER_HISTORY,
  ...page
}: PageState<OrderNode> & {
  orderLink: OrderLink;
  reorder?: { run: (oid: string) => unknown; pending: string | null };
  emptyText?: string;
}) {
  const columns: PagedColumn<OrderNode>[] = [
    {
      header: 'Order Number',
      cell: (o) => {
        const link = orderLink(o.orderNumber);
        return (
          <Anchor component={Link} to={link.to} state={link.state} fw={600}>
            {o.orderNumber}
          </Anchor>
        );
      },
    },
    { header: 'Date', cell: (o) => formatLongDate(o.orderDate) },
    { header: 'Total', cell: (o) => (o.amount != null ? formatMoney(o.amount) : '') },
  ];
  if (reorder) {
    columns.push({
      header: (
        <>
          Re-Order
          <Text size="xs" c="dimmed" fw={400}>
            Your current cart will be cleared
          </Text>
        </>
      ),
      cell: (o) => (
        <Button
          size="xs"
          variant="light"
          loading={reorder.pending === o._id}
          disabled={reorder.pending !== null}
          onClick={() => reorder.run(o._id)}
          aria-label={`Re-Order ${o.orderNumber}`}
        >
          Re-Order
        </Button>
      ),
    });
  }
  return (
    <PagedTable
      {...page}
      columns={columns}
      rowKey={(o) => o._id}
      minWidth={reorder ? 520 : 360}
      emptyText={emptyText}
      ids={{ table: 'orders-table', row: 'order-row', empty: 'orders-empty' }}
    />
  );
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
  const { reorder, pending } = useReorder();
  const state: ReturnState = { returnUrl: pathname, returnText, from: pathname };

  const loadMore = (after: string | null | undefined) =>
    fetchMore({
      variables: { after },
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

  return (
    <OrderTable
      connection={data?.currentUser?.orders}
      loading={loading}
      error={error}
      loadMore={loadMore}
      orderLink={(n) => ({ to: `/account/orders/${n}`, state })}
      reorder={{ run: reorder, pending }}
    />
  );
}
