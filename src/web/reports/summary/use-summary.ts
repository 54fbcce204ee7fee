import { useEffect, useMemo, useState } from 'react';
import {
  DEFAULT_SUMMARY_DATE_RANGE,
  DEFAULT_SUMMARY_FILTERS,
  filterRecords,
  locationChoices,
  programChoices,
  resolveFilters,
  type SummaryDateRange,
  type SummaryFilters,
  shopsInRange,
  summaryDateRange,
  toDateKey,
  worstQuestionsParams,
} from '../../../domain';
import { type ReportScope, useReportingParties } from '../report-scope';
import type { SummarySectionRow, SummaryShopRow, WorstQuestionRow } from '../report-types';
import { useReport } from '../reporting-client';

/** A picker value: two YYYY-MM-DD days, either missing while a range is being picked. */
export type PickedDates = [string | null, string | null];

/**
 * The Performance Summary's data and filters (account-and-reporting 4): the summary shops and
 * sections are loaded once and filtered here; the worst questions are refetched per filter.
 */
export function useSummary(scope: ReportScope) {
  const parties = useReportingParties(scope);
  const shops = useReport<SummaryShopRow>('/api/summary/shops', parties);
  const sections = useReport<SummarySectionRow>('/api/summary/sectionHeaders', parties);
  const [today] = useState(() => new Date());
  const [rangeChoice, setRangeChoice] = useState<SummaryDateRange>(DEFAULT_SUMMARY_DATE_RANGE);
  const [custom, setCustom] = useState<PickedDates>([null, null]);
  const [chosen, setFilters] = useState<SummaryFilters>(DEFAULT_SUMMARY_FILTERS);

  const range = useMemo(
    () =>
      summaryDateRange(rangeChoice, {
        today,
        shopDates: shops.rows.map((s) => s.shop_date),
        custom: {
          start: custom[0] ? new Date(custom[0]) : null,
          end: custom[1] ? new Date(custom[1]) : null,
        },
      }),
    [rangeChoice, today, shops.rows, custom],
  );

  // A program or location that the range (or program) no longer has resets to its All value.
  const loaded = !shops.loading;
  const filters = useMemo(
    () => (loaded ? resolveFilters(chosen, shops.rows, range) : chosen),
    [loaded, chosen, shops.rows, range],
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
      sections: filterRecords(sections.rows, range, filters),
    }),
    [shops.rows, sections.rows, range, filters],
  );

  // Asked for at once, alongside the shops: only All Time's range depends on them (then it is asked again).
  const questions = useReport<WorstQuestionRow>(
    '/api/summary/worstQuestions',
    parties && { ...parties, ...worstQuestionsParams(range, filters) },
  );

  return {
    loading: shops.loading || sections.loading,
    allShops: shops.rows,
    allSections: sections.rows,
    parties,
    range,
    rangeChoice,
    custom,
    filters,
    questions,
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
