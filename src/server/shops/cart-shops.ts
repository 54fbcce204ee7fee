import { and, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { createZShopInput, forceStartDate, toDateKey, ZQuestionnaireType } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import { type Db, finish, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { locations, orderLocations, questionnaires, shops, userQuestionnaires } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { checkedCart, findOrder, loadCart } from '../orders/cart-access.js';
import type { ShopInContext } from '../orders/order-graph.js';

export const MSG_SHOP_NOT_FOUND = 'That shop is not on this order.';

const ZShopKeys = z.object({
  oid: z.string().min(1, { error: 'Order is required.' }),
  locationId: z.string().min(1, { error: 'Location is required.' }),
  uqid: z.string().min(1, { error: 'Questionnaire is required.' }),
});

/**
 * saveShop on a cart: creates the shop of a questionnaire at a location (one per pair) or updates it.
 * Price and titles come from the questionnaire on the server; the start date is moved up to the minimum.
 */
export async function saveCartShop(
  db: Db,
  opts: { user: UserRow | null; id?: string | null; input: Record<string, unknown>; today: Date },
): Promise<ShopInContext> {
  const keys = parseInput(ZShopKeys, opts.input);
  return inTransaction(db, async (tx) => {
    // The cart (locked) and three reads keyed by its id, sent together: postgres.js pipelines them on
    // the transaction's connection, and nothing read is used before the cart is checked.
    const [cart, [found], [onOrder], [existing]] = await Promise.all([
      findOrder(tx, keys.oid, { forUpdate: true }),
      tx
        .select({ uq: userQuestionnaires, q: questionnaires })
        .from(userQuestionnaires)
        .innerJoin(questionnaires, eq(questionnaires.id, userQuestionnaires.qid))
        .where(and(eq(userQuestionnaires.id, keys.uqid), eq(userQuestionnaires.oid, keys.oid))),
      tx
        .select({ id: orderLocations.locationId, state: locations.state })
        .from(orderLocations)
        .innerJoin(locations, eq(locations.id, orderLocations.locationId))
        .where(and(eq(orderLocations.oid, keys.oid), eq(orderLocations.locationId, keys.locationId))),
      tx
        .select()
        .from(shops)
        .where(
          and(
            eq(shops.oid, keys.oid),
            opts.id
              ? eq(shops.id, opts.id)
              : and(eq(shops.uqid, keys.uqid), eq(shops.locationId, keys.locationId)),
          ),
        )
        .limit(1),
    ]);
    const order = checkedCart(cart, opts.user);
    if (!found)
      throw new AppError('NOT_FOUND', MSG_SHOP_NOT_FOUND, [{ field: 'uqid', message: MSG_SHOP_NOT_FOUND }]);
    if (!onOrder) {
      throw new AppError('NOT_FOUND', 'That location is not on this order.', [
        { field: 'locationId', message: 'That location is not on this order.' },
      ]);
    }
    const type = parseInput(ZQuestionnaireType, found.q.type);
    const input = parseInput(
      createZShopInput({ questionnaireType: type, minimumReimbursementCents: found.q.minimumReimbursement }),
      {
        ...opts.input,
        qid: found.q.id,
      },
    );
    const startDate = toDateKey(
      forceStartDate(input.startDate ?? opts.today, type === 'customerSurvey', opts.today),
    );
    const values = {
      recurring: type === 'customerSurvey' ? false : input.recurring,
      startDate,
      totalQuantity: type === 'customerSurvey' ? 1 : input.totalQuantity,
      frequencyQuantity: type === 'customerSurvey' ? 1 : input.frequencyQuantity,
      frequencyPeriod: type === 'customerSurvey' ? 'month' : input.frequencyPeriod,
      reimbursement: input.reimbursement,
      cost: found.q.cost,
      questionnaireTitle: found.q.title,
      questionnaireType: type,
      updatedAt: new Date(),
    };
    if (opts.id && !existing) {
      throw new AppError('NOT_FOUND', MSG_SHOP_NOT_FOUND, [{ field: '_id', message: MSG_SHOP_NOT_FOUND }]);
    }
    if (existing) {
      const [[saved]] = await finish(
        tx,
        tx
          .update(shops)
          .set({ ...values, locationId: keys.locationId, uqid: found.uq.id, qid: found.q.id })
          .where(eq(shops.id, existing.id))
          .returning(),
      );
      return { ...saved!, questionnaire: found.q, state: onOrder.state };
    }
    // The write goes out with the commit (one round trip for both).
    const [[created]] = await finish(
      tx,
      tx
        .insert(shops)
        .values({
          id: newId(),
          uid: order.uid,
          oid: order.id,
          locationId: keys.locationId,
          qid: found.q.id,
          uqid: found.uq.id,
          status: 'cart',
          ...values,
        })
        .returning(),
    );
    return { ...created!, questionnaire: found.q, state: onOrder.state };
  });
}

/** removeCartShop: unticking a questionnaire at a location deletes its cart shop. */
export async function removeCartShop(db: Db, opts: { user: UserRow | null; id: string; oid: string }) {
  return inTransaction(db, async (tx) => {
    const order = await loadCart(tx, opts.user, opts.oid, { forUpdate: true });
    const [deleted] = await tx
      .delete(shops)
      .where(and(eq(shops.id, opts.id), eq(shops.oid, order.id), eq(shops.status, 'cart')))
      .returning();
    if (!deleted)
      throw new AppError('NOT_FOUND', MSG_SHOP_NOT_FOUND, [{ field: '_id', message: MSG_SHOP_NOT_FOUND }]);
    return { ...deleted, state: '' } as ShopInContext;
  });
}

const ZCopyShops = z.object({
  oid: z.string().min(1),
  shopIds: z.array(z.string().min(1)).min(1, { error: 'Select at least one shop to copy.' }).max(200),
  qType: ZQuestionnaireType.nullish(),
});

/**
 * copyShopsToAllOrderLocations: the first location's shop settings ('use these order details for all
 * locations') are copied to every other location on the order; existing shops there are replaced.
 */
export async function copyShopsToAllOrderLocations(db: Db, opts: { user: UserRow | null; input: unknown }) {
  const input = parseInput(ZCopyShops, opts.input);
  return inTransaction(db, async (tx) => {
    const order = await loadCart(tx, opts.user, input.oid, { forUpdate: true });
    const sources = await tx
      .select()
      .from(shops)
      .where(and(eq(shops.oid, order.id), inArray(shops.id, input.shopIds)));
    if (sources.length !== new Set(input.shopIds).size) {
      throw new AppError('NOT_FOUND', MSG_SHOP_NOT_FOUND, [
        { field: 'shopIds', message: MSG_SHOP_NOT_FOUND },
      ]);
    }
    const chosen = input.qType ? sources.filter((s) => s.questionnaireType === input.qType) : sources;
    const locationIds = (
      await tx
        .select({ id: orderLocations.locationId })
        .from(orderLocations)
        .where(eq(orderLocations.oid, order.id))
    ).map((r) => r.id);
    for (const source of chosen) {
      const targets = locationIds.filter((id) => id !== source.locationId);
      if (targets.length === 0) continue;
      await tx
        .delete(shops)
        .where(
          and(
            eq(shops.oid, order.id),
            eq(shops.uqid, source.uqid),
            inArray(shops.locationId, targets),
            ne(shops.id, source.id),
          ),
        );
      const { id: _id, createdAt: _c, updatedAt: _u, locationId: _l, ...settings } = source;
      await tx.insert(shops).values(targets.map((locationId) => ({ ...settings, id: newId(), locationId })));
    }
    return order;
  });
}
