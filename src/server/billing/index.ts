// Recurring billing: the daily run, the retry after a card change, and the e-mails of its events.
export { billingMailSubscriber } from './mail-subscriber.js';
export { retryUnpaidInvoicesSoon } from './retry-failed-invoices.js';
export { type BillingDeps, type RunBillingResult, runBilling } from './run-billing.js';
