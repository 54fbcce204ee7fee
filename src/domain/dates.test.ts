import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  billedWeeks,
  chartGranularity,
  DEFAULT_SUMMARY_DATE_RANGE,
  dateOfKey,
  forceStartDate,
  isDateKey,
  minimumStartDate,
  mondaysInMonth,
  mondaysLeftInMonth,
  parseDate,
  type SummaryDateRange,
  summaryDateRange,
} from './dates';

const utc = (iso: string): Date => new Date(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso);

describe('minimumStartDate', () => {
  // 2024-01-08 is a Monday.
  it.each([
    ['Monday', '2024-01-08T09:00:00Z', '2024-01-11'],
    ['Wednesday', '2024-01-10T09:00:00Z', '2024-01-15'],
    ['Wednesday late in the UTC day', '2024-01-10T23:59:00Z', '2024-01-15'],
    ['Friday', '2024-01-12T09:00:00Z', '2024-01-17'],
    ['Saturday', '2024-01-13T09:00:00Z', '2024-01-17'],
    ['Sunday', '2024-01-14T09:00:00Z', '2024-01-17'],
  ])('puts a mystery shop ordered on a %s 3 business days later', (_day, today, expected) => {
    expect(minimumStartDate(false, utc(today))).toEqual(utc(expected));
  });

  it('lets a survey start today (UTC, start of day)', () => {
    expect(minimumStartDate(true, utc('2024-01-13T18:30:00Z'))).toEqual(utc('2024-01-13'));
  });

  it.each([
    ['a later given date', '2024-01-20T15:00:00Z', '2024-01-20'],
    ['an earlier given date', '2024-01-11T15:00:00Z', '2024-01-15'],
  ])('for a mystery shop with %s returns the later of the two', (_case, given, expected) => {
    expect(minimumStartDate(false, utc('2024-01-10T09:00:00Z'), utc(given))).toEqual(utc(expected));
  });
});

describe('forceStartDate', () => {
  const today = utc('2024-01-10T09:00:00Z');
  it.each<[string, Date | string | null, boolean, string]>([
    ['raises a shop start date before the minimum to the minimum', utc('2024-01-11'), false, '2024-01-15'],
    ['keeps a later shop start date, at start of day', utc('2024-01-20T13:00:00Z'), false, '2024-01-20'],
    ['reads a date-only string as UTC', '2024-01-20', false, '2024-01-20'],
    ['gives a missing shop start date the minimum', null, false, '2024-01-15'],
    ['raises a past survey start date to today', utc('2024-01-09'), true, '2024-01-10'],
    ['keeps a survey start date of today', utc('2024-01-10T22:00:00Z'), true, '2024-01-10'],
  ])('%s', (_name, date, isSurvey, expected) => {
    expect(forceStartDate(date, isSurvey, today)).toEqual(utc(expected));
  });
});

describe('Mondays and billed weeks', () => {
  it.each([
    ['2024-01-01', 5],
    ['2024-01-02', 4],
    ['2024-01-29', 1],
    ['2024-01-30', 0],
    ['2024-02-01', 4],
    ['2024-09-15', 3],
  ])('counts the Mondays left in the month from %s as %i', (date, mondays) => {
    expect(mondaysLeftInMonth(utc(date))).toBe(mondays);
  });

  it.each([
    ['2024-01-20', 5],
    ['2024-02-20', 4],
    ['2024-09-30', 5],
  ])('counts the Mondays of the whole month of %s as %i', (date, mondays) => {
    expect(mondaysInMonth(utc(date))).toBe(mondays);
  });

  it.each([
    [0, 4],
    [1, 4],
    [4, 4],
    [5, 5],
    [6, 5],
  ])('bills %i Mondays as %i weeks (monthly minimum 4, maximum 5)', (mondays, weeks) => {
    expect(billedWeeks(mondays)).toBe(weeks);
  });
});

describe('summaryDateRange', () => {
  const today = utc('2024-05-31T15:00:00Z');
  const endOfToday = utc('2024-05-31T23:59:59.999Z');

  it('defaults to Year to Date', () => {
    expect(DEFAULT_SUMMARY_DATE_RANGE).toBe('Year to Date');
  });

  it.each<[SummaryDateRange, string]>([
    ['Year to Date', '2024-01-01'],
    ['Past 12 Months', '2023-05-31'],
    ['Past 6 Months', '2023-11-30'],
    ['Past 3 Months', '2024-02-29'],
    ['Past 30 Days', '2024-05-01'],
  ])('runs %s from the start of %s to the end of today', (range, start) => {
    expect(summaryDateRange(range, { today })).toEqual({ start: utc(start), end: endOfToday });
  });

  it('runs All Time from the earliest to the latest valid shop date', () => {
    const shopDates = ['2023-03-04', null, 'not a date', '2024-02-10T10:00:00Z', '2023-07-01'];
    expect(summaryDateRange('All Time', { today, shopDates })).toEqual({
      start: utc('2023-03-04'),
      end: utc('2024-02-10T23:59:59.999Z'),
    });
  });

  it('runs All Time from 2000-01-01 through today when no shop date is valid', () => {
    expect(summaryDateRange('All Time', { today, shopDates: ['', null] })).toEqual({
      start: utc('2000-01-01'),
      end: endOfToday,
    });
  });

  it('runs a Custom Range over whole days and swaps reversed dates', () => {
    const custom = { start: utc('2024-03-05T12:00:00Z'), end: utc('2024-03-01T08:00:00Z') };
    expect(summaryDateRange('Custom Range', { today, custom })).toEqual({
      start: utc('2024-03-01'),
      end: utc('2024-03-05T23:59:59.999Z'),
    });
  });

  it('keeps Year to Date while a Custom Range has only one date picked', () => {
    const custom = { start: utc('2024-03-05'), end: null };
    expect(summaryDateRange('Custom Range', { today, custom })).toEqual(
      summaryDateRange('Year to Date', { today }),
    );
  });
});

describe('chartGranularity', () => {
  it.each([
    ['2024-01-01', '2024-03-31T23:59:59.999Z', 'monthly'],
    ['2024-01-01', '2024-03-30T23:59:59.999Z', 'daily'],
    ['2024-01-01', '2024-03-31T00:00:00Z', 'monthly'],
    ['2024-05-01', '2024-05-31T23:59:59.999Z', 'daily'],
  ])('charts %s to %s %s (monthly from 90 days)', (start, end, granularity) => {
    expect(chartGranularity(utc(start), utc(end))).toBe(granularity);
  });

  it('charts Past 3 Months by month and Past 30 Days by day', () => {
    const today = utc('2024-05-31');
    const past3 = summaryDateRange('Past 3 Months', { today });
    const past30 = summaryDateRange('Past 30 Days', { today });
    expect(chartGranularity(past3.start, past3.end)).toBe('monthly');
    expect(chartGranularity(past30.start, past30.end)).toBe('daily');
  });
});

describe('date helpers', () => {
  it.each([
    ['2024-03-31', -1, '2024-02-29'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2023-12-15', 1, '2024-01-15'],
  ])('moves %s by %i month(s) to %s, clamping to the month end', (date, months, expected) => {
    expect(addMonthsUtc(utc(date), months)).toEqual(utc(expected));
  });

  it.each<[string | null, string | null]>([
    ['2024-01-05', '2024-01-05T00:00:00.000Z'],
    ['2024-01-05 13:00:00', '2024-01-05T13:00:00.000Z'],
    ['2024-01-05T13:00:00+02:00', '2024-01-05T11:00:00.000Z'],
    ['2024-02-30', null],
    ['nonsense', null],
    ['', null],
    [null, null],
  ])('parses %s as %s, reading zone-less text as UTC', (value, expected) => {
    expect(parseDate(value)?.toISOString() ?? null).toBe(expected);
  });

  it.each([
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2000-02-29', '2000-02-29T00:00:00.000Z'],
    ['0001-01-01', '0001-01-01T00:00:00.000Z'],
    ['0050-06-15', '0050-06-15T00:00:00.000Z'],
    ['9999-12-31', '9999-12-31T00:00:00.000Z'],
  ])('reads the calendar day %s', (text, expected) => {
    expect(dateOfKey(text)?.toISOString()).toBe(expected);
    expect(isDateKey(text)).toBe(true);
    expect(parseDate(text)?.toISOString()).toBe(expected);
  });

  it.each([
    '2025-02-30',
    '2025-02-29',
    '1900-02-29',
    '2025-04-31',
    '2025-13-45',
    '2025-00-10',
    '2025-01-00',
    '0000-00-00',
    '0000-01-01',
    '2025-1-5',
    '2025-01-05T00:00:00Z',
    ' 2025-01-05',
    '+02025-01-05',
  ])('refuses %s, which is not a calendar day as YYYY-MM-DD', (text) => {
    expect(dateOfKey(text)).toBeNull();
    expect(isDateKey(text)).toBe(false);
  });
});
