import { and, asc, desc, eq, gte, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { isDateKey } from '../../domain/index.js';
import { containsPattern } from '../admin/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { payables, payoutBatches, users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { requireAdmin } from './access.js';
import { type PayableView, payableColumns, totalsOf } from './list-my-payables.js';

export type PayableStatus = 'pending' | 'paid' | 'all';
export const PAYABLE_STATUSES: PayableStatus[] = ['pending', 'paid', 'all'];

/** The most lines one admin view returns; narrow the filters to see the rest. */
export const PAYABLES_LIMIT = 1000;

export interface PayableFilter {
  /** A shopper's id, or words of their name or e-mail. */
  shopperId?: string | null;
  shopperSearch?: string | null;
  /** Approved on or after / on or before these days (YYYY-MM-DD, UTC). */
  from?: string | null;
  to?: string | null;
  status?: string | null;
}

/** The start of the day after `key`; null after 9999-12-31, which no timestamp reaches (no bound then). */
const nextDay = (key: string): Date | null => {
  const day = new Date(Date.parse(`${key}T00:00:00Z`) + 86_400_000);
  return day.getUTCFullYear() > 9999 ? null : day;
};

function filterOf(f: PayableFilter): SQL | undefined {
  const errors: { field: string; message: string }[] = [];
  for (const field of ['from', 'to'] as const) {
    const v = f[field];
    if (v && !isDateKey(v)) errors.push({ field, message: 'Please enter a date as YYYY-MM-DD.' });
  }
  if (f.status && !PAYABLE_STATUSES.includes(f.status as PayableStatus))
    errors.push({ field: 'status', message: 'Status must be pending, paid or all.' });
  if (errors.length) throw new AppError('BAD_USER_INPUT', errors[0]!.message, errors);
  const search = f.shopperSearch?.trim();
  const until = f.to ? nextDay(f.to) : null;
  return and(
    f.shopperId ? eq(payables.shopperId, f.shopperId) : undefined,
    search
      ? or(
          sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${containsPattern(search)}`,
          sql`${users.email} ilike ${containsPattern(search)}`,
        )
      : undefined,
    f.from ? gte(payables.approvedAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    until ? lt(payables.approvedAt, until) : undefined,
    f.status === 'paid' ? isNotNull(payables.batchId) : undefined,
    f.status === 'pending' || !f.status ? isNull(payables.batchId) : undefined,
  );
}

/** Admins: lines by shopper (name, then newest approval first), with the view's totals. */
export async function listPayables(db: Db, user: UserRow | null, filter: PayableFilter) {
  requireAdmin(user);
  const rows = await db
    .select({
      ...payableColumns,
      firstName: users.firstName,
      lastName: users.lastName,
      shopperEmail: users.email,
    })
    .from(payables)
    .innerJoin(users, eq(users.id, payables.shopperId))
    .leftJoin(payoutBatches, eq(payoutBatches.id, payables.batchId))
    .where(filterOf(filter))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email), desc(payables.approvedAt))
    .limit(PAYABLES_LIMIT + 1);
  const lines: PayableView[] = rows.slice(0, PAYABLES_LIMIT).map(({ firstName, lastName, ...r }) => ({
    ...r,
    shopperName: `${firstName} ${lastName}`.trim(),
  }));
  return { lines, totals: totalsOf(lines), truncated: rows.length > PAYABLES_LIMIT };
}
