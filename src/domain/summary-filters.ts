// The Performance Summary's location, program and date-range filters (spec: account-and-reporting 2
// and 4, admin-and-evaluation 2 'Summary dashboard pieces'). Programs and locations are chosen by name,
// as the reporting API filters them (programName, locationName).
import { shopsInRange } from './csv-export';
import { chartGranularity, type DateRange, toDateKey } from './dates';

export const ALL_PROGRAMS = 'All Programs';
export const ALL_LOCATIONS = 'All Locations';

/** Under-performing questions shown (spec: account-and-reporting 9). */
export const WORST_QUESTIONS_LIMIT = 3;

export interface SummaryFilters {
  /** A program name, or ALL_PROGRAMS. */
  program: string;
  /** A location name, or ALL_LOCATIONS. */
  location: string;
}

export const DEFAULT_SUMMARY_FILTERS: SummaryFilters = { program: ALL_PROGRAMS, location: ALL_LOCATIONS };

/** A summary record (shop, section or a group of them) as far as the filters read it. */
export interface FilterableRecord {
  shop_date?: string | Date | null;
  program_name?: string | null;
  /** Location name. */
  name?: string | null;
}

const distinctSorted = (names: ReadonlyArray<string | null | undefined>): string[] =>
  [...new Set(names.filter((n): n is string => !!n))].sort((a, b) => a.localeCompare(b));

/** Program choices: the programs with shops in the range. */
export const programChoices = (shops: ReadonlyArray<FilterableRecord>, range: DateRange): string[] =>
  distinctSorted(shopsInRange(shops, range).map((s) => s.program_name));

/** Location choices: the locations with shops in the range, of the chosen program unless All. */
export const locationChoices = (
  shops: ReadonlyArray<FilterableRecord>,
  range: DateRange,
  program: string,
): string[] =>
  distinctSorted(
    shopsInRange(shops, range)
      .filter((s) => program === ALL_PROGRAMS || s.program_name === program)
      .map((s) => s.name),
  );

/**
 * The filters with any choice that is no longer available reset to its All value: the program when
 * the range has no shop of it, then the location when the range and program have none there.
 */
export function resolveFilters(
  filters: SummaryFilters,
  shops: ReadonlyArray<FilterableRecord>,
  range: DateRange,
): SummaryFilters {
  const program =
    filters.program !== ALL_PROGRAMS && !programChoices(shops, range).includes(filters.program)
      ? ALL_PROGRAMS
      : filters.program;
  const location =
    filters.location !== ALL_LOCATIONS && !locationChoices(shops, range, program).includes(filters.location)
      ? ALL_LOCATIONS
      : filters.location;
  return program === filters.program && location === filters.location ? filters : { program, location };
}

/** Records in the range that match the filters; `ignoreProgram` keeps every program (program cards). */
export function filterRecords<R extends FilterableRecord>(
  records: ReadonlyArray<R>,
  range: DateRange,
  filters: SummaryFilters,
  options: { ignoreProgram?: boolean } = {},
): R[] {
  return shopsInRange(records, range).filter(
    (r) =>
      (options.ignoreProgram || filters.program === ALL_PROGRAMS || r.program_name === filters.program) &&
      (filters.location === ALL_LOCATIONS || r.name === filters.location),
  );
}

export const filtersAtDefaults = (filters: SummaryFilters): boolean =>
  filters.program === ALL_PROGRAMS && filters.location === ALL_LOCATIONS;

export interface FilterChip {
  key: keyof SummaryFilters;
  label: string;
}

/** The removable chips of the Active Filters bar: one per filter that is not at its All value. */
export function activeFilterChips(filters: SummaryFilters): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.program !== ALL_PROGRAMS) chips.push({ key: 'program', label: filters.program });
  if (filters.location !== ALL_LOCATIONS) chips.push({ key: 'location', label: filters.location });
  return chips;
}

/** The filters with one of them back at its All value (a chip's remove button). */
export const clearFilter = (filters: SummaryFilters, key: keyof SummaryFilters): SummaryFilters =>
  key === 'program' ? { ...filters, program: ALL_PROGRAMS } : { ...filters, location: ALL_LOCATIONS };

/** The range as the reporting API's startDate and endDate (YYYY-MM-DD). */
export const rangeParams = (range: DateRange) => ({
  startDate: toDateKey(range.start),
  endDate: toDateKey(range.end),
});

/** The chosen program and location as programName and locationName, omitted when All. */
const namedFilterParams = (filters: SummaryFilters) => ({
  ...(filters.program === ALL_PROGRAMS ? {} : { programName: filters.program }),
  ...(filters.location === ALL_LOCATIONS ? {} : { locationName: filters.location }),
});

/** Query parameters of /api/summary/worstQuestions: dates as YYYY-MM-DD, All filters omitted. */
export const worstQuestionsParams = (range: DateRange, filters: SummaryFilters) => ({
  ...rangeParams(range),
  limit: WORST_QUESTIONS_LIMIT,
  ...namedFilterParams(filters),
});

/**
 * The reporting API's groupings of summary records (groupBy): per program, location and month or day;
 * per program and location over the whole range; per program and month or day over all locations (or
 * the one named).
 */
export const SUMMARY_GROUPINGS = ['month', 'day', 'location', 'programMonth', 'programDay'] as const;
export type SummaryGrouping = (typeof SUMMARY_GROUPINGS)[number];

/** The period a grouping sums by, or null when it sums the whole range. */
export const groupingPeriod = (grouping: SummaryGrouping): 'month' | 'day' | null =>
  grouping === 'month' || grouping === 'programMonth'
    ? 'month'
    : grouping === 'day' || grouping === 'programDay'
      ? 'day'
      : null;

/** Whether a grouping keeps each location's shops apart. */
export const groupingPerLocation = (grouping: SummaryGrouping): boolean =>
  grouping === 'month' || grouping === 'day' || grouping === 'location';

/** The chart's period: by month when its chart is monthly, by day otherwise. */
export const summaryGrouping = (range: DateRange): 'month' | 'day' =>
  chartGranularity(range.start, range.end) === 'monthly' ? 'month' : 'day';

/**
 * Query parameters of the Performance Summary's shops: one record per program and location over the
 * range, from which its cards, board and choices are summed (a chain's thousand locations over five
 * years are 3,000 records this way, against one per location and month otherwise). Without a range
 * (All Time) every shop counts, and the records' first and last shop dates give the range.
 */
export const summaryShopsParams = (range: DateRange | null) => ({
  ...(range ? rangeParams(range) : {}),
  groupBy: 'location' as const,
});

/** Query parameters of the chart's shops: one program (and location, unless All) per period. */
export const summaryChartParams = (range: DateRange, program: string, filters: SummaryFilters) => ({
  ...rangeParams(range),
  groupBy: summaryGrouping(range) === 'month' ? ('programMonth' as const) : ('programDay' as const),
  ...namedFilterParams({ ...filters, program }),
});

/** Query parameters of the chart's sections: one program (and location, unless All), grouped per period. */
export const summarySectionsParams = (range: DateRange, program: string, filters: SummaryFilters) => ({
  ...rangeParams(range),
  groupBy: summaryGrouping(range),
  ...namedFilterParams({ ...filters, program }),
});

/** Every date a set of summary records spans (first and, of a group, last shop dates): All Time's range. */
export const recordDates = (
  records: ReadonlyArray<{ shop_date?: string | Date | null; last_shop_date?: string | Date | null }>,
) => records.flatMap((r) => [r.shop_date, r.last_shop_date]).filter((d) => d != null);
