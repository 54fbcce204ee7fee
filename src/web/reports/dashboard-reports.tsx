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
import { prefetchReport, programsRequest } from './reporting-client';
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
 * The Performance Summary. Who asks and the regions it offers are read here, with the dashboard: in the
 * server's render, so the page arrives with them and the summary's data calls start as soon as its code
 * has loaded, not one GraphQL round trip later.
 */
export function PerformanceSummary() {
  useReportingParties(OWN_REPORTS);
  useReportRegions(OWN_REPORTS);
  return <DeferredSummary />;
}

export const DashboardPrograms = deferred(
  () => import('./dashboard-programs').then((m) => m.DashboardPrograms),
  null,
);

/**
 * Starts the dashboard's first reporting calls (the summary's and My Programs') for the viewer the
 * server's render brought, while React takes over the page: their answers arrive while the page
 * hydrates and the report code loads, instead of after (the route's prefetch: app/router.tsx).
 */
export function prefetchDashboardReports(client: ApolloClient<unknown>) {
  const parties = reportingParties(client.readQuery({ query: REPORTING_VIEWER })?.viewer, OWN_REPORTS);
  if (!parties) return;
  for (const [path, params] of firstSummaryRequests(parties, new Date()))
    prefetchReport(client, path, params);
  prefetchReport(client, '/api/programs/', programsRequest(parties));
}

/** Starts loading the dashboard's report code (call when the dashboard's own code loads). */
export function preloadDashboardReports() {
  void DeferredSummary.preload();
  void DashboardPrograms.preload();
}
