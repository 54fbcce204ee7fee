// Calendar rules in UTC. Every function takes "today" (or the dates it works on) as an argument:
// nothing here reads the clock, so server, web and tests agree on the same day.

const DAY_MS = 86_400_000;

export interface DateRange {
  start: Date;
  end: Date;
}

export const startOfDayUtc = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export const endOfDayUtc = (date: Date): Date => new Date(startOfDayUtc(date).getTime() + DAY_MS - 1);

export const addDaysUtc = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

export const monthStartUtc = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));

export const monthEndUtc = (date: Date): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) - 1);

/** Adds calendar months, clamping to the target month's last day (31 March minus 1 month is 28/29 February). */
export function addMonthsUtc(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = monthEndUtc(target).getUTCDate();
  const clamped = new Date(date.getTime());
  clamped.setUTCFullYear(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date.getUTCDate(), lastDay));
  return clamped;
}

/** Whole months from the month of `from` to the month of `to` (negative when `to` is earlier). */
export const monthsBetween = (from: Date, to: Date): number =>
  (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());

/** YYYY-MM-DD of the UTC day. */
export const toDateKey = (date: Date): string => date.toISOString().slice(0, 10);

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * The UTC day a YYYY-MM-DD text names, or null unless it is a day of the calendar from 0001-01-01 to
 * 9999-12-31: 2025-02-30, 2025-13-45 and 0000-00-00 are null, not rolled over to another day (the
 * database refuses them, and a silent roll-over would read another range than the one asked for).
 */
export function dateOfKey(text: string): Date | null {
  const match = DATE_ONLY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const days = month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1]!;
  if (day > days) return null;
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** Whether `text` is a real calendar day written YYYY-MM-DD (see dateOfKey). */
export const isDateKey = (text: string): boolean => dateOfKey(text) !== null;

/** The message of a date parameter that is not a real day, after the parameter's name. */
export const MSG_DATE_KEY_INVALID = 'must be a date as YYYY-MM-DD';

const DATE_TIME_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A Date from a stored value, or null when the value is missing or not a real date. Date-only and
 * zone-less strings are read as UTC so that the result never depends on the machine's time zone.
 */
export function parseDate(value: Date | string | null | undefined): Date | null {
  if (value == null) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const text = value.trim();
  // Roll-overs such as 2024-02-30 are not dates.
  if (DATE_ONLY.test(text)) return dateOfKey(text);
  const date = new Date(DATE_TIME_WITHOUT_ZONE.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

const isWeekday = (date: Date): boolean => date.getUTCDay() !== 0 && date.getUTCDay() !== 6;

/** The day `count` business days (Monday to Friday) after `date`, at start of day UTC. */
export function addBusinessDaysUtc(date: Date, count: number): Date {
  let day = startOfDayUtc(date);
  for (let added = 0; added < count; ) {
    day = addDaysUtc(day, 1);
    if (isWeekday(day)) added += 1;
  }
  return day;
}

/** Mystery shops need this many business days of lead time (spec: order-flow 5). */
export const SHOP_LEAD_BUSINESS_DAYS = 3;

/**
 * Minimum start date (spec: order-flow 5, admin-and-evaluation 5): for surveys today (UTC);
 * otherwise 3 business days from today, or the given date if later.
 */
export function minimumStartDate(isSurvey: boolean, today: Date, date?: Date | null): Date {
  if (isSurvey) return startOfDayUtc(today);
  const minimum = addBusinessDaysUtc(today, SHOP_LEAD_BUSINESS_DAYS);
  const given = date ? parseDate(date) : null;
  return given && startOfDayUtc(given) > minimum ? startOfDayUtc(given) : minimum;
}

/** The start date forced up to at least the minimum start date; a missing date becomes the minimum. */
export function forceStartDate(date: Date | string | null | undefined, isSurvey: boolean, today: Date): Date {
  const minimum = minimumStartDate(isSurvey, today);
  const given = parseDate(date);
  if (!given) return minimum;
  return new Date(Math.max(startOfDayUtc(given).getTime(), minimum.getTime()));
}

/** Mondays from `date` (inclusive) to the end of its month. */
export function mondaysLeftInMonth(date: Date): number {
  const day = date.getUTCDate();
  const lastDay = monthEndUtc(date).getUTCDate();
  const firstMonday = day + ((8 - date.getUTCDay()) % 7);
  return firstMonday > lastDay ? 0 : Math.floor((lastDay - firstMonday) / 7) + 1;
}

/** Mondays in the whole month of `date`. */
export const mondaysInMonth = (date: Date): number => mondaysLeftInMonth(monthStartUtc(date));

/** Weekly shops bill per Monday left in the month, with a monthly minimum of 4 and maximum of 5 weeks. */
export const MIN_BILLED_WEEKS = 4;
export const MAX_BILLED_WEEKS = 5;
export const billedWeeks = (mondays: number): number =>
  Math.min(MAX_BILLED_WEEKS, Math.max(MIN_BILLED_WEEKS, mondays));

/** Date range choices of the Performance Summary (spec: account-and-reporting 2). */
export const SUMMARY_DATE_RANGES = [
  'All Time',
  'Year to Date',
  'Past 12 Months',
  'Past 6 Months',
  'Past 3 Months',
  'Past 30 Days',
  'Custom Range',
] as const;
export type SummaryDateRange = (typeof SUMMARY_DATE_RANGES)[number];
export const DEFAULT_SUMMARY_DATE_RANGE: SummaryDateRange = 'Year to Date';

/** All Time falls back to this first day when there is no valid shop date (spec: account-and-reporting 4). */
export const ALL_TIME_FALLBACK_START = new Date(Date.UTC(2000, 0, 1));

export interface SummaryDateRangeOptions {
  today: Date;
  /** Shop dates of the loaded summary, used by All Time; invalid or missing ones are ignored. */
  shopDates?: ReadonlyArray<Date | string | null | undefined>;
  /** The picker's dates for Custom Range. */
  custom?: { start?: Date | null; end?: Date | null };
}

const dayRange = (start: Date, end: Date): DateRange => ({
  start: startOfDayUtc(start),
  end: endOfDayUtc(end),
});

/**
 * The start (start of day) and end (end of day) of a Performance Summary range (spec:
 * account-and-reporting 4). Custom Range without both picker dates is not a range yet, so it keeps the
 * default Year to Date; reversed picker dates are swapped.
 */
export function summaryDateRange(range: SummaryDateRange, options: SummaryDateRangeOptions): DateRange {
  const { today } = options;
  switch (range) {
    case 'All Time': {
      const times = (options.shopDates ?? [])
        .map(parseDate)
        .filter((d): d is Date => d !== null)
        .map((d) => d.getTime());
      if (times.length === 0) return dayRange(ALL_TIME_FALLBACK_START, today);
      return dayRange(new Date(Math.min(...times)), new Date(Math.max(...times)));
    }
    case 'Past 12 Months':
      return dayRange(addMonthsUtc(today, -12), today);
    case 'Past 6 Months':
      return dayRange(addMonthsUtc(today, -6), today);
    case 'Past 3 Months':
      return dayRange(addMonthsUtc(today, -3), today);
    case 'Past 30 Days':
      return dayRange(addDaysUtc(today, -30), today);
    case 'Custom Range': {
      const start = parseDate(options.custom?.start);
      const end = parseDate(options.custom?.end);
      if (!start || !end) return summaryDateRange(DEFAULT_SUMMARY_DATE_RANGE, options);
      return start <= end ? dayRange(start, end) : dayRange(end, start);
    }
    case 'Year to Date':
      return dayRange(new Date(Date.UTC(today.getUTCFullYear(), 0, 1)), today);
  }
}

/** Ranges of this many days or more are charted by month, shorter ones by day (spec: account-and-reporting 9). */
export const MONTHLY_CHART_THRESHOLD_DAYS = 90;

/** Whole days between start and end are counted floored, like a calendar difference. */
export const chartGranularity = (start: Date, end: Date): 'monthly' | 'daily' =>
  Math.floor((end.getTime() - start.getTime()) / DAY_MS) >= MONTHLY_CHART_THRESHOLD_DAYS
    ? 'monthly'
    : 'daily';
