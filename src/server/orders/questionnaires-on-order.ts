import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ZQuestionnaireType } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { industries, orders, questionnaires, shops, userQuestionnaires } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import type { OrderRow, QuestionnaireRow } from './order-graph.js';

export const MSG_SELECT_QUESTIONNAIRE = 'Please select at least one questionnaire.';
export const MSG_QUESTIONNAIRE_UNAVAILABLE = 'One of the selected questionnaires is no longer available.';

export const ZQids = z
  .array(z.string().trim().min(1).max(64), { error: MSG_SELECT_QUESTIONNAIRE })
  .max(100)
  .transform((ids) => [...new Set(ids)]);

export const ZServiceKeys = z.array(ZQuestionnaireType).max(2).default([]);

/** Published, not removed questionnaires of the brand (in a published industry); all must exist. */
export async function orderableQuestionnaires(
  db: Db,
  brandId: string,
  qids: string[],
): Promise<QuestionnaireRow[]> {
  if (qids.length === 0) return [];
  const rows = await db
    .select({ q: questionnaires })
    .from(questionnaires)
    .innerJoin(industries, eq(industries.id, questionnaires.industryId))
    .where(
      and(
        inArray(questionnaires.id, qids),
        eq(questionnaires.brandId, brandId),
        eq(questionnaires.published, true),
        isNull(questionnaires.removedAt),
        eq(industries.published, true),
        isNull(industries.removedAt),
      ),
    );
  if (rows.length !== qids.length) {
    throw new AppError('BAD_USER_INPUT', MSG_QUESTIONNAIRE_UNAVAILABLE, [
      { field: 'qids', message: MSG_QUESTIONNAIRE_UNAVAILABLE },
    ]);
  }
  return rows.map((r) => r.q);
}

/** Adds user questionnaires for the questionnaires not yet on the order. */
export async function addQuestionnaires(
  db: Db,
  order: Pick<OrderRow, 'id' | 'uid'>,
  qs: QuestionnaireRow[],
): Promise<void> {
  if (qs.length > 0) await userQuestionnairesInsert(db, order, qs);
}

/** The statement that adds questionnaires to an order (none twice); `qs` must not be empty. */
export const userQuestionnairesInsert = (
  db: Db,
  order: Pick<OrderRow, 'id' | 'uid'>,
  qs: QuestionnaireRow[],
) =>
  db
    .insert(userQuestionnaires)
    .values(qs.map((q) => ({ id: newId(), oid: order.id, uid: order.uid, qid: q.id })))
    .onConflictDoNothing();

/** Removes user questionnaires (and their cart shops) from an order. */
export async function removeUserQuestionnaires(db: Db, oid: string, uqids: string[]): Promise<void> {
  if (uqids.length === 0) return;
  await db.delete(shops).where(and(eq(shops.oid, oid), inArray(shops.uqid, uqids)));
  await db
    .delete(userQuestionnaires)
    .where(and(eq(userQuestionnaires.oid, oid), inArray(userQuestionnaires.id, uqids)));
}

export async function setServiceKeys(db: Db, order: OrderRow, keys: string[]): Promise<void> {
  await db.update(orders).set({ serviceKeys: keys, updatedAt: new Date() }).where(eq(orders.id, order.id));
}

export function parseQids(qids: unknown): string[] {
  return parseInput(ZQids, qids);
}
