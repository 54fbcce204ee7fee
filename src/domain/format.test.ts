import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bulkRowDefaultName,
  type FeeSubject,
  feeSuffix,
  feeUnit,
  formatCalendarDate,
  formatDateTimeUs,
  formatDateUs,
  formatLongDate,
  formatMoney,
  formatMonthName,
  formatPhoneInput,
  formatShortDate,
  nextDefaultLocationName,
  normalizeAddressLines,
  perPeriod,
  questionnaireTypeFromSlug,
  questionnaireTypeLabel,
  questionnaireTypeToSlug,
} from './format';

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '(5'],
    ['555', '(555'],
    ['5551', '(555)-1'],
    ['555123', '(555)-123'],
    ['5551234', '(555)-123-4'],
    ['5551234567', '(555)-123-4567'],
    ['55512345678', '(555)-123-4567'],
    ['(555) 123-4567', '(555)-123-4567'],
    ['abc', ''],
  ])('shows 10-digit input %j as %j', (input, shown) => {
    expect(formatPhoneInput(input)).toBe(shown);
  });

  it.each([
    ['1', '1'],
    ['15', '1-(5'],
    ['1555', '1-(555'],
    ['1555123', '1-(555)-123'],
    ['15551234567', '1-(555)-123-4567'],
    ['155512345678', '1-(555)-123-4567'],
    ['+1 555 123 4567', '1-(555)-123-4567'],
  ])('shows input %j starting with 1 as %j, up to 11 digits', (input, shown) => {
    expect(formatPhoneInput(input)).toBe(shown);
  });

  it('formats its own output to the same text', () => {
    for (const text of ['(555)-123-4567', '1-(555)-123-4567', '(555)-1']) {
      expect(formatPhoneInput(text)).toBe(text);
    }
  });
});

describe('normalizeAddressLines', () => {
  it('turns tabs into spaces, collapses runs of spaces and keeps only lines longer than one character', () => {
    const pasted = '123 Main St\tSpringfield\t IL  62701\r\n\n  x \n 1 Elm   Rd, Reno NV  \n\t\n';
    expect(normalizeAddressLines(pasted)).toEqual(['123 Main St Springfield IL 62701', '1 Elm Rd, Reno NV']);
  });

  it('keeps a two-character line', () => {
    expect(normalizeAddressLines('ab\nc')).toEqual(['ab']);
  });
});

describe('default location names', () => {
  it.each<[string | null | undefined, string]>([
    [undefined, '1'],
    ['', '1'],
    ['1', '2'],
    ['9', '10'],
    ['41', '42'],
    ['Downtown', '17'],
    ['12B', '17'],
  ])('after %j the next default name is %j (next location id 17)', (previous, next) => {
    expect(nextDefaultLocationName(previous, 17)).toBe(next);
  });

  it('names bulk rows by position starting at 1', () => {
    expect([0, 1, 2].map(bulkRowDefaultName)).toEqual(['1', '2', '3']);
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [123450, '$1,234.50'],
    [123400, '$1,234.00'],
    [100000000, '$1,000,000.00'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });

  it('writes every amount as Intl writes en-US dollars, below zero and in fractions of a cent too', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.integer({ min: -(10 ** 13), max: 10 ** 13 }),
          fc.constantFrom(10 ** 13 - 1, -(10 ** 13) + 1, 10 ** 13, 2 ** 53 - 1),
          fc.double({ min: -1e7, max: 1e7, noNaN: true }).filter((x) => !Object.is(x, -0)),
        ),
        (cents) => {
          expect(formatMoney(cents)).toBe(intl.format(cents / 100));
        },
      ),
      { numRuns: 5000 },
    );
    // Where Intl writes '-$0.00', a negative zero is no amount below zero.
    expect(formatMoney(-0)).toBe('$0.00');
  });
});

describe('date formats (UTC)', () => {
  it.each([
    ['2024-01-05T00:30:00Z', '01/05/2024', 'January 05, 2024', 'Jan 5', 'January'],
    ['2024-12-31T23:59:59Z', '12/31/2024', 'December 31, 2024', 'Dec 31', 'December'],
    ['2023-09-09', '09/09/2023', 'September 09, 2023', 'Sep 9', 'September'],
  ])('formats %s as %s, %s, %s and %s', (iso, us, long, short, month) => {
    expect(formatDateUs(iso)).toBe(us);
    expect(formatLongDate(new Date(iso))).toBe(long);
    expect(formatShortDate(iso)).toBe(short);
    expect(formatMonthName(iso)).toBe(month);
  });

  it.each([
    ['2024-01-05T00:30:00Z', '01/05/2024 00:30'],
    ['2024-12-31T23:59:59.999Z', '12/31/2024 23:59'],
    ['2024-07-04T09:05:00-05:00', '07/04/2024 14:05'],
  ])('formats %s to the minute as %s', (iso, shown) => {
    expect(formatDateTimeUs(iso)).toBe(shown);
  });

  it('shows nothing for a missing or invalid date', () => {
    expect([formatDateUs(null), formatLongDate('nope'), formatShortDate(undefined)]).toEqual(['', '', '']);
    expect([formatDateTimeUs(null), formatDateTimeUs('nope')]).toEqual(['', '']);
  });
});

describe('calendar dates, as entered in any time zone', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  // Los Angeles is behind UTC and Auckland ahead of it (minutes, as getTimezoneOffset says in November).
  it.each([
    ['America/Los_Angeles', 480],
    ['Pacific/Auckland', -780],
    ['UTC', 0],
  ])('shows 2026-11-27 as 11/27/2026 and November 27, 2026 in %s', (timeZone, offset) => {
    process.env.TZ = timeZone;
    // The zone is in force: a Date of that day is not at UTC midnight here.
    expect(new Date(2026, 10, 27).getTimezoneOffset()).toBe(offset);
    for (const date of ['2026-11-27', '2026-11-27 ']) {
      expect(formatCalendarDate(date)).toBe('11/27/2026');
      expect(formatCalendarDate(date, 'long')).toBe('November 27, 2026');
      expect(formatDateUs(date)).toBe('11/27/2026');
      expect(formatLongDate(date)).toBe('November 27, 2026');
    }
    expect(formatCalendarDate('2024-02-29')).toBe('02/29/2024');
    expect(formatCalendarDate('2026-01-01', 'long')).toBe('January 01, 2026');
  });

  it('shows nothing for what is not a calendar date', () => {
    for (const bad of [
      null,
      undefined,
      '',
      '2026-11-31',
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '11/27/2026',
      '2026-11-27T00:00:00Z',
    ]) {
      expect(formatCalendarDate(bad)).toBe('');
    }
  });
});

describe('fee suffixes and units', () => {
  it.each<[FeeSubject, string, string]>([
    [{ questionnaireType: 'customerSurvey', monthsPurchased: 12 }, '/year', 'Year'],
    [{ questionnaireType: 'customerSurvey', monthsPurchased: 1 }, '/month', 'Month'],
    [{ questionnaireType: 'customerSurvey', monthsPurchased: 6 }, '/month', 'Month'],
    [{ questionnaireType: 'customerSurvey' }, '/month', 'Month'],
    [{ questionnaireType: 'mysteryShop', monthsPurchased: 12 }, '/shop', 'Shop'],
  ])('%j has suffix %s and unit %s', (subject, suffix, unit) => {
    expect(feeSuffix(subject)).toBe(suffix);
    expect(feeUnit(subject)).toBe(unit);
  });

  it.each([
    ['week', 'per week'],
    ['month', 'per month'],
    ['quarter', 'per quarter'],
    [undefined, 'per month'],
    [null, 'per month'],
  ] as const)('shows frequency %s as %j', (period, shown) => {
    expect(perPeriod(period)).toBe(shown);
  });
});

describe('questionnaire types', () => {
  it.each([
    ['customerSurvey', 'Customer Survey'],
    ['mysteryShop', 'Mystery Shop'],
    ['anything else', 'Mystery Shop'],
    [null, 'Mystery Shop'],
  ])('labels %s as %s', (type, label) => {
    expect(questionnaireTypeLabel(type)).toBe(label);
  });

  it.each([
    ['mystery-shop', 'mysteryShop'],
    ['customer-survey', 'customerSurvey'],
  ] as const)('maps route segment %s to %s and back', (slug, type) => {
    expect(questionnaireTypeFromSlug(slug)).toBe(type);
    expect(questionnaireTypeToSlug(type)).toBe(slug);
  });

  it.each(['mysteryShop', 'Mystery-Shop', 'toString', '', undefined])('rejects route segment %j', (slug) => {
    expect(questionnaireTypeFromSlug(slug)).toBeNull();
  });
});
