import { useQuery } from '@apollo/client';
import { Anchor, Badge } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { formatDateUs, formatMoney, invoiceStatusLabel } from '../../domain';
import { type PagedColumn, PagedTable, type PageState } from '../components/paged-table';
import { CURRENT_USER_PAYMENT_HISTORY } from './account-documents';
import type { ReturnState } from './account-order-list';
import { appendPage, HISTORY_PAGE_SIZE } from './account-paging';

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
  invoiceLink,
  emptyText = MSG_NO_PAYMENT_HISTORY,
  ...page
}: PageState<InvoiceNode> & {
  invoiceLink: InvoiceLink;
  emptyText?: string;
}) {
  const columns: PagedColumn<InvoiceNode>[] = [
    {
      header: 'Invoice',
      cell: (invoice) => {
        const link = invoiceLink(invoice.id);
        return (
          <Anchor component={Link} to={link.to} state={link.state} fw={600}>
            {invoice.id}
          </Anchor>
        );
      },
    },
    { header: 'Date', cell: (invoice) => formatDateUs(invoice.date) },
    { header: 'Amount', cell: (invoice) => formatMoney(invoice.amount) },
    {
      header: 'Status',
      cell: (invoice) => <InvoiceStatusBadge paid={invoice.paid} attempted={invoice.attempted} />,
    },
  ];
  return (
    <PagedTable
      {...page}
      columns={columns}
      rowKey={(invoice) => invoice.id}
      minWidth={480}
      emptyText={emptyText}
      ids={{ table: 'payments-table', row: 'payment-row', empty: 'payments-empty' }}
    />
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
