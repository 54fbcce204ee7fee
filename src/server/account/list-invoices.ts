import { and, desc, eq, getTableColumns, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { afterCursor, cursorText, type Page, type PageArgs, pageSize, toPage } from '../db/page.js';
import { invoices } from '../db/schema.js';
import { type InvoiceWithLines, withLines } from './invoice-graph.js';

/**
 * A customer's payment history, newest first: only listed invoices (the domain's isInvoiceListed,
 * paid or attempted, written here as SQL so pages stay full).
 */
export async function listInvoices(
  db: Db,
  opts: { uid: string } & PageArgs,
): Promise<Page<InvoiceWithLines>> {
  const size = pageSize(opts.first);
  const rows = await db
    .select({ ...getTableColumns(invoices), cursorAt: cursorText(invoices.date), cursorId: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.uid, opts.uid),
        or(eq(invoices.paid, true), eq(invoices.attempted, true)),
        afterCursor(invoices.date, invoices.id, opts.after),
      ),
    )
    .orderBy(desc(invoices.date), desc(invoices.id))
    .limit(size + 1);
  const page = toPage(rows, size);
  const nodes = await withLines(
    db,
    page.nodes.map(({ cursorAt: _a, cursorId: _i, ...invoice }) => invoice),
  );
  return { pageInfo: page.pageInfo, nodes };
}
