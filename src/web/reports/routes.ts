import type { RouteObject } from 'react-router';

// The reports area's routes (account-and-reporting 2, admin-and-evaluation 2); every screen loads on
// demand, so this module is all the router holds of them.

const pages = () => import('./account-report-pages');
const byProgram = () => import('./program-report-pages');

/** Children of /account: the reports area with its sub-nav. */
export const accountReportRoutes: RouteObject[] = [
  {
    path: 'reports',
    lazy: () => import('./reports-layout').then((m) => ({ Component: m.ReportsLayout })),
    children: [
      { index: true, lazy: () => pages().then((m) => ({ Component: m.MyProgramsPage })) },
      { path: 'programs', lazy: () => pages().then((m) => ({ Component: m.MyProgramsPage })) },
      { path: 'mystery-shops', lazy: () => pages().then((m) => ({ Component: m.MyShopsPage })) },
      { path: 'surveys', lazy: () => pages().then((m) => ({ Component: m.MySurveysPage })) },
      {
        path: 'shopsbyprogram/:programId/:client?',
        lazy: () => byProgram().then((m) => ({ Component: m.ShopsByProgramPage })),
      },
      {
        path: 'surveysbyprogram/:programId/:client?',
        lazy: () => byProgram().then((m) => ({ Component: m.SurveysByProgramPage })),
      },
    ],
  },
];

/** Children of /admin: a customer's reports in admin mode. */
export const adminReportRoutes: RouteObject[] = [
  {
    path: 'reports/:uid',
    lazy: () => import('./customer-reports-page').then((m) => ({ Component: m.CustomerReportsPage })),
  },
  {
    path: 'reports/shopsbyprogram/:programId/:clientId',
    lazy: () => byProgram().then((m) => ({ Component: m.AdminShopsByProgramPage })),
  },
  {
    path: 'reports/surveysbyprogram/:programId/:clientId',
    lazy: () => byProgram().then((m) => ({ Component: m.AdminSurveysByProgramPage })),
  },
];
