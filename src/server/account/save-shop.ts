import type { AuditActor } from '../audit/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { notLoggedIn } from '../errors.js';
import type { ShopInContext } from '../orders/order-graph.js';
import { saveCartShop } from '../shops/cart-shops.js';
import { isPlacedShop } from './active-shop-access.js';
import { saveActiveShop } from './save-active-shop.js';

/**
 * saveShop(_id, input): a placed shop's id (or an id sent without an order, as Recurring Orders does)
 * is the active-shop edit; everything else is the order wizard's cart shop.
 */
export async function saveShop(
  db: Db,
  opts: {
    user: UserRow | null;
    id?: string | null;
    input: Record<string, unknown>;
    today: Date;
    actor?: AuditActor;
  },
): Promise<ShopInContext> {
  const activeEdit = !!opts.id && (opts.input.oid == null || (await isPlacedShop(db, opts.id)));
  if (!activeEdit || !opts.id) return saveCartShop(db, opts);
  if (!opts.user) throw notLoggedIn();
  return saveActiveShop(db, { user: opts.user, id: opts.id, input: opts.input, actor: opts.actor });
}
