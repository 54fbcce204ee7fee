import { and, eq, inArray, isNull } from 'drizzle-orm';
import { forceStartDate, isSurveyType, type QuestionnaireType, toDateKey } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  industries,
  orderLocations,
  orders,
  questionnaires,
  shops,
  userQuestionnaires,
} from '../db/schema.js';
import { AppError, notAuthorized } from '../errors.js';
import { findOrder, MSG_ORDER_NOT_FOUND } from '../orders/cart-access.js';
import { loadOrderGraph, type OrderGraph } from '../orders/order-graph.js';

export const MSG_REORDER_NOT_PLACED = 'Only placed orders can be re-ordered.';
export const msgNothingToReorder = (titles: string[]) =>
  `This order cannot be re-ordered: ${titles.join(', ')} ${titles.length === 1 ? 'is' : 'are'} no longer available.`;

const oidError = (code: 'NOT_FOUND' | 'BAD_USER_INPUT', message: string) =>
  new AppError(code, message, [{ field: 'oid', message }]);

/**
 * reorder(oid): the caller's placed order copied into a new cart of theirs: its questionnaires that are
 * still orderable (with their custom questions, comments and upload), its locations still on the
 * account, and its shops' settings, priced from today's questionnaires with start dates moved up to
 * the current minimum. The checkout then charges it like any cart.
 */
export async function reorder(
  db: Db,
  opts: { user: UserRow; oid: string; today: Date },
): Promise<OrderGraph> {
  return inTransaction(db, async (tx) => {
    const source = opts.oid ? await findOrder(tx, opts.oid) : null;
    if (!source) throw oidError('NOT_FOUND', MSG_ORDER_NOT_FOUND);
    // An admin re-ordering would put another customer's locations in the admin's cart: owner only.
    if (source.uid !== opts.user.id) throw notAuthorized();
    if (source.status !== 'COMPLETE') throw oidError('BAD_USER_INPUT', MSG_REORDER_NOT_PLACED);
    const graph = await loadOrderGraph(tx, source);

    const qids = graph.userQuestionnaires.map((uq) => uq.qid);
    const orderable = new Set(
      qids.length === 0
        ? []
        : (
            await tx
              .select({ id: questionnaires.id })
              .from(questionnaires)
              .innerJoin(industries, eq(industries.id, questionnaires.industryId))
              .where(
                and(
                  inArray(questionnaires.id, qids),
                  eq(questionnaires.brandId, source.brandId),
                  eq(questionnaires.published, true),
                  isNull(questionnaires.removedAt),
                  eq(industries.published, true),
                  isNull(industries.removedAt),
                ),
              )
          ).map((r) => r.id),
    );
    const kept = graph.userQuestionnaires.filter((uq) => orderable.has(uq.qid));
    if (kept.length === 0) {
      throw oidError(
        'BAD_USER_INPUT',
        msgNothingToReorder(graph.userQuestionnaires.map((uq) => uq.questionnaire.title).sort()),
      );
    }
    // A location removed from the account (unpublished) is not ordered for again.
    const keptLocations = graph.locations.filter((l) => l.uid === opts.user.id && l.published);

    const [cart] = await tx
      .insert(orders)
      .values({
        id: newId(),
        uid: opts.user.id,
        brandId: source.brandId,
        serviceKeys: [...new Set(kept.map((uq) => uq.questionnaire.type))],
      })
      .returning();
    const uqIds = new Map(kept.map((uq) => [uq.id, newId()]));
    await tx.insert(userQuestionnaires).values(
      kept.map((uq) => ({
        id: uqIds.get(uq.id)!,
        oid: cart!.id,
        uid: opts.user.id,
        qid: uq.qid,
        customUpload: uq.customUpload,
        customQuestions: uq.customQuestions,
        additionalComments: uq.additionalComments,
      })),
    );
    if (keptLocations.length > 0) {
      await tx.insert(orderLocations).values(keptLocations.map((l) => ({ oid: cart!.id, locationId: l.id })));
    }
    const qById = new Map(kept.map((uq) => [uq.qid, uq.questionnaire]));
    const copies = keptLocations.flatMap((l) =>
      l.shops.flatMap((s) => {
        const uqid = uqIds.get(s.uqid);
        const q = qById.get(s.qid);
        if (!uqid || !q) return [];
        const survey = isSurveyType(q.type as QuestionnaireType);
        return [
          {
            id: newId(),
            uid: opts.user.id,
            oid: cart!.id,
            locationId: l.id,
            qid: q.id,
            uqid,
            status: 'cart',
            recurring: s.recurring,
            // Today's price and minimum, as a new cart shop would get them.
            reimbursement: survey ? 0 : Math.max(s.reimbursement, q.minimumReimbursement),
            cost: q.cost,
            startDate: toDateKey(forceStartDate(s.startDate, survey, opts.today)),
            totalQuantity: s.totalQuantity,
            frequencyPeriod: s.frequencyPeriod,
            frequencyQuantity: s.frequencyQuantity,
            questionnaireTitle: q.title,
            questionnaireType: q.type,
          },
        ];
      }),
    );
    if (copies.length > 0) await tx.insert(shops).values(copies);
    return loadOrderGraph(tx, cart!);
  });
}
