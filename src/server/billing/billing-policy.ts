// The recurring-billing rules that are not pricing (pricing is the domain's billMonth): invoice keys,
// attempt keys, the retry schedule, line descriptions, and the small SQL helpers the use cases share.
import type { SQL } from 'drizzle-orm';
import {
  addDaysUtc,
  addMonthsUtc,
  type BillableShop,
  billingIntervalMonths,
  formatMonthName,
  isSurveyType,
  monthEndUtc,
  monthStartUtc,
  startOfDayUtc,
  toDateKey,
} from '../../domain/index.js';
import type { Db } from '../db/client.js';

/** Days between a declined attempt and the next one. */
export const RETRY_AFTER_DAYS = 3;
/** Attempts per invoice made by the job (the first and three retries); later ones follow a new card. */
export const MAX_AUTOMATIC_ATTEMPTS = 4;
/** How long a run holds an invoice's charge attempt; a crashed run's invoices are taken over after it. */
export const CLAIM_LEASE_MS = 10 * 60 * 1000;
export const MSG_NO_CARD = 'There is no card on file. Please add a card.';

/** 'YYYY-MM' of a billing month. */
export const monthKey = (month: Date): string => toDateKey(monthStartUtc(month)).slice(0, 7);

/** Invoice key of a customer's month; also the idempotency key of its first charge attempt. */
export const invoiceKey = (uid: string, month: Date): string => `billing:${uid}:${monthKey(month)}`;

/**
 * Idempotency key of attempt n (1-based). The first attempt uses the invoice key itself; attempt n > 1
 * gets its own key, and is only made once attempt n - 1 is recorded as declined, so a repeated attempt
 * (crash, two runs) always reuses the key of the unrecorded one and the provider returns its result.
 */
export const attemptKey = (invoiceIdempotencyKey: string, attempt: number): string =>
  attempt <= 1 ? invoiceIdempotencyKey : `${invoiceIdempotencyKey}:attempt-${attempt}`;

/** When a declined attempt is tried again (start of the day, RETRY_AFTER_DAYS later), or null when the job gives up. */
export function nextAttemptAfter(day: Date, attemptsMade: number): Date | null {
  if (attemptsMade >= MAX_AUTOMATIC_ATTEMPTS) return null;
  return addDaysUtc(startOfDayUtc(day), RETRY_AFTER_DAYS);
}

/** The service interval a month's charge pays for a shop: the month, a quarter, or a year. */
export function billedPeriod(shop: BillableShop, month: Date): { start: string; end: string } {
  const start = monthStartUtc(month);
  const end = monthEndUtc(addMonthsUtc(start, billingIntervalMonths(shop) - 1));
  return { start: toDateKey(start), end: toDateKey(end) };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** e.g. 'Dine-In at Main Street, March 2027: 2 shops per week x 5 weeks'. */
export function describeLine(
  shop: BillableShop & { questionnaireTitle: string; locationName: string },
  month: Date,
  numWeeks: number,
): string {
  const head = `${shop.questionnaireTitle} at ${shop.locationName}`;
  const monthName = `${formatMonthName(month)} ${month.getUTCFullYear()}`;
  const months = billingIntervalMonths(shop);
  const through = addMonthsUtc(monthStartUtc(month), months - 1);
  const span =
    months > 1 ? `${monthName} to ${formatMonthName(through)} ${through.getUTCFullYear()}` : monthName;
  if (isSurveyType(shop.questionnaireType)) {
    return `${head}, ${span}: ${shop.monthsPurchased === 12 ? 'annual survey plan' : 'monthly survey plan'}`;
  }
  const shops = plural(shop.frequencyQuantity, 'shop');
  if (shop.frequencyPeriod === 'week')
    return `${head}, ${span}: ${shops} per week x ${plural(numWeeks, 'week')}`;
  return `${head}, ${span}: ${shops} per ${shop.frequencyPeriod}`;
}

/** Rows of a raw query, whichever driver (postgres-js returns an array, PGlite { rows }). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown;
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** Runs `fn` over `items` with at most `limit` calls in flight; results keep the input order. */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}
