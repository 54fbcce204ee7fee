import { Alert } from '@mantine/core';
import { useParams } from 'react-router';
import { Page } from '../components/page';

/** /view-order/{oid}/{orderNumber}: 'Order Not Found' when either part is missing. */
export function ViewOrderPage() {
  const { oid, orderNumber } = useParams();
  if (!oid || !orderNumber) {
    return (
      <Page title="Order Not Found">
        <Alert color="red">Order Not Found</Alert>
      </Page>
    );
  }
  return <Page title={`Order #${orderNumber}`} />;
}
