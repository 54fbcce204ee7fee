import { eq } from 'drizzle-orm';
import { payableAmount } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { type evaluations, locations, payables, questionnaires, shops, visits } from '../db/schema.js';

type ApprovedEvaluation = Pick<
  typeof evaluations.$inferSelect,
  | 'id'
  | 'visitId'
  | 'userId'
  | 'isSurvey'
  | 'shopDate'
  | 'approvedAt'
  | 'promisedReimbursement'
  | 'promisedFee'
>;

/**
 * Records what the shopper is owed for an approved visit, in the approval's transaction: the
 * reimbursement plus the shopper fee promised when the shopper accepted the visit (recorded on the
 * evaluation), with the names shown on the line. The shop's values of today are not read: a customer
 * who edits the shop's reimbursement (saveShop) after acceptance changes neither way what the visit
 * pays. Only an evaluation with no recorded promise (none since migration 0025 backfilled them) pays
 * the shop's values. Surveys and evaluations without a shopper owe nothing. At most one line per evaluation (unique index), so an
 * evaluation approved again after a rejection never pays twice.
 */
export async function createPayable(tx: Db, opts: { evaluation: ApprovedEvaluation; now: Date }) {
  const e = opts.evaluation;
  if (e.isSurvey || !e.visitId || !e.userId) return null;
  const [source] = await tx
    .select({
      reimbursement: shops.reimbursement,
      fee: questionnaires.shopperFee,
      programName: shops.questionnaireTitle,
      locationName: locations.name,
    })
    .from(visits)
    .innerJoin(shops, eq(shops.id, visits.shopId))
    .innerJoin(questionnaires, eq(questionnaires.id, shops.qid))
    .innerJoin(locations, eq(locations.id, visits.locationId))
    .where(eq(visits.id, e.visitId))
    .limit(1);
  if (!source) return null;
  const amount = payableAmount({
    reimbursement: e.promisedReimbursement ?? source.reimbursement,
    fee: e.promisedFee ?? source.fee,
  });
  const [line] = await tx
    .insert(payables)
    .values({
      id: newId(),
      evaluationId: e.id,
      shopperId: e.userId,
      ...amount,
      programName: source.programName,
      locationName: source.locationName,
      shopDate: e.shopDate,
      approvedAt: e.approvedAt ?? opts.now,
    })
    .onConflictDoNothing({ target: payables.evaluationId })
    .returning();
  return line ?? null;
}
