import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import {
  addDays,
  EXTENSION_MAX_DAYS,
  MSG_EXTENSION_DAYS,
  MSG_EXTENSION_NOT_ASKED,
  MSG_EXTENSION_ONCE,
  MSG_EXTENSION_REASON,
  MSG_NOT_HELD,
} from '../../domain/index.js';
import { EvaluationStatus as S, VisitStatus } from '../../evaluation/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { evaluations, visitHolds, visits } from '../db/schema.js';
import { AppError, badInput } from '../errors.js';
import { recordTransition } from './evaluation-store.js';
import { requireScheduler, requireShopper } from './roles.js';
import { holdOf, recordVisitHistory, releaseHold } from './visit-history.js';

// Deadlines (issue 47): a hold not submitted by its last day goes back to the board (the daily
// `visit-deadlines` job), the shopper may ask for one extension, a scheduler grants or refuses it.

/** Evaluation statuses of a hold not yet submitted: the ones a deadline releases. */
const UNSUBMITTED = [S.Pending, S.Started];

/** Holds released in one transaction: a crash loses at most this many releases, which the retry redoes. */
const RELEASE_BATCH = 200;

/**
 * The deadline job: every hold whose last day (submit_by, UTC) is before `now`'s day and whose
 * evaluation is not submitted is released: the evaluation Expired, the visit open again, the history,
 * the shopper's reliability, `visit.released` (the shopper's e-mail, the offers). Safe to repeat: a
 * released hold is gone. Returns how many were released. `onlyShopperIds` narrows the run to those
 * shoppers' holds (the journeys' test hook, src/server/e2e-hooks.ts: one journey's clock, not another's).
 */
export async function releaseOverdueVisits(
  db: Db,
  now: Date,
  opts: { onlyShopperIds?: string[] } = {},
): Promise<{ released: number }> {
  const today = now.toISOString().slice(0, 10);
  let released = 0;
  for (;;) {
    const done = await inTransaction(db, async (tx) => {
      const due = await tx
        .select({
          visitId: visitHolds.visitId,
          shopperId: visitHolds.shopperId,
          evaluationId: visitHolds.evaluationId,
          status: evaluations.status,
        })
        .from(visitHolds)
        .innerJoin(evaluations, eq(evaluations.id, visitHolds.evaluationId))
        .where(
          and(
            lt(visitHolds.submitBy, today),
            inArray(evaluations.status, UNSUBMITTED),
            opts.onlyShopperIds ? inArray(visitHolds.shopperId, opts.onlyShopperIds) : undefined,
          ),
        )
        .orderBy(asc(visitHolds.submitBy), asc(visitHolds.visitId))
        .limit(RELEASE_BATCH)
        .for('update', { of: visitHolds, skipLocked: true });
      for (const hold of due) {
        await recordTransition(tx, {
          evaluationId: hold.evaluationId,
          from: hold.status,
          to: S.Expired,
          userId: null,
          comment: 'Not submitted by its deadline: released to other shoppers.',
          now,
        });
        await tx
          .update(evaluations)
          .set({ status: S.Expired, updatedAt: now })
          .where(eq(evaluations.id, hold.evaluationId));
        await tx
          .update(visits)
          .set({ status: VisitStatus.Open, shopperId: null, updatedAt: now })
          .where(and(eq(visits.id, hold.visitId), eq(visits.shopperId, hold.shopperId)));
        await releaseHold(tx, { ...hold, reason: 'deadline', actorId: null, now });
      }
      return due.length;
    });
    released += done;
    if (done < RELEASE_BATCH) return { released };
  }
}

/** The hold of an evaluation the caller (a shopper) holds, locked. */
async function ownHold(tx: Db, shopperId: string, evaluationId: string) {
  const [hold] = await tx
    .select()
    .from(visitHolds)
    .where(and(eq(visitHolds.evaluationId, evaluationId), eq(visitHolds.shopperId, shopperId)))
    .limit(1)
    .for('update');
  if (!hold)
    throw new AppError('NOT_FOUND', MSG_NOT_HELD, [{ field: 'evaluationId', message: MSG_NOT_HELD }]);
  return hold;
}

const parseDays = (days: number) => {
  if (!Number.isInteger(days) || days < 1 || days > EXTENSION_MAX_DAYS)
    throw badInput('days', MSG_EXTENSION_DAYS);
  return days;
};

const parseReason = (reason: string, field: string, message: string) => {
  const r = reason.trim();
  if (!r || r.length > 1000) throw badInput(field, message);
  return r;
};

/** A shopper asks once for `days` more to submit a visit they hold, before its deadline has passed. */
export async function requestExtension(
  db: Db,
  opts: { user: UserRow | null; evaluationId: string; days: number; reason: string; now: Date },
) {
  const shopper = requireShopper(opts.user);
  const days = parseDays(opts.days);
  const reason = parseReason(opts.reason, 'reason', MSG_EXTENSION_REASON);
  return inTransaction(db, async (tx) => {
    const hold = await ownHold(tx, shopper.id, opts.evaluationId);
    if (hold.extensionState)
      throw new AppError('CONFLICT', MSG_EXTENSION_ONCE, [
        { field: 'evaluationId', message: MSG_EXTENSION_ONCE },
      ]);
    const [saved] = await tx
      .update(visitHolds)
      .set({ extensionState: 'requested', extensionDays: days, extensionReason: reason })
      .where(eq(visitHolds.visitId, hold.visitId))
      .returning();
    await recordVisitHistory(tx, {
      visitId: hold.visitId,
      action: 'extension-requested',
      shopperId: shopper.id,
      actorId: shopper.id,
      reason: `${days} more day${days === 1 ? '' : 's'}: ${reason}`,
      at: opts.now,
    });
    return saved!;
  });
}

/**
 * A scheduler grants (the days asked for, or `days`) or refuses a shopper's extension. Granting moves
 * the hold's last day; the decision is in the visit's history.
 */
export async function decideExtension(
  db: Db,
  opts: {
    user: UserRow | null;
    visitId: string;
    grant: boolean;
    days?: number | null;
    reason: string;
    now: Date;
  },
) {
  const scheduler = requireScheduler(opts.user);
  const note = opts.reason.trim();
  return inTransaction(db, async (tx) => {
    const hold = await holdOf(tx, opts.visitId, { lock: true });
    if (hold?.extensionState !== 'requested')
      throw new AppError('CONFLICT', MSG_EXTENSION_NOT_ASKED, [
        { field: 'visitId', message: MSG_EXTENSION_NOT_ASKED },
      ]);
    const days = opts.grant ? parseDays(opts.days ?? hold.extensionDays ?? 1) : null;
    const submitBy = days ? addDays(hold.submitBy, days) : hold.submitBy;
    const [saved] = await tx
      .update(visitHolds)
      .set({
        extensionState: opts.grant ? 'granted' : 'refused',
        extensionDays: days ?? hold.extensionDays,
        extensionDecidedBy: scheduler.id,
        extensionDecidedAt: opts.now,
        submitBy,
      })
      .where(eq(visitHolds.visitId, hold.visitId))
      .returning();
    await recordVisitHistory(tx, {
      visitId: hold.visitId,
      action: opts.grant ? 'extension-granted' : 'extension-refused',
      shopperId: hold.shopperId,
      actorId: scheduler.id,
      reason: [opts.grant ? `Submit by ${submitBy}` : `Still due by ${submitBy}`, note]
        .filter(Boolean)
        .join('. '),
      at: opts.now,
    });
    return saved!;
  });
}
