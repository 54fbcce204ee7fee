import { Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { csvCell, csvColumn, csvHeader, toDateKey } from '../../domain/index.js';
import { hmac, safeEqual } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { afterCursor, cursorText, encodeCursor } from '../db/page.js';
import { brands, orders, users } from '../db/schema.js';
import { adminOrderColumns, customerColumns, customerFilter } from './lists.js';

export const EXPORT_TYPES = ['customers', 'orders'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const isExportType = (v: string): v is ExportType => (EXPORT_TYPES as readonly string[]).includes(v);

/** An export link works for 5 minutes: long enough to click, short enough not to matter if shared. */
export const EXPORT_TOKEN_TTL_MS = 5 * 60_000;
const BATCH = 1000;

/**
 * A token made for one export by one admin: `{uid}.{type}.{expires}.{hmac}`. It is not the login
 * token, it opens nothing else, and the admin must still be an admin when it is used.
 */
export function createExportToken(secret: string, opts: { uid: string; type: ExportType; now: number }) {
  const expires = opts.now + EXPORT_TOKEN_TTL_MS;
  const body = `${opts.uid}.${opts.type}.${expires}`;
  return { token: `${body}.${hmac(secret, `export|${body}`)}`, expiresAt: new Date(expires) };
}

/** The admin's user id when the token is genuine, for this export type, and not expired. */
export function verifyExportToken(
  secret: string,
  token: string,
  type: ExportType,
  now: number,
): string | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [uid, tokenType, expires, sig] = parts as [string, string, string, string];
  if (!safeEqual(hmac(secret, `export|${uid}.${tokenType}.${expires}`), sig)) return null;
  if (tokenType !== type || !(Number(expires) > now)) return null;
  return uid;
}

const line = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;
const dollars = (cents: number | null) => (cents == null ? '' : (cents / 100).toFixed(2));

/**
 * Rows of a keyset-paged query, a batch at a time: memory stays flat however many rows there are, and
 * it works the same on PostgreSQL and PGlite (no server-side cursor needed).
 */
async function* batches<T extends { cursorAt: string; cursorId: string }>(
  fetch: (after: string | null) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await fetch(after);
    if (rows.length) yield rows;
    if (rows.length < BATCH) return;
    const last = rows.at(-1)!;
    after = encodeCursor(last.cursorAt, last.cursorId);
  }
}

/** The customers export's columns (one line per customer, newest first); the header is their names. */
export const ZCustomerCsvRow = z.strictObject({
  'Customer Name': csvColumn.text("The customer's first and last name."),
  Brand: csvColumn.text('The brand the customer signed up with (empty: none).'),
  'Business Name': csvColumn.text("The customer's business name."),
  Email: csvColumn.text("The customer's e-mail address."),
  Phone: csvColumn.text("The customer's phone number."),
  Created: csvColumn.day('The day the account was created'),
});
/** The orders export's columns (one line per completed order, newest first). */
export const ZOrderCsvRow = z.strictObject({
  'Order Number': csvColumn.number("The order's number."),
  Date: csvColumn.dayOrEmpty('The day the order was placed'),
  'Business Name': csvColumn.text("The customer's business name."),
  Email: csvColumn.text("The customer's e-mail address."),
  Brand: csvColumn.text('The brand the order was placed with.'),
  Total: csvColumn.dollarsOrEmpty("The order's total"),
});
export const CUSTOMER_CSV_HEADER = csvHeader(ZCustomerCsvRow);
export const ORDER_CSV_HEADER = csvHeader(ZOrderCsvRow);
/** Each export type's row (the OpenAPI document describes them). */
export const EXPORT_CSV_ROWS = { customers: ZCustomerCsvRow, orders: ZOrderCsvRow } as const satisfies Record<
  ExportType,
  z.ZodObject
>;

async function* customerLines(db: Db): AsyncGenerator<string> {
  yield line(CUSTOMER_CSV_HEADER);
  const rows = batches((after) =>
    db
      .select({ ...customerColumns, cursorAt: cursorText(users.createdAt), cursorId: users.id })
      .from(users)
      .leftJoin(brands, eq(brands.id, users.associatedBrandId))
      .where(and(customerFilter({}), afterCursor(users.createdAt, users.id, after)))
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(BATCH),
  );
  for await (const batch of rows) {
    yield batch
      .map((c) =>
        line([
          `${c.firstName} ${c.lastName}`.trim(),
          c.brandName,
          c.businessName,
          c.email,
          c.phone,
          toDateKey(c.createdAt),
        ]),
      )
      .join('');
  }
}

async function* orderLines(db: Db): AsyncGenerator<string> {
  yield line(ORDER_CSV_HEADER);
  const rows = batches((after) =>
    db
      .select({ ...adminOrderColumns, cursorAt: cursorText(orders.orderDate), cursorId: orders.id })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.uid))
      .innerJoin(brands, eq(brands.id, orders.brandId))
      .where(and(eq(orders.status, 'COMPLETE'), afterCursor(orders.orderDate, orders.id, after)))
      .orderBy(desc(orders.orderDate), desc(orders.id))
      .limit(BATCH),
  );
  for await (const batch of rows) {
    yield batch
      .map((o) =>
        line([
          o.orderNumber,
          o.orderDate ? toDateKey(o.orderDate) : '',
          o.businessName,
          o.email,
          o.brandName,
          dollars(o.amount),
        ]),
      )
      .join('');
  }
}

/** The export as a stream of CSV text (CRLF lines, formula-safe cells, dates YYYY-MM-DD, money in dollars). */
export function exportCsv(db: Db, type: ExportType): Readable {
  return Readable.from(type === 'customers' ? customerLines(db) : orderLines(db));
}

export const exportFileName = (type: ExportType, now: Date) => `${type}-${toDateKey(now)}.csv`;
