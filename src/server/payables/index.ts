export { requireAdmin } from './access.js';
export { createPayable } from './create-payable.js';
export { listMyPayables, type PayableView } from './list-my-payables.js';
export { listPayables, PAYABLE_STATUSES, PAYABLES_LIMIT, type PayableFilter } from './list-payables.js';
export {
  listPayoutBatches,
  MSG_ALREADY_PAID,
  MSG_UNKNOWN_LINES,
  markPayablesPaid,
  PAYOUT_MAX_LINES,
} from './mark-payables-paid.js';
export {
  createPayoutToken,
  payoutBatchCsv,
  payoutCsvUrl,
  registerPayoutCsvRoute,
  verifyPayoutToken,
  ZPayoutParams,
  ZPayoutQuery,
} from './payout-csv.js';
export { payablesSubscriber } from './subscriber.js';
