// The reports feature's public face: its routes, and the dashboard's pieces, which load on demand so
// the dashboard's first paint does not wait for the summary or its charts.

export {
  DashboardPrograms,
  PerformanceSummary,
  prefetchDashboardReports,
  preloadDashboardReports,
} from './dashboard-reports';
export { accountReportRoutes, adminReportRoutes } from './routes';
