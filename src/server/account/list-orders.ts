import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { afterCursor, cursorText, type Page, type PageArgs, pageSize, toPage } from '../db/page.js';
import { orders } from '../db/schema.js';

export type OrderSummary = { id: string; orderNumber: number; orderDate: Date | null; amount: number | null };

/** A customer's placed (COMPLETE) orders, newest first, a page at a time. */
export async function listOrders(db: Db, opts: { uid: string } & PageArgs): Promise<Page<OrderSummary>> {
  const size = pageSize(opts.first);
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      amount: orders.amount,
      cursorAt: cursorText(orders.orderDate),
      cursorId: orders.id,
    })
    .from(orders)
    .where(
      and(
        eq(orders.uid, opts.uid),
        eq(orders.status, 'COMPLETE'),
        isNotNull(orders.orderDate),
        afterCursor(orders.orderDate, orders.id, opts.after),
      ),
    )
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(size + 1);
  return toPage(rows, size);
}
