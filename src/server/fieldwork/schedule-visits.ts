import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { plannedVisits, type SchedulableShop } from '../../domain/index.js';
import { EvaluationStatus, VisitStatus } from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { evaluationEvents, evaluations, shops, visits } from '../db/schema.js';

type ShopRow = typeof shops.$inferSelect;

/**
 * The statement that creates the visits the shops should have by `today` (surveys have none); null when
 * there are none. Idempotent: the unique (shop, cycle, sequence) key makes a rerun, or two instances at
 * once, add nothing twice. At checkout it runs in the order's transaction: the first visits of every
 * mystery shop of the order.
 */
export function visitsInsert(db: Db, rows: ReadonlyArray<ShopRow>, today: Date) {
  const planned = rows
    .filter((shop) => shop.questionnaireType !== 'customerSurvey')
    .flatMap((shop) =>
      plannedVisits(shop as SchedulableShop, today).map((v) => ({
        id: newId(),
        shopId: shop.id,
        uqid: shop.uqid,
        locationId: shop.locationId,
        cycleStart: v.cycleStart,
        sequence: v.sequence,
        dueDate: v.dueDate,
      })),
    );
  return planned.length
    ? db.insert(visits).values(planned).onConflictDoNothing().returning({ id: visits.id })
    : null;
}

/** Creates the shops' due visits (see visitsInsert); returns how many were added. */
export async function scheduleShopsVisits(
  db: Db,
  rows: ReadonlyArray<ShopRow>,
  today: Date,
): Promise<number> {
  return (await visitsInsert(db, rows, today))?.length ?? 0;
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
  // A statement has at most 65,535 parameters: 100 shops' visits stay far below that.
  for (let i = 0; i < rows.length; i += 100)
    added += await scheduleShopsVisits(db, rows.slice(i, i + 100), today);
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
