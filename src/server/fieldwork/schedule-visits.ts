import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { plannedVisits, type SchedulableShop } from '../../domain/index.js';
import { EvaluationStatus, VisitStatus } from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { evaluationEvents, evaluations, shops, visits } from '../db/schema.js';

type ShopRow = typeof shops.$inferSelect;

/**
 * Creates the visits a mystery shop should have by `today` (surveys have no visits). Idempotent: the
 * unique (shop, cycle, sequence) key makes a rerun, or two instances at once, add nothing twice.
 */
export async function scheduleShopVisits(db: Db, shop: ShopRow, today: Date): Promise<number> {
  if (shop.questionnaireType === 'customerSurvey') return 0;
  const planned = plannedVisits(shop as SchedulableShop, today);
  if (!planned.length) return 0;
  const inserted = await db
    .insert(visits)
    .values(
      planned.map((v) => ({
        id: newId(),
        shopId: shop.id,
        uqid: shop.uqid,
        locationId: shop.locationId,
        cycleStart: v.cycleStart,
        sequence: v.sequence,
        dueDate: v.dueDate,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: visits.id });
  return inserted.length;
}

/** At checkout (same transaction): the first visits of every mystery shop of the order. */
export async function scheduleOrderVisits(db: Db, oid: string, today: Date): Promise<number> {
  const rows = await db.select().from(shops).where(eq(shops.oid, oid));
  let n = 0;
  for (const shop of rows) n += await scheduleShopVisits(db, shop, today);
  return n;
}

/** The daily job: next cycles of every active recurring mystery shop. Returns how many visits were added. */
export async function runVisitScheduling(db: Db, today: Date): Promise<{ shops: number; visits: number }> {
  const rows = await db
    .select()
    .from(shops)
    .where(
      and(
        eq(shops.status, 'active'),
        eq(shops.recurring, true),
        ne(shops.questionnaireType, 'customerSurvey'),
        isNull(shops.cancelledAt),
      ),
    );
  let added = 0;
  for (const shop of rows) added += await scheduleShopVisits(db, shop, today);
  return { shops: rows.length, visits: added };
}

/**
 * Cancelling an active shop cancels its visits nobody has delivered: open ones become Cancelled and a
 * shopper's unfinished evaluation ends as ClientCancelled (recorded with who and when).
 */
export async function cancelShopVisits(db: Db, opts: { shopId: string; userId: string; now: Date }) {
  const open = await db
    .update(visits)
    .set({ status: VisitStatus.Cancelled, updatedAt: opts.now })
    .where(
      and(
        eq(visits.shopId, opts.shopId),
        inArray(visits.status, [VisitStatus.Open, VisitStatus.Offered, VisitStatus.InProgress]),
      ),
    )
    .returning({ id: visits.id });
  if (!open.length) return 0;
  const ending = await db
    .select({ id: evaluations.id, status: evaluations.status })
    .from(evaluations)
    .where(
      and(
        inArray(
          evaluations.visitId,
          open.map((v) => v.id),
        ),
        inArray(evaluations.status, [
          EvaluationStatus.Pending,
          EvaluationStatus.Started,
          EvaluationStatus.Submitted,
          EvaluationStatus.Reviewing,
          EvaluationStatus.Rejected,
        ]),
      ),
    );
  for (const e of ending) {
    await db
      .update(evaluations)
      .set({ status: EvaluationStatus.ClientCancelled, updatedAt: opts.now })
      .where(eq(evaluations.id, e.id));
    await db.insert(evaluationEvents).values({
      id: newId(),
      evaluationId: e.id,
      fromStatus: e.status,
      toStatus: EvaluationStatus.ClientCancelled,
      userId: opts.userId,
      comment: 'The client cancelled the shop.',
      createdAt: opts.now,
    });
  }
  return open.length;
}
