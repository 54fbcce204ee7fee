import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { invoiceLines, type invoices } from '../db/schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceWithLines = InvoiceRow & { lines: InvoiceLineRow[] };

/** Invoices with their lines, in one query for the lines. */
export async function withLines(db: Db, rows: InvoiceRow[]): Promise<InvoiceWithLines[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(
      inArray(
        invoiceLines.invoiceId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(invoiceLines.id));
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => l.invoiceId === r.id) }));
}
