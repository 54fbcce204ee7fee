import { Paper, Text } from '@mantine/core';
import { deferred } from './deferred';

// The dashboard's report pieces, loaded on demand so the dashboard does not wait for them.

export const PerformanceSummary = deferred(
  () => import('./summary/performance-summary').then((m) => m.default),
  // As tall as the loading summary itself (performance-summary.tsx), so nothing jumps in between.
  <Paper withBorder p="md" mih="85vh" aria-busy="true">
    <Text c="dimmed">Loading...</Text>
  </Paper>,
);

export const DashboardPrograms = deferred(
  () => import('./dashboard-programs').then((m) => m.DashboardPrograms),
  null,
);

/** Starts loading the dashboard's report code (call when the dashboard's own code loads). */
export function preloadDashboardReports() {
  void PerformanceSummary.preload();
  void DashboardPrograms.preload();
}
