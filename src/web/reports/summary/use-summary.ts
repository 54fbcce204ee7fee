import { useEffect, useMemo, useState } from 'react';
import {
  DEFAULT_SUMMARY_DATE_RANGE,
  DEFAULT_SUMMARY_FILTERS,
  filterRecords,
  locationChoices,
  programChoices,
  programView,
  recordDates,
  resolveFilters,
  type SummaryDateRange,
  type SummaryFilters,
  shopsInRange,
  summaryChartParams,
  summaryDateRange,
  summarySectionsParams,
  summaryShopsParams,
  toDateKey,
  worstQuestionsParams,
} from '../../../domain';
import { type ReportScope, useReportingParties, useReportRegions } from '../report-scope';
import type { SummarySectionGroupRow, SummaryShopGroupRow, WorstQuestionRow } from '../report-types';
import { type ReportingPath, type ReportingRequest, useReport } from '../reporting-client';

/** The call for the shops of a range (null: every shop, for All Time). */
const rangeShopsRequest = (parties: ReportingRequest, range: Parameters<typeof summaryShopsParams>[0]) => ({
  ...parties,
  ...summaryShopsParams(range),
});

/** The call for the worst questions of a range and filters. */
const worstQuestionsRequest = (
  parties: ReportingRequest,
  range: Parameters<typeof worstQuestionsParams>[0],
  filters: SummaryFilters,
) => ({ ...parties, ...worstQuestionsParams(range, filters) });

/**
 * The calls the summary makes first, with its defaults (the default range, every program and location,
 * no region), built as useSummary builds them: the dashboard starts them before the summary renders
 * (dashboard-reports.tsx), and useSummary's first calls take their answers. The default range is Year
 * to Date, which needs no shop dates (All Time would: e2e/reports.spec.ts then sees each call twice).
 */
export function firstSummaryRequests(
  parties: ReportingRequest,
  today: Date,
): [ReportingPath, ReportingRequest][] {
  const range = summaryDateRange(DEFAULT_SUMMARY_DATE_RANGE, { today });
  return [
    ['/api/summary/shops', rangeShopsRequest(parties, range)],
    ['/api/summary/worstQuestions', worstQuestionsRequest(parties, range, DEFAULT_SUMMARY_FILTERS)],
  ];
}

/** A picker value: two YYYY-MM-DD days, either missing while a range is being picked. */
export type PickedDates = [string | null, string | null];

/**
 * The Performance Summary's data and filters (account-and-reporting 4). The shops of the range come
 * summed per program and location, so any range is one record per program and location (a chain's
 * 1,000 locations: a few thousand); the filters, cards and board pick from them here. All Time asks
 * for every shop (its range is the records' span). The chart's shops per period and its sections,
 * and the worst questions, are asked for per filter.
 */
export function useSummary(scope: ReportScope) {
  const caller = useReportingParties(scope);
  const regions = useReportRegions(scope);
  // The Region filter: every call (and the CSV) asks the server for that region's locations only.
  const [regionId, setRegionId] = useState<string | null>(null);
  const parties: ReportingRequest | null = caller && (regionId ? { ...caller, regionId } : caller);
  const [today] = useState(() => new Date());
  const [rangeChoice, setRangeChoice] = useState<SummaryDateRange>(DEFAULT_SUMMARY_DATE_RANGE);
  const [custom, setCustom] = useState<PickedDates>([null, null]);
  const [chosen, setFilters] = useState<SummaryFilters>(DEFAULT_SUMMARY_FILTERS);

  const allTime = rangeChoice === 'All Time';
  // All Time asks for every shop: its records' first and last shop dates give the range.
  const allTimeShops = useReport<SummaryShopGroupRow>(
    '/api/summary/shops',
    parties && allTime ? rangeShopsRequest(parties, null) : null,
  );
  const range = useMemo(
    () =>
      summaryDateRange(rangeChoice, {
        today,
        shopDates: recordDates(allTimeShops.rows),
        custom: {
          start: custom[0] ? new Date(custom[0]) : null,
          end: custom[1] ? new Date(custom[1]) : null,
        },
      }),
    [rangeChoice, today, allTimeShops.rows, custom],
  );
  const rangeKnown = !(allTime && allTimeShops.loading);
  const rangeShops = useReport<SummaryShopGroupRow>(
    '/api/summary/shops',
    parties && !allTime ? rangeShopsRequest(parties, range) : null,
  );
  const shops = allTime ? allTimeShops : rangeShops;
  const loading = !parties || !rangeKnown || shops.loading;

  // A program or location that the range (or program) no longer has resets to its All value.
  const filters = useMemo(
    () => (loading ? chosen : resolveFilters(chosen, shops.rows, range)),
    [loading, chosen, shops.rows, range],
  );
  useEffect(() => {
    if (filters !== chosen) setFilters(filters);
  }, [filters, chosen]);

  const view = useMemo(
    () => ({
      inRange: shopsInRange(shops.rows, range),
      programs: programChoices(shops.rows, range),
      locations: locationChoices(shops.rows, range, filters.program),
      shops: filterRecords(shops.rows, range, filters),
      /** Program cards show every program of the range at the chosen location. */
      cardShops: filterRecords(shops.rows, range, filters, { ignoreProgram: true }),
    }),
    [shops.rows, range, filters],
  );

  // The chart's program: its sections are asked for only while a chart is shown.
  const chart = loading ? null : programView(filters.program, view.programs);
  const sections = useReport<SummarySectionGroupRow>(
    '/api/summary/sectionHeaders',
    parties && chart?.kind === 'chart'
      ? { ...parties, ...summarySectionsParams(range, chart.program, filters) }
      : null,
  );
  // The chart's overall score per period: the shops of its program (and location), over all locations.
  const chartShops = useReport<SummaryShopGroupRow>(
    '/api/summary/shops',
    parties && chart?.kind === 'chart'
      ? { ...parties, ...summaryChartParams(range, chart.program, filters) }
      : null,
  );
  const questions = useReport<WorstQuestionRow>(
    '/api/summary/worstQuestions',
    parties && rangeKnown ? worstQuestionsRequest(parties, range, filters) : null,
  );

  return {
    loading,
    parties,
    range,
    rangeChoice,
    custom,
    filters,
    regions,
    regionId,
    setRegionId,
    questions,
    sections,
    chartShops,
    ...view,
    /** Custom Range starts from the range shown, so choosing it does not move the data. */
    chooseRange: (choice: SummaryDateRange) => {
      if (choice === 'Custom Range' && !(custom[0] && custom[1]))
        setCustom([toDateKey(range.start), toDateKey(range.end)]);
      setRangeChoice(choice);
    },
    /** Dates picked in the picker switch the range to Custom Range. */
    pickDates: (dates: PickedDates) => {
      setCustom(dates);
      setRangeChoice('Custom Range');
    },
    setFilters,
  };
}

export type Summary = ReturnType<typeof useSummary>;
