import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../errors.js';

/** History lists: 10 a page (spec 9), at most 50 on request. */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;

export type PageInfo = { hasNextPage: boolean; endCursor: string | null };
export type Page<T> = { pageInfo: PageInfo; nodes: T[] };
export type PageArgs = { first?: number | null; after?: string | null };

const MSG_BAD_CURSOR = 'That page cursor is not valid. Please reload the list.';
// PostgreSQL's text form of a timestamptz: exact to the microsecond and carrying its offset, so the cursor
// compares equal to the stored value whatever the session's time zone (a JS Date would drop microseconds).
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export function pageSize(first: number | null | undefined, fallback = PAGE_SIZE): number {
  if (first == null) return fallback;
  if (!Number.isInteger(first) || first < 1) {
    const message = 'first must be at least 1.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'first', message }]);
  }
  return Math.min(first, MAX_PAGE_SIZE);
}

/** The opaque cursor of a row: base64url of its timestamp's text and its id. */
export const encodeCursor = (at: string, id: string): string =>
  Buffer.from(`${at}|${id}`, 'utf8').toString('base64url');

export function decodeCursor(cursor: string): { at: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const bar = text.indexOf('|');
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 0 || !PG_TIMESTAMP.test(at) || id.length === 0 || id.length > 64) {
    throw new AppError('BAD_USER_INPUT', MSG_BAD_CURSOR, [{ field: 'after', message: MSG_BAD_CURSOR }]);
  }
  return { at, id };
}

/** Rows strictly after the cursor in (timestamp desc, id desc) order; undefined on the first page. */
export function afterCursor(at: AnyPgColumn, id: AnyPgColumn, after: string | null | undefined) {
  if (!after) return undefined;
  const c = decodeCursor(after);
  return sql`(${at}, ${id}) < (${c.at}::timestamptz, ${c.id})`;
}

/** The text form of a timestamp column, selected next to the row to build its cursor. */
export const cursorText = (at: AnyPgColumn): SQL<string> => sql<string>`${at}::text`;

/** Fetched one row more than the page: the extra row only tells that a next page exists. */
export function toPage<T>(rows: (T & { cursorAt: string; cursorId: string })[], size: number): Page<T> {
  const nodes = rows.slice(0, size);
  const last = nodes.at(-1);
  return {
    pageInfo: {
      hasNextPage: rows.length > size,
      endCursor: last ? encodeCursor(last.cursorAt, last.cursorId) : null,
    },
    nodes,
  };
}
