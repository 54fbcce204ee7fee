import { eq } from 'drizzle-orm';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { invoices } from '../db/schema.js';
import { notAuthorized } from '../errors.js';
import { type InvoiceWithLines, withLines } from './invoice-graph.js';

/** invoice(invoiceId): its owner or an admin; null when there is no such invoice. */
export async function loadInvoice(
  db: Db,
  opts: { user: UserRow; invoiceId: string },
): Promise<InvoiceWithLines | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, opts.invoiceId)).limit(1);
  if (!row) return null;
  if (!opts.user.admin && row.uid !== opts.user.id) throw notAuthorized();
  return (await withLines(db, [row]))[0]!;
}
