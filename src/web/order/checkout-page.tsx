import { Page } from '../components/page';

export function CheckoutPage() {
  return <Page title="Checkout" />;
}
