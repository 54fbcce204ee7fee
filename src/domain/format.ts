// Display and input formatting shared by server (e-mails, CSV) and web. Dates are shown in UTC;
// calendar dates ('YYYY-MM-DD', entered as a day) as entered, never through a Date.
import { parseDate } from './dates';
import type { Cents, FrequencyPeriod, QuestionnaireType } from './types';

/**
 * US phone input as typed (spec: order-flow 5): digits only, up to 10 digits, or 11 when the first is 1,
 * shown as (xxx)-xxx-xxxx or 1-(xxx)-xxx-xxxx. Partial input is formatted progressively and never ends
 * in a separator, so deleting a character always removes a digit.
 */
export function formatPhoneInput(input: string): string {
  const allDigits = input.replace(/\D/g, '');
  const longDistance = allDigits.startsWith('1');
  const digits = allDigits.slice(0, longDistance ? 11 : 10);
  const national = longDistance ? digits.slice(1) : digits;
  const prefix = longDistance ? (national.length > 0 ? '1-' : '1') : '';
  const area = national.slice(0, 3);
  const exchange = national.slice(3, 6);
  const line = national.slice(6);
  if (national.length === 0) return prefix;
  if (national.length <= 3) return `${prefix}(${area}`;
  if (national.length <= 6) return `${prefix}(${area})-${exchange}`;
  return `${prefix}(${area})-${exchange}-${line}`;
}

/**
 * Bulk address text to geocodable lines (spec: order-flow 5): tabs become spaces, runs of spaces
 * collapse to one, and only lines longer than one character are kept.
 */
export const normalizeAddressLines = (text: string): string[] =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\t/g, ' ').replace(/ {2,}/g, ' ').trim())
    .filter((line) => line.length > 1);

/** Default bulk row name: its position number starting at 1 (spec: order-flow 5). */
export const bulkRowDefaultName = (index: number): string => String(index + 1);

/**
 * Default name for a new location (spec: order-flow 9): '1' first; a numeric previous name is
 * incremented by one; otherwise the next location id from the server is used.
 */
export function nextDefaultLocationName(
  previousName: string | null | undefined,
  nextLocationId: string | number,
): string {
  const previous = previousName?.trim() ?? '';
  if (previous === '') return '1';
  if (/^\d+$/.test(previous)) return String(Number(previous) + 1);
  return String(nextLocationId);
}

// Made on first use: building an Intl formatter loads its locale's data (tens of milliseconds on a phone,
// in the task that evaluates this module), and whole cents never need it.
let usd: Intl.NumberFormat | null = null;
const USD = () => (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** Below this many cents, cents / 100 is close enough to its decimal that Intl writes what we would. */
const MONEY_EXACT = 1e13;

/**
 * '$1,234.50' from 123450 cents ('-$1,234.50' below zero), as Intl's en-US dollars write it. Whole cents
 * are written directly: an order query formats dozens of amounts, and Intl's formatter costs about a
 * microsecond each. Anything else (a fraction of a cent, a hundred billion dollars) goes to Intl, which
 * rounds it. Unlike Intl, a negative zero is '$0.00'.
 */
export function formatMoney(cents: Cents): string {
  if (!Number.isInteger(cents) || Math.abs(cents) >= MONEY_EXACT) return USD().format(cents / 100);
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = abs % 100;
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest < 10 ? '0' : ''}${rest}`;
}

/** The months' names, January first. */
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const pad2 = (n: number): string => String(n).padStart(2, '0');
type DateInput = Date | string | null | undefined;

/** Formats a valid date, or returns '' for a missing or invalid one. */
const withDate = (value: DateInput, format: (date: Date) => string): string => {
  const date = parseDate(value);
  return date ? format(date) : '';
};

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const isLeapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, m: number) =>
  m === 2 ? (isLeapYear(y) ? 29 : 28) : [4, 6, 9, 11].includes(m) ? 30 : 31;

/**
 * A calendar date as entered ('YYYY-MM-DD', like the date of a visit) as 'MM/DD/YYYY', or with 'long'
 * as 'MMMM DD, YYYY'. Read from its digits, never through a Date, so it shows the day that was entered
 * whatever the time zone of the server or of the reader. '' for anything that is not a calendar date.
 */
export function formatCalendarDate(value: string | null | undefined, style: 'us' | 'long' = 'us'): string {
  const match = CALENDAR_DATE.exec(value?.trim() ?? '');
  if (!match) return '';
  const [, year, month, day] = match as unknown as [string, string, string, string];
  const m = Number(month);
  if (m < 1 || m > 12 || Number(day) < 1 || Number(day) > daysInMonth(Number(year), m)) return '';
  return style === 'long' ? `${MONTHS[m - 1]} ${day}, ${year}` : `${month}/${day}/${year}`;
}

/** 'December' (UTC). */
export const formatMonthName = (value: DateInput): string =>
  withDate(value, (d) => MONTHS[d.getUTCMonth()] ?? '');

const isCalendarDate = (value: DateInput): value is string =>
  typeof value === 'string' && CALENDAR_DATE.test(value.trim());

/** MM/DD/YYYY in UTC: invoices, start dates, the orders list and charge dates; a calendar date as entered. */
export const formatDateUs = (value: DateInput): string =>
  isCalendarDate(value)
    ? formatCalendarDate(value)
    : withDate(value, (d) => `${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())}/${d.getUTCFullYear()}`);

/** 'MM/DD/YYYY HH:MM' in UTC (say so where it is shown): when something happened, to the minute. */
export const formatDateTimeUs = (value: DateInput): string =>
  withDate(value, (d) => `${formatDateUs(d)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`);

/** 'MMMM DD, YYYY' like 'January 05, 2024': order dates. */
export const formatLongDate = (value: DateInput): string =>
  isCalendarDate(value)
    ? formatCalendarDate(value, 'long')
    : withDate(value, (d) => `${formatMonthName(d)} ${pad2(d.getUTCDate())}, ${d.getUTCFullYear()}`);

/** 'MMM D' like 'Jan 5': the last shop date of a program card. */
export const formatShortDate = (value: DateInput): string =>
  withDate(value, (d) => `${formatMonthName(d).slice(0, 3)} ${d.getUTCDate()}`);

export interface FeeSubject {
  questionnaireType: QuestionnaireType;
  monthsPurchased?: number | null;
}

const isAnnualSurvey = ({ questionnaireType, monthsPurchased }: FeeSubject): boolean =>
  questionnaireType === 'customerSurvey' && monthsPurchased === 12;

/** Fee suffix (spec: order-flow 9): surveys '/year' when monthsPurchased is 12, else '/month'; shops '/shop'. */
export function feeSuffix(subject: FeeSubject): '/year' | '/month' | '/shop' {
  if (subject.questionnaireType !== 'customerSurvey') return '/shop';
  return isAnnualSurvey(subject) ? '/year' : '/month';
}

/** Fee unit of a recurring order row (spec: account-and-reporting 2): 'Shop', 'Year' or 'Month'. */
export function feeUnit(subject: FeeSubject): 'Shop' | 'Year' | 'Month' {
  if (subject.questionnaireType !== 'customerSurvey') return 'Shop';
  return isAnnualSurvey(subject) ? 'Year' : 'Month';
}

/** 'per week'; the period defaults to month. */
export const perPeriod = (period?: FrequencyPeriod | null): string => `per ${period ?? 'month'}`;

/** customerSurvey is 'Customer Survey'; any other type is 'Mystery Shop' (spec: admin-and-evaluation 4). */
export const questionnaireTypeLabel = (
  type: string | null | undefined,
): 'Customer Survey' | 'Mystery Shop' => (type === 'customerSurvey' ? 'Customer Survey' : 'Mystery Shop');

const KEBAB_TO_TYPE = { 'mystery-shop': 'mysteryShop', 'customer-survey': 'customerSurvey' } as const;
export type QuestionnaireTypeSlug = keyof typeof KEBAB_TO_TYPE;

/** Route segment to questionnaire type ('mystery-shop' -> 'mysteryShop'); null for anything else. */
export const questionnaireTypeFromSlug = (slug: string | null | undefined): QuestionnaireType | null =>
  slug != null && Object.hasOwn(KEBAB_TO_TYPE, slug) ? KEBAB_TO_TYPE[slug as QuestionnaireTypeSlug] : null;

/** Questionnaire type to its route segment ('customerSurvey' -> 'customer-survey'). */
export const questionnaireTypeToSlug = (type: QuestionnaireType): QuestionnaireTypeSlug =>
  type === 'customerSurvey' ? 'customer-survey' : 'mystery-shop';
