import { eq } from 'drizzle-orm';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { orders } from '../db/schema.js';
import { AppError, notAuthorized } from '../errors.js';
import { findOrderGraph, type OrderGraph, type OrderRow } from './order-graph.js';

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
  return checkedCart(oid ? await findOrder(db, oid, opts) : null, user);
}

/** loadCart with the cart's questionnaires, locations and shops, read in the same query. */
export async function loadCartGraph(
  db: Db,
  user: UserRow | null,
  oid: string | null | undefined,
  opts: { forUpdate?: boolean } = {},
): Promise<OrderGraph> {
  const graph = oid ? await findOrderGraph(db, oid, opts) : null;
  checkedCart(graph?.order ?? null, user);
  return graph!;
}

const notFound = () =>
  new AppError('NOT_FOUND', MSG_ORDER_NOT_FOUND, [{ field: 'oid', message: MSG_ORDER_NOT_FOUND }]);

/** The order if it is a cart this user may change, else the error that says why not. */
export function checkedCart(order: OrderRow | null, user: UserRow | null): OrderRow {
  if (!order) throw notFound();
  // A placed order is no cart for anyone (a second submit of the same checkout lands here).
  if (order.status !== 'CART') throw new AppError('CONFLICT', MSG_ORDER_COMPLETE);
  if (!mayReadOrder(order, user)) throw notAuthorized();
  return order;
}
