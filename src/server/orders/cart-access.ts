import { eq } from 'drizzle-orm';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { orders } from '../db/schema.js';
import { AppError, notAuthorized } from '../errors.js';
import type { OrderRow } from './order-graph.js';

export const MSG_ORDER_NOT_FOUND = 'Order Not Found';
export const MSG_ORDER_COMPLETE = 'This order has already been placed. Please start a new order.';

/**
 * Who may read an order: a cart by its unguessable id (the capability in the visitor's cookie) unless it
 * belongs to another account; a placed order only by its owner or an admin.
 */
export function mayReadOrder(order: OrderRow, user: UserRow | null): boolean {
  if (user?.admin) return true;
  if (order.status === 'CART') return order.uid === null || order.uid === user?.id;
  return order.uid !== null && order.uid === user?.id;
}

export async function findOrder(
  db: Db,
  oid: string,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderRow | null> {
  const q = db.select().from(orders).where(eq(orders.id, oid)).limit(1);
  const rows = opts.forUpdate ? await q.for('update') : await q;
  return rows[0] ?? null;
}

/** The cart a mutation works on; refuses placed orders, other people's carts and unknown ids alike. */
export async function loadCart(
  db: Db,
  user: UserRow | null,
  oid: string | null | undefined,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderRow> {
  if (!oid)
    throw new AppError('NOT_FOUND', MSG_ORDER_NOT_FOUND, [{ field: 'oid', message: MSG_ORDER_NOT_FOUND }]);
  const order = await findOrder(db, oid, opts);
  if (!order)
    throw new AppError('NOT_FOUND', MSG_ORDER_NOT_FOUND, [{ field: 'oid', message: MSG_ORDER_NOT_FOUND }]);
  // A placed order is no cart for anyone (a second submit of the same checkout lands here).
  if (order.status !== 'CART') throw new AppError('CONFLICT', MSG_ORDER_COMPLETE);
  if (!mayReadOrder(order, user)) throw notAuthorized();
  return order;
}
