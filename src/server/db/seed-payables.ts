import { and, desc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import { createPayable } from '../payables/index.js';
import type { Db } from './client.js';
import { newId } from './ids.js';
import { evaluations, payables, payoutBatches, shops, visits } from './schema.js';

/**
 * Demo shopper payments: the demo shopper is owed for the three latest approved demo visits with a
 * reimbursement, and the oldest of them is already paid. The demo evaluations were filled in by no
 * account (they are the reports' history), so the lines name the shopper without changing them.
 */
export async function seedDemoPayables(db: Db, opts: { shopperId: string; adminId: string; now: Date }) {
  const latest = await db
    .select({ e: evaluations })
    .from(evaluations)
    .innerJoin(visits, eq(visits.id, evaluations.visitId))
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .where(
      and(
        eq(evaluations.isSurvey, false),
        isNotNull(evaluations.approvedAt),
        // The demo history's approvals run a day after each visit: only those already made.
        lte(evaluations.approvedAt, opts.now),
        gt(shops.reimbursement, 0),
      ),
    )
    .orderBy(desc(evaluations.approvedAt), desc(evaluations.id))
    .limit(3);
  const lines = [];
  for (const { e } of latest) {
    const line = await createPayable(db, { evaluation: { ...e, userId: opts.shopperId }, now: opts.now });
    if (line) lines.push(line);
  }
  const oldest = lines.at(-1);
  if (!oldest || lines.length < 2) return;
  const [batch] = await db
    .insert(payoutBatches)
    .values({
      id: newId(),
      reference: 'DEMO-PAYOUT-1',
      paidOn: oldest.approvedAt.toISOString().slice(0, 10),
      total: oldest.total,
      createdBy: opts.adminId,
      createdAt: opts.now,
    })
    .returning();
  await db.update(payables).set({ batchId: batch!.id }).where(eq(payables.id, oldest.id));
}
