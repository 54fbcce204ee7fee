// Shopper payments: what a shopper is owed for an approved visit, the totals of their lines, the rules
// for marking a payout, and the payout CSV's rows. Pure: cents and date keys in, values out.
import { z } from 'zod';
import { csvColumn, csvHeader } from './csv-columns';
import { csvCell } from './csv-export';
import { isDateKey } from './dates';

/** A line's amounts, cents: the shop's reimbursement plus the questionnaire's shopper fee. */
export interface PayableAmount {
  reimbursement: number;
  fee: number;
  total: number;
}

const cents = (value: number | null | undefined): number =>
  value != null && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;

/** The amount owed for one approved visit; a missing or negative part counts as 0. */
export function payableAmount(parts: { reimbursement?: number | null; fee?: number | null }): PayableAmount {
  const reimbursement = cents(parts.reimbursement);
  const fee = cents(parts.fee);
  return { reimbursement, fee, total: reimbursement + fee };
}

/** A line is pending until it is in a payout batch, then paid. */
export const PAYABLE_LINE_STATUSES = ['pending', 'paid'] as const;
export type PayableLineStatus = (typeof PAYABLE_LINE_STATUSES)[number];
export const payableLineStatus = (line: { batchId: string | null }): PayableLineStatus =>
  line.batchId ? 'paid' : 'pending';

export interface PayableTotals {
  pending: number;
  paid: number;
  pendingCount: number;
  paidCount: number;
}

/** Pending and paid sums (cents) and counts of lines; a line is paid once it is in a payout batch. */
export function payableTotals(lines: ReadonlyArray<{ total: number; paid: boolean }>): PayableTotals {
  const totals: PayableTotals = { pending: 0, paid: 0, pendingCount: 0, paidCount: 0 };
  for (const line of lines) {
    if (line.paid) {
      totals.paid += line.total;
      totals.paidCount++;
    } else {
      totals.pending += line.total;
      totals.pendingCount++;
    }
  }
  return totals;
}

export const PAYOUT_REFERENCE_MAX = 100;
export const MSG_PAYOUT_REFERENCE_REQUIRED = 'Please enter the payout reference.';
export const MSG_PAYOUT_REFERENCE_TOO_LONG = `The payout reference can be at most ${PAYOUT_REFERENCE_MAX} characters.`;
export const MSG_PAID_ON_INVALID = 'Please enter the date paid (YYYY-MM-DD).';
export const MSG_PAID_ON_FUTURE = 'The date paid cannot be in the future.';
export const MSG_NO_LINES = 'Please select at least one pending line.';

/**
 * The field errors of a payout: a reference is required, the paid date is a real day and not after
 * `today` (YYYY-MM-DD, UTC), and at least one line is chosen.
 */
export function payoutErrors(input: {
  reference: string;
  paidOn: string;
  lineCount: number;
  today: string;
}): { field: string; message: string }[] {
  const errors: { field: string; message: string }[] = [];
  const reference = input.reference.trim();
  if (!reference) errors.push({ field: 'reference', message: MSG_PAYOUT_REFERENCE_REQUIRED });
  else if (reference.length > PAYOUT_REFERENCE_MAX)
    errors.push({ field: 'reference', message: MSG_PAYOUT_REFERENCE_TOO_LONG });
  if (!isDateKey(input.paidOn)) errors.push({ field: 'paidOn', message: MSG_PAID_ON_INVALID });
  else if (input.paidOn > input.today) errors.push({ field: 'paidOn', message: MSG_PAID_ON_FUTURE });
  if (input.lineCount < 1) errors.push({ field: 'payableIds', message: MSG_NO_LINES });
  return errors;
}

/** Cents as dollars with 2 decimals and no symbol, for CSV ("1234.50"). */
export const centsToDollars = (value: number): string =>
  `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`;

/** The payout CSV's columns (one line per payable of the batch); the header is their names. */
export const ZPayoutCsvRow = z.strictObject({
  'Shopper Name': csvColumn.text("The shopper's first and last name."),
  'Shopper Email': csvColumn.text("The shopper's e-mail address."),
  'Evaluation ID': csvColumn.text('The approved evaluation the line pays for.'),
  Program: csvColumn.text("The program's name when the evaluation was approved."),
  Location: csvColumn.text("The location's name when the evaluation was approved."),
  'Shop Date': csvColumn.dayOrEmpty('The day of the visit'),
  'Approved At': csvColumn.instant('When the evaluation was approved'),
  Reimbursement: csvColumn.dollars('The purchase reimbursed to the shopper'),
  Fee: csvColumn.dollars("The shopper's fee"),
  Total: csvColumn.dollars('Reimbursement plus fee'),
  'Payout Reference': csvColumn.text("The batch's reference (as on the bank transfer)."),
  'Paid On': csvColumn.day('The day the batch was paid'),
});
export const PAYOUT_CSV_HEADER = csvHeader(ZPayoutCsvRow);

export interface PayoutCsvLine {
  shopperName: string;
  shopperEmail: string;
  evaluationId: string;
  programName: string;
  locationName: string;
  shopDate: string | null;
  approvedAt: Date;
  reimbursement: number;
  fee: number;
  total: number;
}

/** The payout batch as CSV text (header first, CRLF line ends, cells escaped against formulas). */
export function payoutCsv(batch: { reference: string; paidOn: string }, lines: ReadonlyArray<PayoutCsvLine>) {
  const rows: (string | number)[][] = [
    [...PAYOUT_CSV_HEADER],
    ...lines.map((l) => [
      l.shopperName,
      l.shopperEmail,
      l.evaluationId,
      l.programName,
      l.locationName,
      l.shopDate ?? '',
      l.approvedAt.toISOString(),
      centsToDollars(l.reimbursement),
      centsToDollars(l.fee),
      centsToDollars(l.total),
      batch.reference,
      batch.paidOn,
    ]),
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Lines grouped by shopper in the order they come (the server sorts by shopper), with each group's sums. */
export function groupByShopper<L extends { shopperId: string; total: { value: number }; status: string }>(
  lines: ReadonlyArray<L>,
): { shopperId: string; lines: L[]; totals: PayableTotals }[] {
  const groups = new Map<string, L[]>();
  for (const line of lines) {
    const group = groups.get(line.shopperId);
    if (group) group.push(line);
    else groups.set(line.shopperId, [line]);
  }
  return [...groups].map(([shopperId, group]) => ({
    shopperId,
    lines: group,
    totals: payableTotals(group.map((l) => ({ total: l.total.value, paid: l.status === 'paid' }))),
  }));
}
