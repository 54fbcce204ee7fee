import { eq } from 'drizzle-orm';
import {
  DEFAULT_VISIT_MAX_DISTANCE_M,
  DEFAULT_VISIT_MIN_MINUTES,
  distanceMeters,
  positionErrors,
  proofFlags,
  visitMinutes,
} from '../../domain/index.js';
import { isShopperEditable } from '../../evaluation/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { evaluations, locations } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { EvaluationRow } from './evaluation-store.js';
import { MSG_NOT_EDITABLE, ownEvaluation } from './own-evaluation.js';
import { isStaff, requireShopper } from './roles.js';

export const MSG_ALREADY_CHECKED_IN = 'You have already checked in.';
export const DEFAULT_PROOF_LIMITS: ProofLimits = {
  maxDistanceM: DEFAULT_VISIT_MAX_DISTANCE_M,
  minMinutes: DEFAULT_VISIT_MIN_MINUTES,
};
export const MSG_CHECK_IN_FIRST = 'Check in before you check out.';
export const MSG_ALREADY_CHECKED_OUT = 'You have already checked out.';

/** The limits of VISIT_MAX_DISTANCE_M and VISIT_MIN_MINUTES. */
export type ProofLimits = { maxDistanceM: number; minMinutes: number };

export type Position = { latitude: number; longitude: number; accuracy?: number | null };

const conflict = (message: string) => new AppError('CONFLICT', message, [{ field: '_id', message }]);

/** The geocoded point of the evaluation's location, or null when it has none. */
async function locationPoint(db: Db, row: EvaluationRow) {
  if (!row.locationId) return null;
  const [l] = await db
    .select({ latitude: locations.latitude, longitude: locations.longitude })
    .from(locations)
    .where(eq(locations.id, row.locationId))
    .limit(1);
  return l && l.latitude != null && l.longitude != null
    ? { latitude: l.latitude, longitude: l.longitude }
    : null;
}

/** The flags of a row as it will be stored (`final` at submission: missing check-in/out count). */
export async function flagsOf(db: Db, row: EvaluationRow, limits: ProofLimits, final = false) {
  const point = row.checkInAt ? await locationPoint(db, row) : null;
  return proofFlags({
    distanceM: row.checkInDistanceM,
    hasCoordinates: !row.checkInAt || point !== null,
    checkInAt: row.checkInAt,
    checkOutAt: row.checkOutAt,
    final,
    ...limits,
  });
}

function validPosition(p: Position) {
  const errors = positionErrors(p);
  if (errors.length) throw new AppError('BAD_USER_INPUT', errors.map((e) => e.message).join(' '), errors);
}

/**
 * The shopper checks in at the visit: the server's clock and the browser's position; the distance to
 * the location's geocoded point is worked out here. Once per evaluation, while the shopper may edit it.
 */
export async function checkIn(
  db: Db,
  opts: { user: UserRow | null; id: string; position: Position; now: Date; limits: ProofLimits },
) {
  requireShopper(opts.user);
  validPosition(opts.position);
  return inTransaction(db, async (tx) => {
    const { row } = await ownEvaluation(tx, opts.user, opts.id);
    if (!isShopperEditable(row.status)) throw conflict(MSG_NOT_EDITABLE);
    if (row.checkInAt) throw conflict(MSG_ALREADY_CHECKED_IN);
    const point = await locationPoint(tx, row);
    const { latitude, longitude, accuracy } = opts.position;
    const next = {
      checkInAt: opts.now,
      checkInLat: latitude,
      checkInLng: longitude,
      checkInAccuracyM: accuracy ?? null,
      checkInDistanceM: point ? distanceMeters(point, { latitude, longitude }) : null,
    };
    const proofFlags = await flagsOf(tx, { ...row, ...next }, opts.limits);
    const [saved] = await tx
      .update(evaluations)
      .set({ ...next, proofFlags, updatedAt: opts.now })
      .where(eq(evaluations.id, row.id))
      .returning();
    return saved!;
  });
}

/** The shopper checks out (after checking in, once); the flags are final for the visit's length. */
export async function checkOut(
  db: Db,
  opts: { user: UserRow | null; id: string; position: Position; now: Date; limits: ProofLimits },
) {
  requireShopper(opts.user);
  validPosition(opts.position);
  return inTransaction(db, async (tx) => {
    const { row } = await ownEvaluation(tx, opts.user, opts.id);
    if (!isShopperEditable(row.status)) throw conflict(MSG_NOT_EDITABLE);
    if (!row.checkInAt) throw conflict(MSG_CHECK_IN_FIRST);
    if (row.checkOutAt) throw conflict(MSG_ALREADY_CHECKED_OUT);
    const { latitude, longitude, accuracy } = opts.position;
    const next = {
      checkOutAt: opts.now,
      checkOutLat: latitude,
      checkOutLng: longitude,
      checkOutAccuracyM: accuracy ?? null,
    };
    const proofFlags = await flagsOf(tx, { ...row, ...next }, opts.limits);
    const [saved] = await tx
      .update(evaluations)
      .set({ ...next, proofFlags, updatedAt: opts.now })
      .where(eq(evaluations.id, row.id))
      .returning();
    return saved!;
  });
}

/**
 * At submission: the flags again, now counting a missing check-in or check-out. Returns the row as
 * stored, so the submission answers with the flags QA will read.
 */
export async function finaliseProof(db: Db, row: EvaluationRow, limits: ProofLimits): Promise<EvaluationRow> {
  if (row.isSurvey) return row;
  const proofFlags = await flagsOf(db, row, limits, true);
  const [saved] = await db
    .update(evaluations)
    .set({ proofFlags })
    .where(eq(evaluations.id, row.id))
    .returning();
  return saved!;
}

/** Who may read the visit proof: the evaluation's shopper and QA staff (never the customer). */
export const mayReadProof = (user: UserRow | null, row: EvaluationRow) =>
  !!user && (isStaff(user) || row.userId === user.id);

/** The visit proof as readers see it (null for anyone else). */
export async function proofOf(db: Db, user: UserRow | null, row: EvaluationRow) {
  if (!mayReadProof(user, row) || row.isSurvey) return null;
  const point = await locationPoint(db, row);
  return {
    checkInAt: row.checkInAt,
    checkOutAt: row.checkOutAt,
    checkInLatitude: row.checkInLat,
    checkInLongitude: row.checkInLng,
    checkInAccuracyMeters: row.checkInAccuracyM,
    distanceMeters: row.checkInDistanceM == null ? null : Math.round(row.checkInDistanceM),
    durationMinutes: visitMinutes(row.checkInAt, row.checkOutAt),
    flags: row.proofFlags ?? [],
    locationHasCoordinates: point !== null,
    locationLatitude: point?.latitude ?? null,
    locationLongitude: point?.longitude ?? null,
  };
}
export type VisitProof = NonNullable<Awaited<ReturnType<typeof proofOf>>>;
