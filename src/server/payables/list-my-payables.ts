import { desc, eq } from 'drizzle-orm';
import { payableTotals } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { payables, payoutBatches } from '../db/schema.js';
import { requireShopper } from '../fieldwork/index.js';

export const payableColumns = {
  id: payables.id,
  evaluationId: payables.evaluationId,
  shopperId: payables.shopperId,
  reimbursement: payables.reimbursement,
  fee: payables.fee,
  total: payables.total,
  programName: payables.programName,
  locationName: payables.locationName,
  shopDate: payables.shopDate,
  approvedAt: payables.approvedAt,
  batchId: payables.batchId,
  payoutReference: payoutBatches.reference,
  paidOn: payoutBatches.paidOn,
};

export type PayableView = {
  id: string;
  evaluationId: string;
  shopperId: string;
  reimbursement: number;
  fee: number;
  total: number;
  programName: string;
  locationName: string;
  shopDate: string | null;
  approvedAt: Date;
  batchId: string | null;
  payoutReference: string | null;
  paidOn: string | null;
  shopperName?: string;
  shopperEmail?: string;
};

export const totalsOf = (lines: PayableView[]) =>
  payableTotals(lines.map((l) => ({ total: l.total, paid: l.batchId !== null })));

/** The logged-in shopper's own lines, newest approval first, with pending and paid totals. */
export async function listMyPayables(db: Db, user: UserRow | null) {
  const shopper = requireShopper(user);
  const lines: PayableView[] = await db
    .select(payableColumns)
    .from(payables)
    .leftJoin(payoutBatches, eq(payoutBatches.id, payables.batchId))
    .where(eq(payables.shopperId, shopper.id))
    .orderBy(desc(payables.approvedAt), desc(payables.id));
  return { lines, totals: totalsOf(lines) };
}
