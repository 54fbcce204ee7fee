import { and, asc, eq, sql } from 'drizzle-orm';
import { EvaluationStatus, VisitStatus } from '../../evaluation/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { evaluations, locations, orders, questionnaires, shops, users, visits } from '../db/schema.js';
import { AppError } from '../errors.js';
import { recordEvent } from '../events/index.js';
import { recordTransition, type StoredEvaluation } from './evaluation-store.js';
import { latestFormVersion } from './forms.js';
import { ageOf } from './qualification.js';
import { requireShopper } from './roles.js';
import { checkMayTake } from './take-rules.js';
import { startHold } from './visit-history.js';

export const MSG_VISIT_NOT_FOUND = 'Visit not found.';
export const MSG_VISIT_TAKEN = 'Another shopper has already accepted this visit.';
export const MSG_VISIT_ALREADY_YOURS =
  'You have already accepted this visit. Find it under My Evaluations to carry on with it.';
export const MSG_VISIT_UNAVAILABLE = 'This visit is no longer available. Choose another open visit.';

export type OpenVisit = {
  id: string;
  dueDate: string;
  status: number;
  questionnaireTitle: string;
  locationName: string;
  address: string;
  city: string;
  state: string;
  reimbursement: number;
};

const openVisitColumns = {
  id: visits.id,
  dueDate: visits.dueDate,
  status: visits.status,
  questionnaireTitle: shops.questionnaireTitle,
  locationName: locations.name,
  // The area only: shoppers see the street address once they accept (issue 47).
  address: sql<string>`concat_ws(', ', nullif(${locations.city}, ''), nullif(${locations.state}, ''))`,
  city: locations.city,
  state: locations.state,
  reimbursement: sql<number>`coalesce(${shops.billedReimbursement}, ${shops.reimbursement})`.mapWith(Number),
};

/**
 * The reimbursement a visit of `shop` offers (cents): the one its customer paid for, since an edit counts
 * from the next payment (Recurring Orders); the shop's own before any payment.
 */
const offeredReimbursement = (shop: { billedReimbursement: number | null; reimbursement: number }) =>
  shop.billedReimbursement ?? shop.reimbursement;

/**
 * Open visits for shoppers, soonest due first: in the shopper's state (and city when given) unless
 * they ask for another; every open visit when they have no state on file and ask for none.
 */
export async function listOpenVisits(
  db: Db,
  opts: { user: UserRow | null; state?: string | null; city?: string | null; limit?: number },
): Promise<OpenVisit[]> {
  const user = requireShopper(opts.user);
  const state = (opts.state ?? user.state ?? '').trim();
  const city = (opts.city ?? '').trim();
  return db
    .select(openVisitColumns)
    .from(visits)
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .where(
      and(
        eq(visits.status, VisitStatus.Open),
        eq(shops.status, 'active'),
        state ? sql`upper(${locations.state}) = ${state.toUpperCase()}` : undefined,
        city ? sql`lower(${locations.city}) = ${city.toLowerCase()}` : undefined,
      ),
    )
    .orderBy(asc(visits.dueDate), asc(visits.id))
    .limit(Math.min(opts.limit ?? 100, 200));
}

/** Why a visit cannot be accepted: the caller holds it, another shopper does, or it is gone. */
function refusalOf(visit: { status: number; shopperId: string | null }, shopStatus: string, userId: string) {
  const taken = visit.status === VisitStatus.InProgress || visit.status === VisitStatus.Offered;
  if (taken && visit.shopperId === userId) return MSG_VISIT_ALREADY_YOURS;
  if (taken && shopStatus === 'active') return MSG_VISIT_TAKEN;
  return MSG_VISIT_UNAVAILABLE;
}

/**
 * A shopper accepts an open visit: in one transaction the visit (locked, so two shoppers cannot both
 * take it) becomes InProgress with its shopper, and an evaluation starts on the newest published
 * version of the questionnaire's form, which it keeps, with the reimbursement and shopper fee the
 * visit pays on approval (what the shopper was offered, not what the shop says then).
 */
export async function acceptVisit(
  db: Db,
  opts: {
    user: UserRow | null;
    visitId: string;
    now: Date;
    /** A scheduler hands the visit to this shopper (the desk): recorded as assigned, by them, with why. */
    assignedBy?: { actorId: string; reason: string };
  },
) {
  const shopper = requireShopper(opts.user);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .select({
        visit: visits,
        shop: shops,
        location: locations,
        qid: questionnaires.id,
        formId: questionnaires.formId,
        shopperFee: questionnaires.shopperFee,
        submitWithinDays: questionnaires.submitWithinDays,
        oid: orders.id,
        client: users,
      })
      .from(visits)
      .innerJoin(shops, eq(shops.id, visits.shopId))
      .innerJoin(locations, eq(locations.id, visits.locationId))
      .innerJoin(questionnaires, eq(questionnaires.id, shops.qid))
      .innerJoin(orders, eq(orders.id, shops.oid))
      .leftJoin(users, eq(users.id, orders.uid))
      .where(eq(visits.id, opts.visitId))
      .limit(1)
      .for('update', { of: visits });
    if (!row)
      throw new AppError('NOT_FOUND', MSG_VISIT_NOT_FOUND, [
        { field: 'visitId', message: MSG_VISIT_NOT_FOUND },
      ]);
    if (row.visit.status !== VisitStatus.Open || row.shop.status !== 'active') {
      const message = refusalOf(row.visit, row.shop.status, shopper.id);
      throw new AppError('CONFLICT', message, [{ field: 'visitId', message }]);
    }
    // Qualification and rotation, again at the moment of taking (serialized per shopper).
    await checkMayTake(tx, { shopper, visit: row.visit, qid: row.qid, now: opts.now });
    const version = await latestFormVersion(tx, row.formId);
    const l = row.location;
    const address = l.formattedAddress ?? [l.line1, l.city, l.state, l.postalCode].filter(Boolean).join(', ');
    const context: StoredEvaluation['context'] = {
      user: {
        role: 'shopper',
        gender: shopper.gender,
        age: ageOf(shopper.birthYear, opts.now),
        displayName: `${shopper.firstName} ${shopper.lastName}`.trim() || shopper.email,
        email: shopper.email,
        phone: shopper.phone,
      },
      location: { name: l.name, address, state: l.state },
      shop: {
        businessName: row.client?.businessName ?? l.name,
        address,
        phone: l.phone,
        website: l.website,
        dueDate: row.visit.dueDate,
        maxReimbursement: offeredReimbursement(row.shop) / 100,
      },
      isSurvey: false,
    };
    const id = newId();
    const document: StoredEvaluation = {
      context,
      answers: {},
      proofingComments: {},
      metadata: {
        currentSectionId: version.form.sections[0]?.localId ?? null,
        currentElementId: version.form.sections[0]?.elements[0]?.localId ?? null,
        furthestSectionIndex: 0,
        furthestElementIndex: 0,
        internalComment: '',
        externalComment: '',
        timeSubmitted: null,
      },
    };
    await tx.insert(evaluations).values({
      id,
      visitId: row.visit.id,
      formVersionId: version.id,
      userId: shopper.id,
      status: EvaluationStatus.Started,
      document,
      clientId: row.shop.uid,
      uqid: row.shop.uqid,
      locationId: l.id,
      isSurvey: false,
      // The promise the shopper accepts: this visit pays these whatever the shop says later.
      promisedReimbursement: offeredReimbursement(row.shop),
      promisedFee: row.shopperFee,
      createdAt: opts.now,
      updatedAt: opts.now,
    });
    await recordTransition(tx, {
      evaluationId: id,
      from: null,
      to: EvaluationStatus.Started,
      userId: shopper.id,
      now: opts.now,
    });
    await tx
      .update(visits)
      .set({ status: VisitStatus.InProgress, shopperId: shopper.id, updatedAt: opts.now })
      .where(eq(visits.id, row.visit.id));
    // The hold's deadline and the visit's history (visit-history.ts).
    await startHold(tx, {
      visitId: row.visit.id,
      dueDate: row.visit.dueDate,
      submitWithinDays: row.submitWithinDays,
      shopperId: shopper.id,
      evaluationId: id,
      action: opts.assignedBy ? 'assigned' : 'accepted',
      actorId: opts.assignedBy?.actorId ?? shopper.id,
      reason: opts.assignedBy?.reason,
      now: opts.now,
    });
    if (row.shop.uid) {
      // Nothing of the shopper's: the customer learns that the visit is taken, not by whom (the webhook,
      // and "shop scheduled" by the notifications subscriber).
      await recordEvent(tx, {
        type: 'visit.accepted',
        accountId: row.shop.uid,
        at: opts.now,
        payload: {
          visitId: row.visit.id,
          evaluationId: id,
          shopId: row.shop.id,
          programId: row.shop.uqid,
          programName: row.shop.questionnaireTitle,
          locationId: l.id,
          locationName: l.name,
          dueDate: row.visit.dueDate,
          scheduledAt: opts.now.toISOString(),
        },
      });
    }
    return id;
  });
}
