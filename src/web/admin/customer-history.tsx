import { useQuery } from '@apollo/client';
import { OrderTable } from '../account/account-order-list';
import { appendPage, HISTORY_PAGE_SIZE } from '../account/account-paging';
import { PaymentTable } from '../account/account-payment-list';
import { ADMIN_CUSTOMER_INVOICES, ADMIN_CUSTOMER_ORDERS } from './admin-documents';
import { withReturn } from './admin-links';

export const MSG_CUSTOMER_NO_ORDERS = 'This customer has not placed an order yet.';
export const MSG_CUSTOMER_NO_PAYMENTS = 'This customer has no payment history yet.';

const backToCustomer = (uid: string) => ({
  returnUrl: `/admin/customers/${uid}`,
  returnText: 'Back to Customer',
});

/** The customer's placed orders, 10 at a time, each opening in the admin with the way back here. */
export function CustomerOrders({ uid }: { uid: string }) {
  const { data, loading, error, fetchMore } = useQuery(ADMIN_CUSTOMER_ORDERS, {
    variables: { uid, first: HISTORY_PAGE_SIZE },
  });
  const loadMore = (after: string | null | undefined) =>
    fetchMore({
      variables: { after },
      updateQuery: (shown, { fetchMoreResult }) => {
        const next = fetchMoreResult.user?.orders;
        if (!shown.user || !next) return shown;
        return {
          ...shown,
          user: { ...shown.user, orders: appendPage(shown.user.orders, next, (o) => o._id) },
        };
      },
    });
  return (
    <OrderTable
      connection={data?.user?.orders}
      loading={loading}
      error={error}
      loadMore={loadMore}
      orderLink={(n) => ({ to: withReturn(`/admin/orders/${n}`, backToCustomer(uid)) })}
      emptyText={MSG_CUSTOMER_NO_ORDERS}
    />
  );
}

/** The customer's listed invoices, 10 at a time, each opening in the admin with the way back here. */
export function CustomerPayments({ uid }: { uid: string }) {
  const { data, loading, error, fetchMore } = useQuery(ADMIN_CUSTOMER_INVOICES, {
    variables: { uid, first: HISTORY_PAGE_SIZE },
  });
  const loadMore = (after: string | null | undefined) =>
    fetchMore({
      variables: { after },
      updateQuery: (shown, { fetchMoreResult }) => {
        const next = fetchMoreResult.user?.invoices;
        if (!shown.user || !next) return shown;
        return {
          ...shown,
          user: { ...shown.user, invoices: appendPage(shown.user.invoices, next, (i) => i.id) },
        };
      },
    });
  return (
    <PaymentTable
      connection={data?.user?.invoices}
      loading={loading}
      error={error}
      loadMore={loadMore}
      invoiceLink={(id) => ({
        to: withReturn(`/admin/invoices/${encodeURIComponent(id)}`, backToCustomer(uid)),
      })}
      emptyText={MSG_CUSTOMER_NO_PAYMENTS}
    />
  );
}
