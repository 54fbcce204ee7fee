import type { ApolloClient } from '@apollo/client';
import { Group, Paper, Stack } from '@mantine/core';
import { deferred } from './deferred';
import {
  OWN_REPORTS,
  REPORTING_VIEWER,
  reportingParties,
  useReportingParties,
  useReportRegions,
} from './report-scope';
import { prefetchReport, programsRequest, useReportingApiUrl } from './reporting-client';
import { PerformanceSummaryTitle, SummaryLoading } from './summary/summary-texts';
import { firstSummaryRequests } from './summary/use-summary';

// The dashboard's report pieces, loaded on demand so the dashboard does not wait for them.

const DeferredSummary = deferred(
  () => import('./summary/performance-summary').then((m) => m.default),
  // The loading summary itself (performance-summary.tsx): its title where it will be, as tall, so nothing
  // jumps in between.
  <Paper withBorder p="md" mih="85vh" component="section" aria-label="Performance Summary" aria-busy="true">
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <PerformanceSummaryTitle />
      </Group>
      <SummaryLoading text="Loading..." />
    </Stack>
  </Paper>,
);

/**
 * The Performance Summary. Who asks, the regions it offers and the reporting API's address are read here,
 * with the dashboard: in the server's render, so the page arrives with them and the summary's data calls
 * start as soon as its code has loaded, not one GraphQL round trip later.
 */
export function PerformanceSummary() {
  useReportingParties(OWN_REPORTS);
  useReportRegions(OWN_REPORTS);
  useReportingApiUrl();
  return <DeferredSummary />;
}

export const DashboardPrograms = deferred(
  () => import('./dashboard-programs').then((m) => m.DashboardPrograms),
  null,
);

/**
 * Starts the dashboard's first reporting calls (the summary's and My Programs') for the viewer the
 * server's render brought, while React takes over the page: their answers arrive while the page
 * hydrates and the report code loads, instead of after (the route's prefetch: app/router.tsx, which
 * runs each call in a task of its own).
 */
export function prefetchDashboardReports(client: ApolloClient<unknown>): (() => void)[] {
  const parties = reportingParties(client.readQuery({ query: REPORTING_VIEWER })?.viewer, OWN_REPORTS);
  if (!parties) return [];
  return [
    ...firstSummaryRequests(parties, new Date()).map(
      ([path, params]) =>
        () =>
          prefetchReport(client, path, params),
    ),
    () => prefetchReport(client, '/api/programs/', programsRequest(parties)),
    loadCollator,
  ];
}

/**
 * The summary sorts its programs and locations by name (localeCompare), and the browser loads its
 * collation data on the first compare: about 10 ms here, four times that on a phone. Done in a task of
 * its own while the page starts, so that it does not lengthen the summary's first render.
 */
const loadCollator = () => void 'a'.localeCompare('b');

/** Starts loading the dashboard's report code (call when the dashboard's own code loads). */
export function preloadDashboardReports() {
  void DeferredSummary.preload();
  void DashboardPrograms.preload();
}
