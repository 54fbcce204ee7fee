import { and, eq } from 'drizzle-orm';
import { ZUserQuestionnaireInput } from '../../domain/index.js';
import type { BrandRow, UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { questionnaires, userQuestionnaires } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { loadCart } from './cart-access.js';
import { removeUserQuestionnaires } from './questionnaires-on-order.js';

export const MSG_CUSTOMIZATION_OFF = 'Questionnaires for this brand cannot be customized.';
export const MSG_UQ_NOT_FOUND = 'That questionnaire is not on this order.';

async function loadUserQuestionnaire(db: Db, id: string) {
  const rows = await db
    .select({ uq: userQuestionnaires, q: questionnaires })
    .from(userQuestionnaires)
    .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
    .where(eq(userQuestionnaires.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** saveUserQuestionnaire: custom questions and comments, or a custom upload (for upload-type questionnaires). */
export async function saveUserQuestionnaire(
  db: Db,
  opts: { user: UserRow | null; brand: BrandRow; id: string; input: unknown },
) {
  const input = parseInput(ZUserQuestionnaireInput, opts.input);
  return inTransaction(db, async (tx) => {
    const found = await loadUserQuestionnaire(tx, opts.id);
    if (!found)
      throw new AppError('NOT_FOUND', MSG_UQ_NOT_FOUND, [{ field: '_id', message: MSG_UQ_NOT_FOUND }]);
    await loadCart(tx, opts.user, found.uq.oid, { forUpdate: true });
    const customizing = (input.customQuestions?.length ?? 0) > 0 || !!input.additionalComments;
    if (customizing && !opts.brand.customizationEnabled) {
      throw new AppError('FORBIDDEN', MSG_CUSTOMIZATION_OFF);
    }
    if (input.customUpload && !found.q.isCustom && !opts.brand.customizationEnabled) {
      throw new AppError('FORBIDDEN', MSG_CUSTOMIZATION_OFF);
    }
    const [saved] = await tx
      .update(userQuestionnaires)
      .set({
        ...(input.customQuestions !== undefined ? { customQuestions: input.customQuestions } : {}),
        ...(input.additionalComments !== undefined ? { additionalComments: input.additionalComments } : {}),
        ...(input.customUpload !== undefined ? { customUpload: input.customUpload ?? null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(userQuestionnaires.id, opts.id))
      .returning();
    return { ...saved!, questionnaire: found.q };
  });
}

/** removeUserQuestionnaire: takes the questionnaire and its cart shops off the order. */
export async function removeUserQuestionnaire(
  db: Db,
  opts: { user: UserRow | null; oid: string; uqid: string },
) {
  return inTransaction(db, async (tx) => {
    const order = await loadCart(tx, opts.user, opts.oid, { forUpdate: true });
    const [uq] = await tx
      .select({ id: userQuestionnaires.id })
      .from(userQuestionnaires)
      .where(and(eq(userQuestionnaires.id, opts.uqid), eq(userQuestionnaires.oid, order.id)));
    if (!uq)
      throw new AppError('NOT_FOUND', MSG_UQ_NOT_FOUND, [{ field: 'uqid', message: MSG_UQ_NOT_FOUND }]);
    await removeUserQuestionnaires(tx, order.id, [uq.id]);
    return order;
  });
}
