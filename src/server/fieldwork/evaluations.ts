import { and, desc, eq, sql } from 'drizzle-orm';
import {
  GRADE_MAX,
  GRADE_MIN,
  MSG_GRADE_RANGE,
  MSG_GRADE_REASON,
  toDateKey,
  uploadFolder,
} from '../../domain/index.js';
import {
  CUSTOMER_VIEWER_ROLE,
  canTransition,
  type Evaluation,
  type EvaluationReader,
  EvaluationStatus,
  isShopperEditable,
  percentage,
  setProofingComment,
  transitionRefusal,
  VisitStatus,
  visitDateOf,
} from '../../evaluation/index.js';
import type { StorageAdapter } from '../adapters/storage.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { evaluations, locations, orders, shops, users, visits } from '../db/schema.js';
import { AppError, notAuthorized, notLoggedIn } from '../errors.js';
import { recordEvent } from '../events/index.js';
import { applyAnswers, unfinishedFields } from './apply-answers.js';
import { reportUrl, shopReportKeyMatches } from './emails.js';
import {
  type EvaluationRow,
  loadEngineEvaluation,
  loadEvaluationRow,
  recordTransition,
  rollUpScores,
  type StoredEvaluation,
  storeScores,
  submittedBefore,
  toStored,
} from './evaluation-store.js';
import { fileAnswersToKeys } from './file-answers.js';
import { MSG_NOT_EDITABLE, ownEvaluation } from './own-evaluation.js';
import { assertHoldsReview, beginReview, takeReview } from './qa-claims.js';
import { isStaff, requireShopper, requireStaff, staffRole } from './roles.js';
import { recordGrade, rejectedVisit, releaseHold, submittedHold } from './visit-history.js';
import { DEFAULT_PROOF_LIMITS, finaliseProof, type ProofLimits } from './visit-proof.js';

export const MSG_STALE_SAVE =
  'This evaluation was changed on another device. Reload it to see the newest answers.';
export const MSG_NOT_READY = 'Please complete or correct the highlighted questions before submitting.';
export const MSG_REJECT_COMMENT = 'Please say what the shopper needs to correct.';

const S = EvaluationStatus;

function assertTransition(row: EvaluationRow, to: number) {
  if (!canTransition(row.status, to)) {
    const message = transitionRefusal(row.status, to);
    throw new AppError('CONFLICT', message, [{ field: 'status', message }]);
  }
}

/** Every write of an evaluation's document bumps its version (offline saves compare against it). */
const nextVersion = sql`${evaluations.version} + 1`;

async function saveDocument(
  db: Db,
  row: EvaluationRow,
  e: Evaluation,
  set: Partial<typeof evaluations.$inferInsert>,
  now: Date,
  /** When photos were taken ({elementId: ISO time}); kept while the photo answer stays. */
  photoTakenAt?: Record<string, string>,
) {
  const stored = row.document as StoredEvaluation;
  const document: StoredEvaluation = toStored(e, stored.context);
  const taken = Object.entries({ ...stored.photoTakenAt, ...photoTakenAt }).filter(
    ([id]) => e.answers[id] != null,
  );
  if (taken.length) document.photoTakenAt = Object.fromEntries(taken);
  const [saved] = await db
    .update(evaluations)
    .set({ document, version: nextVersion, updatedAt: now, ...set })
    .where(eq(evaluations.id, row.id))
    .returning();
  return saved!;
}

// The shopper's own evaluation: own-evaluation.ts (visit-proof.ts needs it without importing this module).
export { MSG_NOT_EDITABLE, ownEvaluation } from './own-evaluation.js';

/**
 * Saves the shopper's answers ({elementId: value}; null clears): each goes through the engine in order
 * (editability, visibility, type), so hidden answers are cleared exactly as on the page. A bad answer
 * refuses the whole save with the element named. A rejected evaluation starts again with its first save.
 */
export async function saveEvaluationAnswers(
  db: Db,
  opts: {
    user: UserRow | null;
    id: string;
    answers: Record<string, unknown>;
    currentSectionId?: string | null;
    /**
     * The version the changes were made on: a different stored version refuses the save (CONFLICT),
     * changing nothing. Left out (old callers, scripts) means no check; the web app always sends it.
     */
    baseVersion?: number | null;
    /** When the photos in `answers` were taken ({elementId: ISO time}), kept with the answer. */
    photoTakenAt?: Record<string, unknown> | null;
    now: Date;
    /** Makes the public URLs of stored files (a photo or recording answer may be sent as one). */
    storage: Pick<StorageAdapter, 'publicUrl'>;
  },
) {
  return inTransaction(db, async (tx) => {
    const { shopper, row } = await ownEvaluation(tx, opts.user, opts.id);
    if (!isShopperEditable(row.status)) {
      throw new AppError('CONFLICT', MSG_NOT_EDITABLE, [{ field: '_id', message: MSG_NOT_EDITABLE }]);
    }
    if (opts.baseVersion != null && opts.baseVersion !== row.version) {
      throw new AppError('CONFLICT', MSG_STALE_SAVE, [{ field: 'baseVersion', message: MSG_STALE_SAVE }]);
    }
    const photoTakenAt = takenTimes(opts.photoTakenAt, opts.answers);
    const loaded = await loadEngineEvaluation(tx, row);
    const files = fileAnswersToKeys(loaded.form, opts.answers, uploadFolder('evaluations', row.id), (key) =>
      opts.storage.publicUrl(key),
    );
    const applied = applyAnswers(loaded, files.answers);
    const errors = [...files.errors, ...applied.errors];
    let e = applied.evaluation;
    if (errors.length) throw new AppError('BAD_USER_INPUT', errors.map((x) => x.message).join(' '), errors);
    if (opts.currentSectionId && e.form.sections.some((s) => s.localId === opts.currentSectionId)) {
      e = { ...e, metadata: { ...e.metadata, currentSectionId: opts.currentSectionId } };
    }
    let status = row.status;
    if (status === S.Rejected) {
      await recordTransition(tx, {
        evaluationId: row.id,
        from: status,
        to: S.Started,
        userId: shopper.id,
        now: opts.now,
      });
      status = S.Started;
    }
    return saveDocument(tx, row, e, { status }, opts.now, photoTakenAt);
  });
}

export const MSG_BAD_TAKEN_TIME = 'The time a photo was taken must be a date and time.';

/** The photos' taken times of a save: ISO times for the answers in the same save, anything else refused. */
function takenTimes(
  given: Record<string, unknown> | null | undefined,
  answers: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, value] of Object.entries(given ?? {})) {
    const time = typeof value === 'string' ? new Date(value) : null;
    if (!time || Number.isNaN(time.getTime()) || !(id in answers)) {
      throw new AppError('BAD_USER_INPUT', MSG_BAD_TAKEN_TIME, [
        { field: `photoTakenAt.${id}`, message: MSG_BAD_TAKEN_TIME },
      ]);
    }
    out[id] = time.toISOString();
  }
  return out;
}

/** What a shop's events tell of it (evaluation.submitted, evaluation.approved): its ids and names. */
const shopFacts = (row: EvaluationRow, names: { programName: string; locationName: string }) => ({
  evaluationId: row.id,
  visitId: row.visitId,
  programId: row.uqid,
  programName: names.programName,
  locationId: row.locationId,
  locationName: names.locationName,
});

/** Submits a complete evaluation ('Ready to Submit'); otherwise refuses, naming each element to fix. */
export async function submitEvaluation(
  db: Db,
  opts: { user: UserRow | null; id: string; now: Date; proofLimits?: ProofLimits },
) {
  return inTransaction(db, async (tx) => {
    const { shopper, row } = await ownEvaluation(tx, opts.user, opts.id);
    let from = row.status;
    if (from === S.Rejected) {
      await recordTransition(tx, {
        evaluationId: row.id,
        from,
        to: S.Started,
        userId: shopper.id,
        now: opts.now,
      });
      from = S.Started;
    }
    assertTransition({ ...row, status: from }, S.Submitted);
    const e = await loadEngineEvaluation(tx, row);
    const unfinished = unfinishedFields(e);
    if (unfinished.length) throw new AppError('BAD_USER_INPUT', MSG_NOT_READY, unfinished);
    const submitted = { ...e, metadata: { ...e.metadata, timeSubmitted: opts.now.toISOString() } };
    // Read before this submission joins the history.
    const resubmission = await submittedBefore(tx, row.id);
    await recordTransition(tx, {
      evaluationId: row.id,
      from,
      to: S.Submitted,
      userId: shopper.id,
      now: opts.now,
    });
    // The day the shopper says they visited, as entered; without one, the day of the submission (UTC).
    const shopDate = visitDateOf(e) ?? toDateKey(opts.now);
    // A missing check-in or check-out is flagged for QA now that the visit is over.
    const saved = await finaliseProof(
      tx,
      await saveDocument(
        tx,
        row,
        submitted,
        { status: S.Submitted, submittedAt: opts.now, shopDate },
        opts.now,
      ),
      opts.proofLimits ?? DEFAULT_PROOF_LIMITS,
    );
    // The first submission ends the shopper's hold: on time or late (visit-history.ts).
    if (row.visitId && !resubmission)
      await submittedHold(tx, { visitId: row.visitId, shopperId: shopper.id, now: opts.now });
    // The first submission only: a resubmission after corrections is not news to the customer. Every
    // subscriber of evaluation.submitted (the webhook, "shop sent to QA") follows this one decision.
    if (row.clientId && !resubmission) {
      const names = await namesOf(tx, row);
      await recordEvent(tx, {
        type: 'evaluation.submitted',
        accountId: row.clientId,
        at: opts.now,
        payload: {
          ...shopFacts(row, names),
          shopDate,
          submittedAt: opts.now.toISOString(),
        },
      });
    }
    return saved;
  });
}

/** A shopper gives a visit back before submitting: the evaluation ends and the visit is open again. */
export async function releaseEvaluation(db: Db, opts: { user: UserRow | null; id: string; now: Date }) {
  return inTransaction(db, async (tx) => {
    const { shopper, row } = await ownEvaluation(tx, opts.user, opts.id);
    assertTransition(row, S.ShopperCancelled);
    await recordTransition(tx, {
      evaluationId: row.id,
      from: row.status,
      to: S.ShopperCancelled,
      userId: shopper.id,
      now: opts.now,
    });
    if (row.visitId) {
      await tx
        .update(visits)
        .set({ status: VisitStatus.Open, shopperId: null, updatedAt: opts.now })
        .where(eq(visits.id, row.visitId));
      await releaseHold(tx, {
        visitId: row.visitId,
        evaluationId: row.id,
        shopperId: shopper.id,
        reason: 'shopper',
        actorId: shopper.id,
        note: 'Given back before submitting',
        now: opts.now,
      });
    }
    const [saved] = await tx
      .update(evaluations)
      .set({ status: S.ShopperCancelled, updatedAt: opts.now })
      .where(eq(evaluations.id, row.id))
      .returning();
    return saved!;
  });
}

/** A proofer takes a submitted evaluation for review. */
export async function startReview(db: Db, opts: { user: UserRow | null; id: string; now: Date }) {
  const staff = requireStaff(opts.user);
  return inTransaction(db, async (tx) => {
    const row = await loadEvaluationRow(tx, opts.id, { lock: true });
    // Already in review: the proofer who holds it keeps it; another takes it over only when allowed.
    if (row.status === S.Reviewing) return takeReview(tx, row, staff, opts.now);
    assertTransition(row, S.Reviewing);
    return beginReview(tx, row, staff, opts.now);
  });
}

/** A proofer's comment on one element (not remarks), while the evaluation is under review. */
export async function commentOnElement(
  db: Db,
  opts: { user: UserRow | null; id: string; elementId: string; comment: string; now: Date },
) {
  const staff = requireStaff(opts.user);
  return inTransaction(db, async (tx) => {
    const row = await loadEvaluationRow(tx, opts.id, { lock: true });
    if (row.status !== S.Reviewing) {
      const message = 'Start the review before leaving comments.';
      throw new AppError('CONFLICT', message, [{ field: '_id', message }]);
    }
    assertHoldsReview(row, staff);
    const e = await loadEngineEvaluation(tx, row, { role: 'proofer', displayName: staff.email });
    const next = setProofingComment(e, opts.elementId, opts.comment.trim());
    if (!next.ok) {
      throw new AppError('BAD_USER_INPUT', next.error.message, [
        { field: 'elementId', message: next.error.message },
      ]);
    }
    // Only the comments change: the answers stay as the shopper left them.
    const stored = row.document as StoredEvaluation;
    const [saved] = await tx
      .update(evaluations)
      .set({
        document: { ...stored, proofingComments: { ...next.value.proofingComments } },
        version: nextVersion,
        updatedAt: opts.now,
      })
      .where(eq(evaluations.id, row.id))
      .returning();
    return saved!;
  });
}

/** Program and location names of an evaluation, for e-mails, and the addresses its report goes to. */
export async function namesOf(db: Db, row: EvaluationRow) {
  const [r] = await db
    .select({
      programName: shops.questionnaireTitle,
      locationName: locations.name,
      additionalEmails: locations.additionalEmails,
      guestEmail: orders.guestEmail,
      guestProfile: orders.guestProfile,
    })
    .from(visits)
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .leftJoin(orders, eq(orders.id, shops.oid))
    .where(eq(visits.id, row.visitId ?? ''))
    .limit(1);
  return (
    r ?? {
      programName: 'Mystery shop',
      locationName: 'your location',
      additionalEmails: '',
      guestEmail: null,
      guestProfile: null,
    }
  );
}

/** Rejects an evaluation back to its shopper with the proofer's note (required), and tells the shopper. */
export async function rejectEvaluation(
  db: Db,
  opts: { user: UserRow | null; id: string; comment: string; now: Date },
) {
  const staff = requireStaff(opts.user);
  const comment = opts.comment.trim();
  if (!comment)
    throw new AppError('BAD_USER_INPUT', MSG_REJECT_COMMENT, [
      { field: 'comment', message: MSG_REJECT_COMMENT },
    ]);
  return inTransaction(db, async (tx) => {
    const row = await loadEvaluationRow(tx, opts.id, { lock: true });
    assertTransition(row, S.Rejected);
    assertHoldsReview(row, staff);
    await recordTransition(tx, {
      evaluationId: row.id,
      from: row.status,
      to: S.Rejected,
      userId: staff.id,
      comment,
      now: opts.now,
    });
    const stored = row.document as StoredEvaluation;
    const [saved] = await tx
      .update(evaluations)
      .set({
        status: S.Rejected,
        submittedAt: null,
        document: {
          ...stored,
          metadata: { ...stored.metadata, externalComment: comment, timeSubmitted: null },
        },
        version: nextVersion,
        updatedAt: opts.now,
      })
      .where(eq(evaluations.id, row.id))
      .returning();
    const [shopper] = row.userId
      ? await tx.select().from(users).where(eq(users.id, row.userId)).limit(1)
      : [];
    // Corrections needed count against the shopper's reliability (once per visit).
    if (shopper && row.visitId)
      await rejectedVisit(tx, { visitId: row.visitId, shopperId: shopper.id, now: opts.now });
    // The shopper is told what to correct: corrections-subscriber.ts.
    if (shopper) {
      const { programName, locationName } = await namesOf(tx, row);
      await recordEvent(tx, {
        type: 'evaluation.rejected',
        accountId: null,
        at: opts.now,
        payload: {
          evaluationId: row.id,
          visitId: row.visitId,
          shopperId: shopper.id,
          programName,
          locationName,
          comment,
          rejectedAt: opts.now.toISOString(),
        },
      });
    }
    return saved!;
  });
}

/**
 * Approves an evaluation: it is scored once, here, with the shopper's answers (total, section and
 * question scores stored), the visit is Delivered, and evaluation.approved is recorded: its
 * subscribers send the 'report ready' e-mails (report-subscriber.ts), the shopper's payable and an
 * action plan on a low score. `origin` makes the event's report address, as integrators receive it.
 */
export async function approveEvaluation(
  db: Db,
  opts: {
    user: UserRow | null;
    id: string;
    now: Date;
    origin: string;
    /** QA's grade of the visit (1-10) and why (issue 47): both or neither. */
    grade?: { grade: number; reason: string } | null;
  },
) {
  const staff = requireStaff(opts.user);
  const grade = opts.grade ? parseGrade(opts.grade) : null;
  return inTransaction(db, async (tx) => {
    const row = await loadEvaluationRow(tx, opts.id, { lock: true });
    assertTransition(row, S.Approved);
    assertHoldsReview(row, staff);
    if (grade && row.userId && !row.isSurvey) {
      await recordGrade(tx, {
        evaluationId: row.id,
        shopperId: row.userId,
        ...grade,
        gradedBy: staff.id,
        now: opts.now,
      });
    }
    const e = await loadEngineEvaluation(tx, row);
    const report = await storeScores(tx, row.id, e);
    await recordTransition(tx, {
      evaluationId: row.id,
      from: row.status,
      to: S.Approved,
      userId: staff.id,
      now: opts.now,
    });
    const [saved] = await tx
      .update(evaluations)
      .set({
        status: S.Approved,
        score: report.score,
        possibleScore: report.possibleScore,
        approvedAt: opts.now,
        shopDate: row.shopDate ?? opts.now.toISOString().slice(0, 10),
        updatedAt: opts.now,
      })
      .where(eq(evaluations.id, row.id))
      .returning();
    await rollUpScores(tx, eq(evaluations.id, row.id));
    if (row.visitId) {
      await tx
        .update(visits)
        .set({ status: VisitStatus.Delivered, updatedAt: opts.now })
        .where(eq(visits.id, row.visitId));
    }
    const names = await namesOf(tx, row);
    const pct = percentage(report.score, report.possibleScore);
    await recordEvent(tx, {
      type: 'evaluation.approved',
      accountId: row.clientId,
      at: opts.now,
      payload: {
        ...shopFacts(row, names),
        shopDate: saved!.shopDate,
        score: report.score,
        possibleScore: report.possibleScore,
        percentage: pct,
        reportUrl: reportUrl(opts.origin, row.id),
        approvedAt: opts.now.toISOString(),
      },
    });
    return saved!;
  });
}

/** The shopper's evaluations, newest first (in progress, submitted, rejected, done). */
export async function listMyEvaluations(db: Db, user: UserRow | null) {
  const shopper = requireShopper(user);
  return db
    .select()
    .from(evaluations)
    .where(and(eq(evaluations.userId, shopper.id), eq(evaluations.isSurvey, false)))
    .orderBy(desc(evaluations.updatedAt));
}

/**
 * Who may read an evaluation: its shopper, QA staff and admins; the customer (and admins) once it is
 * approved, as a report, and a team's manager (`scope`: their location ids; null for everyone else)
 * only at their locations. Everyone else is refused.
 */
export async function readableEvaluation(
  db: Db,
  user: UserRow | null,
  id: string,
  scope: string[] | null = null,
): Promise<EvaluationRow> {
  if (!user) throw notLoggedIn();
  const row = await loadEvaluationRow(db, id);
  if (isStaff(user) || row.userId === user.id) return row;
  const inScope = !scope || (row.locationId !== null && scope.includes(row.locationId));
  if (row.clientId === user.id && row.status === S.Approved && inScope) return row;
  throw notAuthorized();
}

/**
 * An approved shop's report for whoever holds its shared link's key (no login): null until it is
 * approved. A wrong key is refused before anything is read, so it tells nothing about the id.
 */
export async function sharedShopReport(
  db: Db,
  opts: { secret: string; id: string; key: string },
): Promise<EvaluationRow | null> {
  if (!shopReportKeyMatches(opts.secret, opts.id, opts.key)) throw notAuthorized();
  const row = await loadEvaluationRow(db, opts.id);
  return row.status === S.Approved && !row.isSurvey ? row : null;
}

/**
 * Which reader `user` is of an evaluation, for what src/evaluation's `documentForReader` and
 * `reportForReader` let them see: its shopper, QA staff, or the customer's side (the account's owner,
 * admins and managers; an API key, which acts for the account whoever made it; the shared link has no user).
 */
export function readerOf(
  user: UserRow | null,
  row: Pick<EvaluationRow, 'userId'>,
  opts: { apiKey?: boolean } = {},
): EvaluationReader {
  if (!user || opts.apiKey) return 'customer';
  if (row.userId === user.id) return 'shopper';
  return isStaff(user) ? 'staff' : 'customer';
}

/**
 * The engine role the reader rebuilds the evaluation with: the shopper as 'shopper', staff as proofers
 * or employees, the customer's side as 'customer' (never 'shopper': they did not fill it in).
 */
export function viewerRoleOf(reader: EvaluationReader, user: UserRow | null): string {
  if (reader === 'staff' && user) return staffRole(user);
  return reader === 'shopper' ? 'shopper' : CUSTOMER_VIEWER_ROLE;
}

/** A grade as QA gives it: a whole number from 1 to 10 and a reason, or a clear error naming the field. */
export function parseGrade(input: { grade: number; reason: string }) {
  if (!Number.isInteger(input.grade) || input.grade < GRADE_MIN || input.grade > GRADE_MAX)
    throw new AppError('BAD_USER_INPUT', MSG_GRADE_RANGE, [{ field: 'grade', message: MSG_GRADE_RANGE }]);
  const reason = input.reason.trim();
  if (!reason || reason.length > 2000)
    throw new AppError('BAD_USER_INPUT', MSG_GRADE_REASON, [
      { field: 'gradeReason', message: MSG_GRADE_REASON },
    ]);
  return { grade: input.grade, reason };
}

/**
 * QA grades (or grades again) an approved visit: the shopper's rating follows in the same transaction.
 * Staff only; surveys and evaluations without a shopper have no grade.
 */
export async function gradeVisit(
  db: Db,
  opts: { user: UserRow | null; evaluationId: string; grade: number; reason: string; now: Date },
) {
  const staff = requireStaff(opts.user);
  const grade = parseGrade(opts);
  return inTransaction(db, async (tx) => {
    const row = await loadEvaluationRow(tx, opts.evaluationId, { lock: true });
    if (row.status !== S.Approved || !row.userId || row.isSurvey) {
      const message = 'Only an approved visit can be graded.';
      throw new AppError('CONFLICT', message, [{ field: 'evaluationId', message }]);
    }
    await recordGrade(tx, {
      evaluationId: row.id,
      shopperId: row.userId,
      ...grade,
      gradedBy: staff.id,
      now: opts.now,
    });
    return row;
  });
}
