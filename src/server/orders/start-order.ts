import { and, eq } from 'drizzle-orm';
import { ZQuestionnaireType } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import { type Db, finish, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { orders, questionnaires, userQuestionnaires } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { findOrder, loadCart, mayReadOrder } from './cart-access.js';
import { findOrderGraph, type OrderGraph, orderGraphRead } from './order-graph.js';
import {
  addQuestionnaires,
  MSG_SELECT_QUESTIONNAIRE,
  orderableQuestionnaires,
  parseQids,
  removeUserQuestionnaires,
  setServiceKeys,
  userQuestionnairesInsert,
  ZServiceKeys,
} from './questionnaires-on-order.js';

/**
 * startOrder: adds the chosen questionnaires to the visitor's cart, or starts a new cart when there is
 * none (or the cookie's order was already placed). The selected services are remembered on the order.
 * Returns the cart as it then stands.
 */
export async function startOrder(
  db: Db,
  opts: { user: UserRow | null; brandId: string; oid?: string | null; qids: unknown; serviceKeys?: unknown },
): Promise<OrderGraph> {
  const qids = parseQids(opts.qids);
  if (qids.length === 0) {
    throw new AppError('BAD_USER_INPUT', MSG_SELECT_QUESTIONNAIRE, [
      { field: 'qids', message: MSG_SELECT_QUESTIONNAIRE },
    ]);
  }
  const serviceKeys = parseInput(ZServiceKeys, opts.serviceKeys ?? []);
  return inTransaction(db, async (tx) => {
    const qs = await orderableQuestionnaires(tx, opts.brandId, qids);
    const types = [...new Set([...serviceKeys, ...qs.map((q) => q.type)])];
    const existing = opts.oid ? await findOrder(tx, opts.oid) : null;
    // A cart from another brand (the cookie is shared by every brand on one host) is not continued.
    if (
      existing &&
      existing.status === 'CART' &&
      existing.brandId === opts.brandId &&
      mayReadOrder(existing, opts.user)
    ) {
      const order = await loadCart(tx, opts.user, existing.id, { forUpdate: true });
      await setServiceKeys(tx, order, [...new Set([...order.serviceKeys, ...types])]);
      await addQuestionnaires(tx, order, qs);
      return (await findOrderGraph(tx, order.id))!;
    }
    // A new cart: the order, its questionnaires and the read of both go out together with the commit.
    const values = { id: newId(), uid: opts.user?.id ?? null, brandId: opts.brandId, serviceKeys: types };
    const [, , graph] = await finish(
      tx,
      tx.insert(orders).values(values),
      userQuestionnairesInsert(tx, values, qs),
      orderGraphRead(tx, values.id),
    );
    return graph!;
  });
}

/**
 * modifyOrderQuestionnaires: the order's questionnaires of one type become exactly `qids`; removed
 * ones take their cart shops with them.
 */
export async function modifyOrderQuestionnaires(
  db: Db,
  opts: { user: UserRow | null; oid: string; qids: unknown; qType: unknown },
): Promise<OrderGraph> {
  const qids = parseQids(opts.qids);
  const qType = parseInput(ZQuestionnaireType, opts.qType);
  return inTransaction(db, async (tx) => {
    const order = await loadCart(tx, opts.user, opts.oid, { forUpdate: true });
    const qs = await orderableQuestionnaires(tx, order.brandId, qids);
    if (qs.some((q) => q.type !== qType)) {
      throw new AppError('BAD_USER_INPUT', 'The selected questionnaires must all be of the chosen type.', [
        { field: 'qids', message: 'The selected questionnaires must all be of the chosen type.' },
      ]);
    }
    const current = await tx
      .select({ id: userQuestionnaires.id, qid: userQuestionnaires.qid })
      .from(userQuestionnaires)
      .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
      .where(and(eq(userQuestionnaires.oid, order.id), eq(questionnaires.type, qType)));
    const keep = new Set(qids);
    await removeUserQuestionnaires(
      tx,
      order.id,
      current.filter((c) => !keep.has(c.qid)).map((c) => c.id),
    );
    await addQuestionnaires(tx, order, qs);
    const keys = new Set(order.serviceKeys);
    if (qids.length > 0) keys.add(qType);
    await setServiceKeys(tx, order, [...keys]);
    return (await findOrderGraph(tx, order.id))!;
  });
}
