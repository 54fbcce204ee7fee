import { and, eq } from 'drizzle-orm';
import { isUploadKeyIn, parseUploadKey, uploadFolder, ZUserQuestionnaireInput } from '../../domain/index.js';
import type { BrandRow, UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { questionnaires, userQuestionnaires } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { loadCart } from './cart-access.js';
import { removeUserQuestionnaires } from './questionnaires-on-order.js';

export const MSG_CUSTOMIZATION_OFF = 'Questionnaires for this brand cannot be customized.';
export const MSG_UQ_NOT_FOUND = 'That questionnaire is not on this order.';
export const MSG_UPLOAD_NOT_THIS_ORDER = 'Please upload the questionnaire file for this order again.';

/**
 * The custom upload to store: a key /s3/sign gave for this order's folder, or the key already stored
 * (a reorder keeps its source order's file). Its file name comes from the key, never from the client.
 */
function customUploadToStore(fileKey: string, oid: string, storedKey: string | undefined) {
  const parsed = parseUploadKey(fileKey);
  const ours = isUploadKeyIn(fileKey, uploadFolder('customQuestionnaires', oid));
  const kept = parsed?.kind === 'customQuestionnaires' && fileKey === storedKey;
  if (!parsed || !(ours || kept)) {
    throw new AppError('BAD_USER_INPUT', MSG_UPLOAD_NOT_THIS_ORDER, [
      { field: 'customUpload.fileKey', message: MSG_UPLOAD_NOT_THIS_ORDER },
    ]);
  }
  return { fileKey: parsed.key, fileName: parsed.fileName };
}

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
    const customUpload =
      input.customUpload &&
      customUploadToStore(input.customUpload.fileKey, found.uq.oid, found.uq.customUpload?.fileKey);
    const [saved] = await tx
      .update(userQuestionnaires)
      .set({
        ...(input.customQuestions !== undefined ? { customQuestions: input.customQuestions } : {}),
        ...(input.additionalComments !== undefined ? { additionalComments: input.additionalComments } : {}),
        ...(customUpload !== undefined ? { customUpload: customUpload ?? null } : {}),
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
