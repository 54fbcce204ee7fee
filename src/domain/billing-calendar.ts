// The recurring billing calendar (spec: order-flow 9, account-and-reporting 4 and 9): which month is
// billed next, when the card is charged, and what each active shop owes for a month. The billing job
// bills a given month with billMonth; the account page shows nextBilling.
import {
  addDaysUtc,
  addMonthsUtc,
  billedWeeks,
  forceStartDate,
  mondaysInMonth,
  monthEndUtc,
  monthStartUtc,
  monthsBetween,
  parseDate,
  startOfDayUtc,
  toDateKey,
} from './dates';
import { formatDateUs, formatMoney, formatMonthName } from './format';
import { isSurveyType, type PricedShop, recurringCharge } from './pricing';
import type { Cents } from './types';

/** Recurring charges are made this many days before the 1st of the billing month. */
export const CHARGE_DAYS_BEFORE_MONTH = 5;

export interface BillableShop extends PricedShop {
  /** The location's state (Nevada surcharge). */
  state?: string | null;
  /** Last day already paid for; null when nothing has been paid yet. */
  paidThrough?: Date | string | null;
}

export interface BillingLine<S extends BillableShop> {
  shop: S;
  amount: Cents;
}

export interface MonthBill<S extends BillableShop> {
  /** First instant of the billing month (UTC). */
  month: Date;
  chargeDate: Date;
  numWeeks: number;
  lines: BillingLine<S>[];
  value: Cents;
}

export interface NextBilling {
  billingMonth: Date;
  chargeDate: Date;
  /** Month number of the billing month, 1 (January) to 12 (December). */
  monthValue: number;
  monthDisplay: string;
  yearDisplay: string;
  chargeDateDisplay: string;
  value: Cents;
  displayValue: string;
  numWeeks: number;
}

/** The charge date of a billing month: 5 days before its 1st. */
export const chargeDateFor = (month: Date): Date =>
  addDaysUtc(monthStartUtc(month), -CHARGE_DAYS_BEFORE_MONTH);

/** The next month whose charge date is today or later. */
export function billingMonthFor(today: Date): Date {
  const day = startOfDayUtc(today);
  const next = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
  return chargeDateFor(next) >= day
    ? next
    : new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 2, 1));
}

/** Weeks billed to weekly shops for a month: its Mondays, minimum 4, maximum 5. */
export const weeksInBillingMonth = (month: Date): number => billedWeeks(mondaysInMonth(month));

/**
 * Months between charges: quarterly shops every 3 months, annual surveys (monthsPurchased 12) every
 * 12, everything else (monthly, weekly, monthly surveys) every month.
 */
export function billingIntervalMonths(shop: BillableShop): number {
  if (isSurveyType(shop.questionnaireType)) return shop.monthsPurchased === 12 ? 12 : 1;
  return shop.frequencyPeriod === 'quarter' ? 3 : 1;
}

/** Surveys are subscriptions; other shops are billed monthly only when recurring. */
export const isRecurringBilled = (shop: BillableShop): boolean =>
  isSurveyType(shop.questionnaireType) || shop.recurring;

/**
 * Whether a shop is charged for a month: it is recurring, its paid-through date is before the month
 * (account-and-reporting 4), it has started by the month's end, and the month falls on its cadence
 * counted from the start month (quarterly: the start month and every 3 months after).
 */
export function isShopBillableInMonth(shop: BillableShop, month: Date): boolean {
  if (!isRecurringBilled(shop)) return false;
  const start = parseDate(shop.startDate);
  if (!start || start > monthEndUtc(month)) return false;
  const paidThrough = parseDate(shop.paidThrough);
  if (paidThrough && paidThrough >= monthStartUtc(month)) return false;
  return monthsBetween(start, month) % billingIntervalMonths(shop) === 0;
}

/** Every billable shop's charge for the month and their sum. */
export function billMonth<S extends BillableShop>(shops: ReadonlyArray<S>, month: Date): MonthBill<S> {
  const monthStart = monthStartUtc(month);
  const numWeeks = weeksInBillingMonth(monthStart);
  const lines = shops
    .filter((shop) => isShopBillableInMonth(shop, monthStart))
    .map((shop) => ({ shop, amount: recurringCharge(shop, shop.state, numWeeks) }));
  const value = lines.reduce((sum, line) => sum + line.amount, 0);
  return { month: monthStart, chargeDate: chargeDateFor(monthStart), numWeeks, lines, value };
}

/** The next billing shown on the Recurring Orders page. */
export function nextBilling(shops: ReadonlyArray<BillableShop>, today: Date): NextBilling {
  const bill = billMonth(shops, billingMonthFor(today));
  return {
    billingMonth: bill.month,
    chargeDate: bill.chargeDate,
    monthValue: bill.month.getUTCMonth() + 1,
    monthDisplay: formatMonthName(bill.month),
    yearDisplay: String(bill.month.getUTCFullYear()),
    chargeDateDisplay: formatDateUs(bill.chargeDate),
    value: bill.value,
    displayValue: formatMoney(bill.value),
    numWeeks: bill.numWeeks,
  };
}

/**
 * The checkout charge pays a recurring shop's (or survey's) first billing interval: it is then paid
 * through the last day of that interval, counted from its (forced) start month. One-time shops are not
 * billed again, so they have no paid-through date.
 */
export function paidThroughAfterCheckout(shop: BillableShop, today: Date): string | null {
  if (!isRecurringBilled(shop)) return null;
  const start = forceStartDate(shop.startDate, isSurveyType(shop.questionnaireType), today);
  return toDateKey(monthEndUtc(addMonthsUtc(monthStartUtc(start), billingIntervalMonths(shop) - 1)));
}
