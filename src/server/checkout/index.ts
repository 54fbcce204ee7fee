// Checkout: places an order in one transaction; its e-mails are the subscriber's of `order.placed`.
export {
  type CheckoutDeps,
  type CheckoutResult,
  checkout,
  MSG_ACCOUNT_REQUIRED,
  MSG_NOTHING_IN_ORDER,
} from './checkout.js';
export { orderMailSubscriber } from './mail-subscriber.js';
