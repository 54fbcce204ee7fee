import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { QA_CLAIM_TIMEOUT_MINUTES } from '../../domain/index.js';
import { EvaluationStatus } from '../../evaluation/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { evaluations, users, visits } from '../db/schema.js';
import { AppError } from '../errors.js';
import { type EvaluationRow, recordTransition } from './evaluation-store.js';
import { requireStaff } from './roles.js';

// QA claims (docs/visit-proof.md): a proofer holds the evaluation they review, so two never review the
// same one. A claim older than QA_CLAIM_TIMEOUT_MINUTES may be taken over, and an admin may always.

export const MSG_CLAIMED = 'Another proofer is reviewing this evaluation.';

const S = EvaluationStatus;

/** The columns that say `staff` holds the review since `now`. */
export const claimFor = (staff: UserRow, now: Date) => ({ reviewerId: staff.id, reviewClaimedAt: now });

/** Whether another reviewer's claim has lapsed. */
export const claimExpired = (row: Pick<EvaluationRow, 'reviewClaimedAt'>, now: Date) =>
  !row.reviewClaimedAt || now.getTime() - row.reviewClaimedAt.getTime() >= QA_CLAIM_TIMEOUT_MINUTES * 60_000;

const claimed = () => new AppError('CONFLICT', MSG_CLAIMED, [{ field: '_id', message: MSG_CLAIMED }]);

/** Comments, rejection and approval are for the proofer who holds the review (or rows from before claims). */
export function assertHoldsReview(row: EvaluationRow, staff: UserRow) {
  if (row.reviewerId && row.reviewerId !== staff.id) throw claimed();
}

/**
 * startReview on an evaluation already in review: its holder keeps it (the claim is renewed); another
 * proofer takes it over once the claim has lapsed, an admin at any time; otherwise refused.
 */
export async function takeReview(tx: Db, row: EvaluationRow, staff: UserRow, now: Date) {
  const mine = row.reviewerId === staff.id;
  if (!mine && row.reviewerId && !staff.admin && !claimExpired(row, now)) throw claimed();
  const [saved] = await tx
    .update(evaluations)
    .set({ ...claimFor(staff, now), updatedAt: now })
    .where(eq(evaluations.id, row.id))
    .returning();
  return saved!;
}

const fullName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Flagged evaluations (a proof flag, not a note) sort first within a due date. */
const flagged = sql<boolean>`coalesce(${evaluations.proofFlags} @> '[{"level":"flag"}]'::jsonb, false)`;

/**
 * The queue's order: the visit's due date, soonest first (survey responses, without one, last); within
 * a day, flagged ones first; then the oldest submission.
 */
const queueOrder = [
  sql`${visits.dueDate} asc nulls last`,
  sql`${flagged} desc`,
  asc(evaluations.submittedAt),
  asc(evaluations.id),
];

/** The QA queue: submitted and in-review evaluations in the queue's order, with who is reviewing. */
export async function listQaQueue(db: Db, user: UserRow | null) {
  requireStaff(user);
  const rows = await db
    .select({ evaluation: evaluations, reviewerName: fullName, reviewerEmail: users.email })
    .from(evaluations)
    .leftJoin(visits, eq(visits.id, evaluations.visitId))
    .leftJoin(users, eq(users.id, evaluations.reviewerId))
    .where(inArray(evaluations.status, [S.Submitted, S.Reviewing]))
    .orderBy(...queueOrder)
    .limit(200);
  for (const r of rows) {
    reviewerNames.set(r.evaluation, r.reviewerName?.trim() || r.reviewerEmail || null);
  }
  return rows.map((r) => r.evaluation);
}

/** The reviewer's name of rows the queue read (so the Evaluation type does not look it up again). */
export const reviewerNames = new WeakMap<EvaluationRow, string | null>();

/** The name of the proofer holding an evaluation's review, or null. */
export async function reviewerNameOf(db: Db, row: EvaluationRow): Promise<string | null> {
  if (reviewerNames.has(row)) return reviewerNames.get(row) ?? null;
  if (!row.reviewerId) return null;
  const [u] = await db
    .select({ fullName, email: users.email })
    .from(users)
    .where(eq(users.id, row.reviewerId))
    .limit(1);
  return u ? u.fullName.trim() || u.email : null;
}

/**
 * "Claim next": the first submitted evaluation in the queue's order that no one holds, moved to
 * Reviewing with the caller as its reviewer; null when there is none. Rows another transaction is
 * claiming are skipped (FOR UPDATE SKIP LOCKED), so two proofers never get the same one.
 */
export async function claimNextEvaluation(db: Db, opts: { user: UserRow | null; now: Date }) {
  const staff = requireStaff(opts.user);
  return inTransaction(db, async (tx) => {
    const [next] = await tx
      .select({ evaluation: evaluations })
      .from(evaluations)
      .leftJoin(visits, eq(visits.id, evaluations.visitId))
      .where(and(eq(evaluations.status, S.Submitted)))
      .orderBy(...queueOrder)
      .limit(1)
      .for('update', { of: evaluations, skipLocked: true });
    if (!next) return null;
    return beginReview(tx, next.evaluation, staff, opts.now);
  });
}

/** A submitted evaluation goes into review, claimed by this proofer (the transition recorded). */
export async function beginReview(tx: Db, row: EvaluationRow, staff: UserRow, now: Date) {
  await recordTransition(tx, {
    evaluationId: row.id,
    from: row.status,
    to: S.Reviewing,
    userId: staff.id,
    now,
  });
  const [saved] = await tx
    .update(evaluations)
    .set({ status: S.Reviewing, ...claimFor(staff, now), updatedAt: now })
    .where(eq(evaluations.id, row.id))
    .returning();
  return saved!;
}
