import { eq } from 'drizzle-orm';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { locations, questionnaires, shops } from '../db/schema.js';
import { AppError, notAuthorized } from '../errors.js';
import type { ShopInContext } from '../orders/order-graph.js';

export const MSG_SHOP_NOT_FOUND = 'Shop not found.';
export const MSG_SHOP_NOT_ACTIVE = 'This shop is no longer active.';

const fieldError = (code: 'NOT_FOUND' | 'BAD_USER_INPUT', message: string) =>
  new AppError(code, message, [{ field: '_id', message }]);

/**
 * The caller's (or, for an admin, anyone's) ACTIVE shop, locked for the rest of the transaction so an
 * edit or cancellation and a billing run that reads the shop never interleave.
 */
export async function loadActiveShopForUpdate(db: Db, user: UserRow, id: string): Promise<ShopInContext> {
  const [row] = await db
    .select({ shop: shops, questionnaire: questionnaires, state: locations.state })
    .from(shops)
    .innerJoin(questionnaires, eq(questionnaires.id, shops.qid))
    .innerJoin(locations, eq(locations.id, shops.locationId))
    .where(eq(shops.id, id))
    .limit(1)
    .for('update', { of: shops });
  // Cart shops are edited through their cart (the order id is their capability), not from here.
  if (!row || row.shop.status === 'cart') throw fieldError('NOT_FOUND', MSG_SHOP_NOT_FOUND);
  if (!user.admin && row.shop.uid !== user.id) throw notAuthorized();
  if (row.shop.status !== 'active') throw fieldError('BAD_USER_INPUT', MSG_SHOP_NOT_ACTIVE);
  return { ...row.shop, questionnaire: row.questionnaire, state: row.state };
}

/** Whether saveShop(_id) is about a placed shop rather than a cart shop. */
export async function isPlacedShop(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ status: shops.status }).from(shops).where(eq(shops.id, id)).limit(1);
  return !!row && row.status !== 'cart';
}
