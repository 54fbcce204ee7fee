import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { lazy, Suspense, startTransition, useEffect, useState } from 'react';
import { ALL_PROGRAMS, programView } from '../../../domain';
import { OWN_REPORTS, type ReportScope } from '../report-scope';
import { CsvDownloadButton } from './csv-download-button';
import { LocationsBoard } from './locations-board';
import { PdfDownloadButton } from './pdf-download-button';
import { ProgramCards } from './program-cards';
import { ActiveFilters, SummaryFiltersBar } from './summary-filters-bar';
import { PerformanceSummaryTitle, SummaryEmpty, SummaryLoading } from './summary-texts';
import { type Summary, useSummary } from './use-summary';
import { WorstQuestions } from './worst-questions';

/** The height the summary keeps while its code or data loads (see PerformanceSummary). */
const SUMMARY_LOADING_HEIGHT = '85vh';

// The chart and its library load only when a program chart is shown.
const ProgramChart = lazy(() => import('./program-chart'));
// The benchmark line (issue 48) loads once the summary's parts are in: not part of its first render.
const BenchmarkLine = lazy(() => import('../../score-alerts/benchmark-line'));

function Block({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap="xs" component="section" aria-label={title} data-testid={testId}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function ProgramArea({ summary }: { summary: Summary }) {
  const view = programView(summary.filters.program, summary.programs);
  if (view.kind === 'none') return null;
  if (view.kind === 'cards') return <ProgramCards summary={summary} />;
  return (
    <Stack gap="xs" data-testid="program-chart-section">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h5" data-testid="program-chart-title">
          {view.program} Program Performance
        </Title>
        {view.canGoBack && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => summary.setFilters({ ...summary.filters, program: ALL_PROGRAMS })}
          >
            Back to all programs
          </Button>
        )}
      </Group>
      {summary.sections.loading || summary.chartShops.loading ? (
        <SummaryLoading text="Loading program data..." />
      ) : (
        <Suspense fallback={<SummaryLoading text="Loading program data..." />}>
          <ProgramChart
            shops={summary.chartShops.rows}
            sections={summary.sections.rows}
            range={summary.range}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** The summary's parts under its filters: the program area, the locations board, the questions. */
const PARTS = 3;

/**
 * How many of the summary's parts are on the page. Once its figures are there, the parts enter one per
 * commit, each in a task of its own: the whole summary committed at once (its cards, board, selects and
 * the layout of them all) was the dashboard's longest task on a phone. They enter in a few milliseconds,
 * while the summary keeps the height it held loading, so nothing below it moves into view.
 */
function useParts(ready: boolean): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!ready || shown >= PARTS) return;
    const next = setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => clearTimeout(next);
  }, [ready, shown]);
  return shown;
}

/**
 * The Performance Summary (account-and-reporting 2 and 4): filters, program cards or a program's chart,
 * the locations board and the most under-performing questions, for the customer or (admin) a client.
 */
export default function PerformanceSummary({ scope = OWN_REPORTS }: { scope?: ReportScope }) {
  const summary = useSummary(scope);
  const parts = useParts(!summary.loading);
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label="Performance Summary"
      data-testid="performance-summary"
      // While loading it holds about the screen's height it will take (it is 900 px and more with data), so
      // what is below it starts off screen and does not jump when the figures arrive.
      mih={summary.loading || parts < PARTS ? SUMMARY_LOADING_HEIGHT : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <PerformanceSummaryTitle />
          <Group gap="xs">
            {!scope.admin && <PdfDownloadButton summary={summary} />}
            <CsvDownloadButton summary={summary} />
          </Group>
        </Group>
        <SummaryFiltersBar summary={summary} />
        <ActiveFilters summary={summary} />
        {!scope.admin &&
          scope.clientId === null &&
          !summary.loading &&
          parts >= PARTS &&
          summary.inRange.length > 0 && (
            <Suspense fallback={null}>
              <BenchmarkLine
                start={summary.range.start}
                end={summary.range.end}
                rangeChoice={summary.rangeChoice}
                program={summary.filters.program}
                location={summary.filters.location}
              />
            </Suspense>
          )}
        {summary.loading || parts < 1 ? (
          <SummaryLoading text="Loading..." />
        ) : summary.inRange.length === 0 ? (
          <SummaryEmpty
            title="No shop data to display in this date range."
            hint="Try adjusting your filters or selecting a different date range."
          />
        ) : (
          <>
            <ProgramArea summary={summary} />
            {parts >= 2 && (
              <Block title="Locations" testId="locations-section">
                <LocationsBoard summary={summary} />
              </Block>
            )}
          </>
        )}
        <Block title="Most under-performing questions from Shops" testId="questions-section">
          {summary.loading || parts < 3 ? (
            <SummaryLoading text="Loading question data..." />
          ) : (
            <WorstQuestions summary={summary} />
          )}
        </Block>
      </Stack>
    </Paper>
  );
}
