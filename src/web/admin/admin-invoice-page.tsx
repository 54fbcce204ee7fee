import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { InvoiceDetails } from '../account/invoice-details-page';
import { errorMessage } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { BackLink } from './admin-back-link';
import { ADMIN_INVOICE } from './admin-documents';
import { useReturnLink } from './use-return-link';

/** /admin/invoices/{invoiceId}: the invoice with the admin's payment notice, and the way back to its customer. */
export function AdminInvoicePage() {
  const invoiceId = useParams().invoiceId ?? '';
  const returnLink = useReturnLink();
  const { data, loading, error } = useQuery(ADMIN_INVOICE, { variables: { invoiceId }, skip: !invoiceId });
  const invoice = data?.invoice;
  const back =
    returnLink ?? (invoice ? { url: `/admin/customers/${invoice.uid}`, text: 'Back to Customer' } : null);
  return (
    <Page title="Invoice Details">
      {back && <BackLink to={back.url}>{back.text}</BackLink>}
      {invoice ? (
        <InvoiceDetails invoice={invoice} audience="admin" />
      ) : loading ? (
        <PageLoader />
      ) : (
        <Alert color="red" data-testid="invoice-not-found">
          {error ? errorMessage(error) : 'Invoice Not Found'}
        </Alert>
      )}
    </Page>
  );
}
