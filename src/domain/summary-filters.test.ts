import { describe, expect, it } from 'vitest';
import {
  ALL_LOCATIONS,
  ALL_PROGRAMS,
  activeFilterChips,
  clearFilter,
  DEFAULT_SUMMARY_FILTERS,
  filterRecords,
  filtersAtDefaults,
  groupingPeriod,
  groupingPerLocation,
  locationChoices,
  programChoices,
  recordDates,
  resolveFilters,
  SUMMARY_GROUPINGS,
  summaryChartParams,
  summaryGrouping,
  summarySectionsParams,
  summaryShopsParams,
  worstQuestionsParams,
} from './summary-filters';

const range = (from: string, to: string) => ({
  start: new Date(`${from}T00:00:00.000Z`),
  end: new Date(`${to}T23:59:59.999Z`),
});
const shop = (id: number, shop_date: string, program_name: string, name: string) => ({
  shop_id: id,
  shop_date,
  program_name,
  name,
});
const shops = [
  shop(1, '2024-01-10', 'Lunch', 'Downtown'),
  shop(2, '2024-02-10', 'Lunch', 'Airport'),
  shop(3, '2024-03-10', 'Dinner', 'Mall'),
  shop(4, '2024-03-31', 'Dinner', 'Downtown'),
  shop(5, '2023-12-31', 'Breakfast', 'Harbor'),
];
const q1 = range('2024-01-01', '2024-03-31');

describe('filter choices', () => {
  it('offers the programs with shops in the date range', () => {
    expect(programChoices(shops, q1)).toEqual(['Dinner', 'Lunch']);
    expect(programChoices(shops, range('2023-12-31', '2023-12-31'))).toEqual(['Breakfast']);
  });

  it('offers the locations of the range and of the chosen program', () => {
    expect(locationChoices(shops, q1, ALL_PROGRAMS)).toEqual(['Airport', 'Downtown', 'Mall']);
    expect(locationChoices(shops, q1, 'Dinner')).toEqual(['Downtown', 'Mall']);
    expect(locationChoices(shops, range('2024-02-01', '2024-02-29'), 'Dinner')).toEqual([]);
  });
});

describe('resolveFilters', () => {
  it.each([
    [
      'keeps available choices',
      { program: 'Dinner', location: 'Mall' },
      q1,
      { program: 'Dinner', location: 'Mall' },
    ],
    [
      'resets a program without shops in the range',
      { program: 'Breakfast', location: ALL_LOCATIONS },
      q1,
      { program: ALL_PROGRAMS, location: ALL_LOCATIONS },
    ],
    [
      'resets a location the program has no shop at',
      { program: 'Dinner', location: 'Airport' },
      q1,
      { program: 'Dinner', location: ALL_LOCATIONS },
    ],
    [
      'resets a location without shops in the range',
      { program: ALL_PROGRAMS, location: 'Mall' },
      range('2024-01-01', '2024-02-29'),
      { program: ALL_PROGRAMS, location: ALL_LOCATIONS },
    ],
    [
      'resets both when the range empties them',
      { program: 'Lunch', location: 'Airport' },
      range('2025-01-01', '2025-12-31'),
      DEFAULT_SUMMARY_FILTERS,
    ],
    [
      'keeps a location the reset program (All) still has',
      { program: 'Breakfast', location: 'Downtown' },
      q1,
      { program: ALL_PROGRAMS, location: 'Downtown' },
    ],
  ])('%s', (_name, filters, r, expected) => {
    expect(resolveFilters(filters, shops, r)).toEqual(expected);
  });

  it('returns the same object when nothing resets, so state does not churn', () => {
    const filters = { program: 'Lunch', location: ALL_LOCATIONS };
    expect(resolveFilters(filters, shops, q1)).toBe(filters);
  });
});

describe('filterRecords', () => {
  it('keeps records in the range, both ends inclusive, matching program and location', () => {
    const ids = (records: { shop_id: number }[]) => records.map((r) => r.shop_id);
    expect(ids(filterRecords(shops, q1, DEFAULT_SUMMARY_FILTERS))).toEqual([1, 2, 3, 4]);
    expect(ids(filterRecords(shops, q1, { program: 'Dinner', location: ALL_LOCATIONS }))).toEqual([3, 4]);
    expect(ids(filterRecords(shops, q1, { program: ALL_PROGRAMS, location: 'Downtown' }))).toEqual([1, 4]);
    expect(ids(filterRecords(shops, q1, { program: 'Lunch', location: 'Downtown' }))).toEqual([1]);
  });

  it('can ignore the program filter (the program cards always show every program)', () => {
    const filters = { program: 'Lunch', location: 'Downtown' };
    expect(filterRecords(shops, q1, filters, { ignoreProgram: true }).map((r) => r.shop_id)).toEqual([1, 4]);
  });
});

describe('active filters', () => {
  it('shows no chip at the defaults', () => {
    expect(filtersAtDefaults(DEFAULT_SUMMARY_FILTERS)).toBe(true);
    expect(activeFilterChips(DEFAULT_SUMMARY_FILTERS)).toEqual([]);
  });

  it('shows a chip per filter off its All value, program first', () => {
    const filters = { program: 'Lunch', location: 'Airport' };
    expect(filtersAtDefaults(filters)).toBe(false);
    expect(activeFilterChips(filters)).toEqual([
      { key: 'program', label: 'Lunch' },
      { key: 'location', label: 'Airport' },
    ]);
    expect(clearFilter(filters, 'program')).toEqual({ program: ALL_PROGRAMS, location: 'Airport' });
    expect(clearFilter(filters, 'location')).toEqual({ program: 'Lunch', location: ALL_LOCATIONS });
  });
});

describe('worstQuestionsParams', () => {
  it('sends YYYY-MM-DD dates and limit 3, and leaves All filters out', () => {
    expect(worstQuestionsParams(q1, DEFAULT_SUMMARY_FILTERS)).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-03-31',
      limit: 3,
    });
    expect(worstQuestionsParams(q1, { program: 'Lunch', location: 'Mall' })).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-03-31',
      limit: 3,
      programName: 'Lunch',
      locationName: 'Mall',
    });
  });
});

describe('the grouped summary calls', () => {
  it('group by month from 90 days, by day below, with the range as YYYY-MM-DD', () => {
    expect(summaryGrouping(range('2024-01-01', '2024-03-31'))).toBe('month');
    expect(summaryGrouping(range('2024-01-01', '2024-03-30'))).toBe('day');
    expect(summaryShopsParams(q1)).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-03-31',
      groupBy: 'location',
    });
    expect(summaryShopsParams(null)).toEqual({ groupBy: 'location' });
  });

  it('ask for the chart program’s shops per period over all locations, or the chosen one', () => {
    expect(summaryChartParams(q1, 'Lunch', DEFAULT_SUMMARY_FILTERS)).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-03-31',
      groupBy: 'programMonth',
      programName: 'Lunch',
    });
    expect(
      summaryChartParams(range('2024-03-01', '2024-03-31'), 'Lunch', {
        program: ALL_PROGRAMS,
        location: 'Mall',
      }),
    ).toEqual(expect.objectContaining({ groupBy: 'programDay', programName: 'Lunch', locationName: 'Mall' }));
  });

  it('name each grouping’s period and whether it keeps locations apart', () => {
    expect(SUMMARY_GROUPINGS.map((g) => [g, groupingPeriod(g), groupingPerLocation(g)])).toEqual([
      ['month', 'month', true],
      ['day', 'day', true],
      ['location', null, true],
      ['programMonth', 'month', false],
      ['programDay', 'day', false],
    ]);
  });

  it('ask for the chart program’s sections, at the chosen location unless All', () => {
    expect(summarySectionsParams(q1, 'Lunch', DEFAULT_SUMMARY_FILTERS)).toEqual({
      startDate: '2024-01-01',
      endDate: '2024-03-31',
      groupBy: 'month',
      programName: 'Lunch',
    });
    expect(summarySectionsParams(q1, 'Lunch', { program: ALL_PROGRAMS, location: 'Mall' })).toEqual(
      expect.objectContaining({ programName: 'Lunch', locationName: 'Mall' }),
    );
  });

  it('span every first and last shop date of the records (All Time)', () => {
    expect(
      recordDates([
        { shop_date: '2024-01-03', last_shop_date: '2024-01-29' },
        { shop_date: '2024-02-01', last_shop_date: null },
      ]),
    ).toEqual(['2024-01-03', '2024-01-29', '2024-02-01']);
  });
});
