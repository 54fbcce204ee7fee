import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { payoutErrors, toDateKey } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { payables, payoutBatches, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { requireAdmin } from './access.js';

export const MSG_ALREADY_PAID =
  'Some of the selected lines are already paid. Refresh the list and try again.';
export const MSG_UNKNOWN_LINES =
  'Some of the selected lines no longer exist. Refresh the list and try again.';
export const PAYOUT_MAX_LINES = 1000;

/**
 * Marks the chosen pending lines paid as one payout batch (reference, day paid), in one transaction.
 * A line already paid (by another admin meanwhile, say) refuses the whole batch and nothing changes.
 */
export async function markPayablesPaid(
  db: Db,
  opts: { user: UserRow | null; payableIds: string[]; reference: string; paidOn: string; now: Date },
) {
  const admin = requireAdmin(opts.user);
  const ids = [...new Set(opts.payableIds)];
  const errors = payoutErrors({
    reference: opts.reference,
    paidOn: opts.paidOn,
    lineCount: ids.length,
    today: toDateKey(opts.now),
  });
  if (ids.length > PAYOUT_MAX_LINES)
    errors.push({ field: 'payableIds', message: `At most ${PAYOUT_MAX_LINES} lines per payout.` });
  if (errors.length) throw new AppError('BAD_USER_INPUT', errors.map((e) => e.message).join(' '), errors);
  return inTransaction(db, async (tx) => {
    // Lock the lines so two admins paying the same line cannot both succeed.
    const lines = await tx
      .select({ id: payables.id, total: payables.total, batchId: payables.batchId })
      .from(payables)
      .where(inArray(payables.id, ids))
      .for('update');
    if (lines.length !== ids.length)
      throw new AppError('BAD_USER_INPUT', MSG_UNKNOWN_LINES, [
        { field: 'payableIds', message: MSG_UNKNOWN_LINES },
      ]);
    if (lines.some((l) => l.batchId !== null))
      throw new AppError('CONFLICT', MSG_ALREADY_PAID, [{ field: 'payableIds', message: MSG_ALREADY_PAID }]);
    const [batch] = await tx
      .insert(payoutBatches)
      .values({
        id: newId(),
        reference: opts.reference.trim(),
        paidOn: opts.paidOn,
        total: lines.reduce((sum, l) => sum + l.total, 0),
        createdBy: admin.id,
        createdAt: opts.now,
      })
      .returning();
    const stamped = await tx
      .update(payables)
      .set({ batchId: batch!.id })
      .where(and(inArray(payables.id, ids), isNull(payables.batchId)))
      .returning({ id: payables.id });
    if (stamped.length !== ids.length)
      throw new AppError('CONFLICT', MSG_ALREADY_PAID, [{ field: 'payableIds', message: MSG_ALREADY_PAID }]);
    return { ...batch!, lineCount: stamped.length, createdByEmail: admin.email };
  });
}

/** Admins: payout batches, newest first, with their line counts and who made them. */
export async function listPayoutBatches(db: Db, user: UserRow | null) {
  requireAdmin(user);
  return db
    .select({
      id: payoutBatches.id,
      reference: payoutBatches.reference,
      paidOn: payoutBatches.paidOn,
      total: payoutBatches.total,
      createdAt: payoutBatches.createdAt,
      createdByEmail: users.email,
      lineCount: sql<number>`(select count(*)::int from ${payables} where ${payables.batchId} = ${payoutBatches.id})`,
    })
    .from(payoutBatches)
    .leftJoin(users, eq(users.id, payoutBatches.createdBy))
    .orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id))
    .limit(200);
}
