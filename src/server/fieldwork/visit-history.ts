import { and, desc, eq, sql } from 'drizzle-orm';
import {
  type HoldOutcome,
  RATING_WINDOW,
  reliabilityOf,
  submitByOf,
  type VisitHistoryAction,
  weightedRating,
} from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  locations,
  shopperHoldOutcomes,
  shopperRatings,
  shops,
  visitGrades,
  visitHistory,
  visitHolds,
  visitOpenings,
  visits,
} from '../db/schema.js';
import { recordEvent } from '../events/index.js';

// Who holds a visit and how each hold ended (issue 47, the supply side): the visit's history, its
// current hold with the deadline, and the shopper's rating and reliability kept in shopper_ratings.
// Every function here runs in the caller's transaction, beside the change it records.

/** One line of a visit's history. `actorId` null: the system (the deadline job). */
export async function recordVisitHistory(
  tx: Db,
  opts: {
    visitId: string;
    action: VisitHistoryAction;
    shopperId: string | null;
    actorId: string | null;
    reason?: string;
    at: Date;
  },
) {
  await tx.insert(visitHistory).values({
    id: newId(),
    visitId: opts.visitId,
    action: opts.action,
    shopperId: opts.shopperId,
    actorId: opts.actorId,
    reason: opts.reason ?? '',
    at: opts.at,
  });
}

/**
 * A shopper starts holding a visit (accepted, or assigned by a scheduler): the hold with its deadline
 * (the due date, or the questionnaire's days after accepting when that comes first), and the history.
 */
export async function startHold(
  tx: Db,
  opts: {
    visitId: string;
    dueDate: string;
    submitWithinDays: number | null;
    shopperId: string;
    evaluationId: string;
    action: 'accepted' | 'assigned';
    actorId: string;
    reason?: string;
    now: Date;
  },
) {
  const submitBy = submitByOf({
    acceptedAt: opts.now,
    dueDate: opts.dueDate,
    submitWithinDays: opts.submitWithinDays,
  });
  await tx
    .insert(visitHolds)
    .values({
      visitId: opts.visitId,
      shopperId: opts.shopperId,
      evaluationId: opts.evaluationId,
      acceptedAt: opts.now,
      submitBy,
    })
    // A hold left by a path that did not end it (none should): the new holder's replaces it.
    .onConflictDoUpdate({
      target: visitHolds.visitId,
      set: {
        shopperId: opts.shopperId,
        evaluationId: opts.evaluationId,
        acceptedAt: opts.now,
        submitBy,
        extensionState: null,
        extensionDays: null,
        extensionReason: null,
        extensionDecidedBy: null,
        extensionDecidedAt: null,
      },
    });
  await recordVisitHistory(tx, {
    visitId: opts.visitId,
    action: opts.action,
    shopperId: opts.shopperId,
    actorId: opts.actorId,
    reason: opts.reason ?? (opts.action === 'accepted' ? `Submit by ${submitBy}` : ''),
    at: opts.now,
  });
  return submitBy;
}

export type HoldRow = typeof visitHolds.$inferSelect;

export async function holdOf(
  tx: Db,
  visitId: string,
  opts: { lock?: boolean } = {},
): Promise<HoldRow | null> {
  const q = tx.select().from(visitHolds).where(eq(visitHolds.visitId, visitId)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * A hold ends without a submission: the visit is open again (the caller has already set it so), the
 * history says why, the outcome counts towards the shopper's reliability (none when a scheduler took
 * it back: not the shopper's doing), the visit is offered again, and `visit.released` is recorded so
 * the shopper is told (deadline) and the offers run.
 */
export async function releaseHold(
  tx: Db,
  opts: {
    visitId: string;
    evaluationId: string;
    shopperId: string;
    reason: 'deadline' | 'shopper' | 'scheduler';
    actorId: string | null;
    note?: string;
    now: Date;
  },
) {
  const hold = await holdOf(tx, opts.visitId);
  await tx.delete(visitHolds).where(eq(visitHolds.visitId, opts.visitId));
  const action: VisitHistoryAction =
    opts.reason === 'deadline' ? 'deadline-released' : opts.reason === 'shopper' ? 'released' : 'reassigned';
  await recordVisitHistory(tx, {
    visitId: opts.visitId,
    action,
    shopperId: opts.shopperId,
    actorId: opts.actorId,
    reason: opts.note ?? (hold ? `Was due by ${hold.submitBy}` : ''),
    at: opts.now,
  });
  if (opts.reason !== 'scheduler') {
    await recordOutcome(tx, {
      shopperId: opts.shopperId,
      visitId: opts.visitId,
      outcome: opts.reason === 'deadline' ? 'expired' : 'abandoned',
      now: opts.now,
    });
  }
  await tx
    .insert(visitOpenings)
    .values({ id: newId(), visitId: opts.visitId, reason: 'released', openedAt: opts.now })
    .onConflictDoNothing();
  const [facts] = await tx
    .select({
      dueDate: visits.dueDate,
      programName: shops.questionnaireTitle,
      city: locations.city,
      state: locations.state,
    })
    .from(visits)
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .where(eq(visits.id, opts.visitId))
    .limit(1);
  await recordEvent(tx, {
    type: 'visit.released',
    accountId: null,
    at: opts.now,
    payload: {
      visitId: opts.visitId,
      evaluationId: opts.evaluationId,
      shopperId: opts.shopperId,
      reason: opts.reason,
      dueDate: facts?.dueDate ?? '',
      submitBy: hold?.submitBy ?? null,
      programName: facts?.programName ?? '',
      city: facts?.city ?? '',
      state: facts?.state ?? '',
      releasedAt: opts.now.toISOString(),
    },
  });
}

/** A first submission ends the hold: on time by its deadline, else late. */
export async function submittedHold(tx: Db, opts: { visitId: string; shopperId: string; now: Date }) {
  const hold = await holdOf(tx, opts.visitId);
  if (!hold) return;
  await tx.delete(visitHolds).where(eq(visitHolds.visitId, opts.visitId));
  const today = opts.now.toISOString().slice(0, 10);
  await recordOutcome(tx, {
    shopperId: opts.shopperId,
    visitId: opts.visitId,
    outcome: today <= hold.submitBy ? 'on-time' : 'late',
    now: opts.now,
  });
}

/** QA sent the visit back for corrections: its outcome becomes 'rejected' (once per visit). */
export async function rejectedVisit(tx: Db, opts: { visitId: string; shopperId: string; now: Date }) {
  const [latest] = await tx
    .select({ id: shopperHoldOutcomes.id, outcome: shopperHoldOutcomes.outcome })
    .from(shopperHoldOutcomes)
    .where(
      and(eq(shopperHoldOutcomes.visitId, opts.visitId), eq(shopperHoldOutcomes.shopperId, opts.shopperId)),
    )
    .orderBy(desc(shopperHoldOutcomes.at))
    .limit(1);
  if (latest?.outcome === 'rejected') return;
  if (latest) {
    await tx
      .update(shopperHoldOutcomes)
      .set({ outcome: 'rejected' })
      .where(eq(shopperHoldOutcomes.id, latest.id));
    await refreshShopperRating(tx, opts.shopperId, opts.now);
  } else {
    await recordOutcome(tx, { ...opts, outcome: 'rejected' });
  }
}

async function recordOutcome(
  tx: Db,
  opts: { shopperId: string; visitId: string; outcome: HoldOutcome; now: Date },
) {
  await tx.insert(shopperHoldOutcomes).values({
    id: newId(),
    shopperId: opts.shopperId,
    visitId: opts.visitId,
    outcome: opts.outcome,
    at: opts.now,
  });
  await refreshShopperRating(tx, opts.shopperId, opts.now);
}

/** QA's grade of an approved visit (one per evaluation; a second grade replaces the first). */
export async function recordGrade(
  tx: Db,
  opts: {
    evaluationId: string;
    shopperId: string;
    grade: number;
    reason: string;
    gradedBy: string;
    now: Date;
  },
) {
  const values = {
    evaluationId: opts.evaluationId,
    shopperId: opts.shopperId,
    grade: opts.grade,
    reason: opts.reason,
    gradedBy: opts.gradedBy,
    gradedAt: opts.now,
  };
  await tx
    .insert(visitGrades)
    .values(values)
    .onConflictDoUpdate({
      target: visitGrades.evaluationId,
      set: {
        grade: values.grade,
        reason: values.reason,
        gradedBy: values.gradedBy,
        gradedAt: values.gradedAt,
      },
    });
  await refreshShopperRating(tx, opts.shopperId, opts.now);
}

/** Recomputes a shopper's rating and reliability from their newest grades and outcomes. */
export async function refreshShopperRating(tx: Db, shopperId: string, now: Date) {
  const grades = await tx
    .select({ grade: visitGrades.grade })
    .from(visitGrades)
    .where(eq(visitGrades.shopperId, shopperId))
    .orderBy(desc(visitGrades.gradedAt))
    .limit(RATING_WINDOW);
  const outcomes = await tx
    .select({ outcome: shopperHoldOutcomes.outcome })
    .from(shopperHoldOutcomes)
    .where(eq(shopperHoldOutcomes.shopperId, shopperId))
    .orderBy(desc(shopperHoldOutcomes.at))
    .limit(RATING_WINDOW);
  const [counts] = await tx
    .select({
      grades:
        sql<number>`(select count(*) from ${visitGrades} where ${visitGrades.shopperId} = ${shopperId})`.mapWith(
          Number,
        ),
      outcomes:
        sql<number>`(select count(*) from ${shopperHoldOutcomes} where ${shopperHoldOutcomes.shopperId} = ${shopperId})`.mapWith(
          Number,
        ),
    })
    .from(sql`(select 1) as one`);
  const values = {
    rating: weightedRating(grades.map((g) => g.grade)),
    grades: counts?.grades ?? grades.length,
    reliability: reliabilityOf(outcomes.map((o) => o.outcome as HoldOutcome)),
    outcomes: counts?.outcomes ?? outcomes.length,
    updatedAt: now,
  };
  await tx
    .insert(shopperRatings)
    .values({ shopperId, ...values })
    .onConflictDoUpdate({ target: shopperRatings.shopperId, set: values });
}

export type ShopperRating = {
  /** Weighted recent average of QA's grades, 1-10; null before the first grade. */
  rating: number | null;
  grades: number;
  /** Per cent; null before the first finished hold. */
  reliability: number | null;
  outcomes: number;
};

/**
 * A shopper's rating and reliability: the one function (and the one table, shopper_ratings) other
 * rules read, e.g. a questionnaire's minimum rating. A shopper without a row has neither yet.
 */
export async function shopperRating(db: Db, shopperId: string): Promise<ShopperRating> {
  const [row] = await db
    .select({
      rating: shopperRatings.rating,
      grades: shopperRatings.grades,
      reliability: shopperRatings.reliability,
      outcomes: shopperRatings.outcomes,
    })
    .from(shopperRatings)
    .where(eq(shopperRatings.shopperId, shopperId))
    .limit(1);
  return row ?? { rating: null, grades: 0, reliability: null, outcomes: 0 };
}
