import { onApproval } from '../fieldwork/index.js';
import { createPayable } from './create-payable.js';

/**
 * What a shopper is owed, as a subscriber of the event log: an approved visit's evaluation gets its
 * payable line (createPayable: surveys and evaluations without a shopper owe nothing; at most one line
 * per evaluation, so neither a replay nor a second approval after a rejection pays twice).
 */
export const payablesSubscriber = onApproval('payables', (tx, evaluation, event) =>
  createPayable(tx, { evaluation, now: event.at }),
);
