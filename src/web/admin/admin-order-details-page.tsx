import '../app/full-styles';
import { useParams } from 'react-router';
import { OrderDetails } from '../account/order-details-page';
import { BackLink } from './admin-back-link';
import { useReturnLink } from './use-return-link';

/** /admin/orders/{orderNumber}: the placed order, read-only, with the optional way back. */
export function AdminOrderDetailsPage() {
  const back = useReturnLink();
  return (
    <OrderDetails
      orderNumberText={useParams().orderNumber}
      audience="admin"
      back={back && <BackLink to={back.url}>{back.text}</BackLink>}
    />
  );
}
