import { useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatDateUs, formatMoney, invoiceStatusLabel } from '../../domain';
import { errorMessage } from '../app/apollo';
import { CURRENT_USER_PAYMENT_HISTORY } from './account-documents';
import type { ReturnState } from './account-order-list';
import { appendPage, type Connection, HISTORY_PAGE_SIZE } from './account-paging';

export const MSG_NO_PAYMENT_HISTORY =
  'There is no payment history yet. Your monthly payments for recurring shops will appear here.';

const STATUS_COLOR = { Paid: 'green', 'Error Processing Payment': 'red', Unpaid: 'gray' } as const;

/** An invoice's status as a coloured badge (the label is the domain's). */
export function InvoiceStatusBadge({ paid, attempted }: { paid: boolean; attempted: boolean }) {
  const label = invoiceStatusLabel({ paid, attempted });
  return (
    <Badge color={STATUS_COLOR[label]} variant="light" data-testid="invoice-status">
      {label}
    </Badge>
  );
}

export interface InvoiceNode {
  id: string;
  date: string;
  amount: number;
  attempted: boolean;
  paid: boolean;
}

/** Where an invoice id leads, with optional navigation state. */
export type InvoiceLink = (invoiceId: string) => { to: string; state?: unknown };

/** A list of invoices, newest first, each linking to its details; Load More asks `loadMore` for more. */
export function PaymentTable({
  connection,
  loading,
  error,
  loadMore,
  invoiceLink,
  emptyText = MSG_NO_PAYMENT_HISTORY,
}: {
  connection: Connection<InvoiceNode> | null | undefined;
  loading: boolean;
  error?: unknown;
  loadMore: (after: string | null | undefined) => Promise<unknown>;
  invoiceLink: InvoiceLink;
  emptyText?: string;
}) {
  const [loadingMore, setLoadingMore] = useState(false);

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
      <Text c="dimmed" data-testid="payments-empty">
        {emptyText}
      </Text>
    );
  }

  const more = async () => {
    setLoadingMore(true);
    try {
      await loadMore(connection.pageInfo.endCursor);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="payments-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Invoice</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {connection.nodes.map((invoice) => {
              const link = invoiceLink(invoice.id);
              return (
                <Table.Tr key={invoice.id} data-testid="payment-row">
                  <Table.Td>
                    <Anchor component={Link} to={link.to} state={link.state} fw={600}>
                      {invoice.id}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDateUs(invoice.date)}</Table.Td>
                  <Table.Td>{formatMoney(invoice.amount)}</Table.Td>
                  <Table.Td>
                    <InvoiceStatusBadge paid={invoice.paid} attempted={invoice.attempted} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {connection.pageInfo.hasNextPage && (
        <Center>
          <Button variant="default" onClick={more} loading={loadingMore}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** The customer's listed invoices, newest first, 10 at a time, each linking to its details. */
export function PaymentList() {
  const { pathname } = useLocation();
  const { data, loading, error, fetchMore } = useQuery(CURRENT_USER_PAYMENT_HISTORY, {
    variables: { first: HISTORY_PAGE_SIZE },
  });
  const state: ReturnState = { returnUrl: pathname, returnText: 'Back to Payment History', from: pathname };

  const loadMore = (after: string | null | undefined) =>
    fetchMore({
      variables: { after },
      updateQuery: (shown, { fetchMoreResult }) => {
        const next = fetchMoreResult.currentUser?.invoices;
        if (!shown.currentUser || !next) return shown;
        return {
          ...shown,
          currentUser: {
            ...shown.currentUser,
            invoices: appendPage(shown.currentUser.invoices, next, (i) => i.id),
          },
        };
      },
    });

  return (
    <PaymentTable
      connection={data?.currentUser?.invoices}
      loading={loading}
      error={error}
      loadMore={loadMore}
      invoiceLink={(id) => ({ to: `/account/invoices/${encodeURIComponent(id)}`, state })}
    />
  );
}
