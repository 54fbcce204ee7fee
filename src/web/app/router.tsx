import type { ApolloClient } from '@apollo/client';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/page';
import { accountReportRoutes, adminReportRoutes } from '../reports';
import { Gateway, LogoutPage, NewOrder } from './gateway';
import { MainLayout } from './layout';

const soon = (title: string) => <ComingSoon title={title} />;

/** The evaluator app (shoppers and QA), customer shop reports, public surveys and their QR codes. */
const fieldwork = {
  layout: () => import('../evaluator/evaluator-layout').then((m) => ({ Component: m.EvaluatorLayout })),
  home: () => import('../evaluator/evaluator-home-page').then((m) => ({ Component: m.EvaluatorHomePage })),
  visits: () => import('../evaluator/visits-page').then((m) => ({ Component: m.VisitsPage })),
  profile: () =>
    import('../evaluator/shopper-profile-page').then((m) => ({ Component: m.ShopperProfilePage })),
  evaluations: () =>
    import('../evaluator/my-evaluations-page').then((m) => ({ Component: m.MyEvaluationsPage })),
  evaluation: () => import('../evaluator/evaluation-page').then((m) => ({ Component: m.EvaluationPage })),
  payments: () => import('../evaluator/payments-page').then((m) => ({ Component: m.PaymentsPage })),
  standing: () => import('../evaluator/standing-page').then((m) => ({ Component: m.StandingPage })),
  qaQueue: () => import('../evaluator/qa-queue-page').then((m) => ({ Component: m.QaQueuePage })),
  qaReview: () => import('../evaluator/qa-review-page').then((m) => ({ Component: m.QaReviewPage })),
  desk: () => import('../evaluator/desk-page').then((m) => ({ Component: m.DeskPage })),
  shopReport: () => import('../evaluator/shop-report-page').then((m) => ({ Component: m.ShopReportPage })),
  sharedShopReport: () =>
    import('../evaluator/shop-report-page').then((m) => ({ Component: m.SharedShopReportPage })),
  survey: () => import('../survey/survey-page').then((m) => ({ Component: m.SurveyPage })),
  surveySummary: () =>
    import('../survey/program-summary-page').then((m) => ({ Component: m.ProgramSummaryPage })),
  qr: () => import('../survey/qr-page').then((m) => ({ Component: m.QrPage })),
};

/** Code-split screens: each wizard step, and later the account, admin and report areas, load on demand. */
const order = {
  getStarted: () => import('../order/get-started-page').then((m) => ({ Component: m.GetStartedPage })),
  select: () =>
    import('../order/select-questionnaires-page').then((m) => ({ Component: m.SelectQuestionnairesPage })),
  customize: () => import('../order/customize-page').then((m) => ({ Component: m.CustomizePage })),
  locations: () => import('../order/locations-page').then((m) => ({ Component: m.LocationsPage })),
  bulk: () => import('../order/bulk-locations-page').then((m) => ({ Component: m.BulkLocationsPage })),
  frequency: () => import('../order/frequency-page').then((m) => ({ Component: m.FrequencyPage })),
  checkout: () => import('../order/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
  thanks: () => import('../order/thanks-page').then((m) => ({ Component: m.ThanksPage })),
  viewOrder: () => import('../order/view-order-page').then((m) => ({ Component: m.ViewOrderPage })),
};

/** The account area's screens. */
const account = {
  dashboard: () =>
    import('../account/dashboard-page').then((m) => ({
      Component: m.DashboardPage,
      handle: { prefetch: m.prefetchDashboard } satisfies RouteHandle,
    })),
  info: () => import('../account/account-info-page').then((m) => ({ Component: m.AccountInfoPage })),
  orderHistory: () =>
    import('../account/order-history-page').then((m) => ({ Component: m.OrderHistoryPage })),
  activeShops: () => import('../account/active-shops-page').then((m) => ({ Component: m.ActiveShopsPage })),
  locations: () => import('../account/locations-page').then((m) => ({ Component: m.LocationsPage })),
  preferences: () => import('../account/preferences-page').then((m) => ({ Component: m.PreferencesPage })),
  shops: () => import('../account/shops-page').then((m) => ({ Component: m.ShopsPage })),
  team: () => import('../account/team-page').then((m) => ({ Component: m.TeamPage })),
  webhooks: () => import('../account/webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
  webhookEndpoint: () =>
    import('../account/webhook-endpoint-page').then((m) => ({ Component: m.WebhookEndpointPage })),
  apiKeys: () => import('../account/api-keys-page').then((m) => ({ Component: m.ApiKeysPage })),
  reportSchedule: () =>
    import('../account/report-schedule-page').then((m) => ({ Component: m.ReportSchedulePage })),
  security: () => import('../account/security-page').then((m) => ({ Component: m.SecurityPage })),
  audit: () => import('../account/audit-page').then((m) => ({ Component: m.AuditPage })),
  alerts: () =>
    import('../score-alerts/alert-settings-page').then((m) => ({ Component: m.AlertSettingsPage })),
  actionPlans: () =>
    import('../action-plans/action-plans-page').then((m) => ({ Component: m.ActionPlansPage })),
  actionPlan: () => import('../action-plans/plan-page').then((m) => ({ Component: m.ActionPlanPage })),
  publicActionPlan: () =>
    import('../action-plans/plan-page').then((m) => ({ Component: m.PublicActionPlanPage })),
  orderDetails: () =>
    import('../account/order-details-page').then((m) => ({ Component: m.OrderDetailsPage })),
  invoiceDetails: () =>
    import('../account/invoice-details-page').then((m) => ({ Component: m.InvoiceDetailsPage })),
};

/** The admin area's customer and order screens. */
const admin = {
  orders: () => import('../admin/orders-page').then((m) => ({ Component: m.AdminOrdersPage })),
  orderDetails: () =>
    import('../admin/admin-order-details-page').then((m) => ({ Component: m.AdminOrderDetailsPage })),
  customers: () => import('../admin/customers-page').then((m) => ({ Component: m.AdminCustomersPage })),
  customer: () => import('../admin/customer-page').then((m) => ({ Component: m.AdminCustomerPage })),
  invoiceDetails: () =>
    import('../admin/admin-invoice-page').then((m) => ({ Component: m.AdminInvoicePage })),
  emails: () => import('../admin/emails/emails-page').then((m) => ({ Component: m.AdminEmailsPage })),
  email: () => import('../admin/emails/email-page').then((m) => ({ Component: m.AdminEmailPage })),
  payables: () => import('../admin/payables/payables-page').then((m) => ({ Component: m.AdminPayablesPage })),
  audit: () => import('../account/audit-page').then((m) => ({ Component: m.AdminAuditPage })),
};

/** Account forms, the account and admin areas and the legal pages load on demand too. */
const pages = {
  login: () => import('../account/login-page').then((m) => ({ Component: m.LoginPage })),
  register: () => import('../account/register-page').then((m) => ({ Component: m.RegisterPage })),
  forgot: () => import('../account/password-pages').then((m) => ({ Component: m.ForgotPasswordPage })),
  resetSent: () => import('../account/password-pages').then((m) => ({ Component: m.ResetEmailSentPage })),
  reset: () => import('../account/password-pages').then((m) => ({ Component: m.ResetPasswordPage })),
  change: () => import('../account/password-pages').then((m) => ({ Component: m.ChangePasswordRoute })),
  unsubscribe: () => import('../account/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
  invitation: () => import('../account/invitation-page').then((m) => ({ Component: m.InvitationPage })),
  account: () => import('../account/account-layout').then((m) => ({ Component: m.AccountLayout })),
  admin: () => import('../admin/admin-layout').then((m) => ({ Component: m.AdminLayout })),
  brandPicker: () =>
    import('../admin/questionnaires/brand-picker-page').then((m) => ({ Component: m.BrandPickerPage })),
  manageQuestionnaires: () =>
    import('../admin/questionnaires/manage-questionnaires-page').then((m) => ({
      Component: m.ManageQuestionnairesPage,
    })),
  questionnaire: () =>
    import('../admin/questionnaires/questionnaire-page').then((m) => ({ Component: m.QuestionnairePage })),
  addBrand: () => import('../admin/brands/brand-pages').then((m) => ({ Component: m.AddBrandPage })),
  editBrand: () => import('../admin/brands/brand-pages').then((m) => ({ Component: m.EditBrandPage })),
  terms: () => import('./legal-pages').then((m) => ({ Component: m.TermsPage })),
  privacy: () => import('./legal-pages').then((m) => ({ Component: m.PrivacyPage })),
};

/** A wizard step with and without its /{questionnaireType} suffix. */
const typed = (path: string, lazy: RouteObject['lazy']): RouteObject[] => [
  { path, lazy },
  { path: `${path}/:questionnaireType`, lazy },
];

/**
 * The route table of the spec (account-and-reporting 2, order-flow 2, admin-and-evaluation 2): the
 * browser's router (main.tsx) and the server render of the first pages (ssr.tsx) are made from it.
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <Gateway /> },
      { path: '/login', lazy: pages.login },
      { path: '/register', lazy: pages.register },
      { path: '/forgot-password', lazy: pages.forgot },
      { path: '/reset-email-sent', lazy: pages.resetSent },
      { path: '/reset-password/:token', lazy: pages.reset },
      { path: '/change-password', lazy: pages.change },
      { path: '/unsubscribe/:token', lazy: pages.unsubscribe },
      { path: '/invitation/:token', lazy: pages.invitation },
      { path: '/logout', element: <LogoutPage /> },
      // Order wizard
      { path: '/order', element: <Navigate to="/industry" replace /> },
      { path: '/new-order', element: <NewOrder /> },
      { path: '/industry', lazy: order.getStarted },
      ...typed('/select-questionnaires', order.select),
      ...typed('/customize', order.customize),
      { path: '/locations/bulk', lazy: order.bulk },
      ...typed('/locations', order.locations),
      ...typed('/frequency', order.frequency),
      { path: '/checkout', lazy: order.checkout },
      { path: '/thanks', lazy: order.thanks },
      { path: '/view-order/:oid?/:orderNumber?', lazy: order.viewOrder },
      { path: '/reports/shop/:evaluationId', lazy: fieldwork.sharedShopReport },
      { path: '/action-plans/:id', lazy: account.publicActionPlan },
      // Account area
      {
        path: '/account',
        lazy: pages.account,
        children: [
          { index: true, element: <Navigate to="/account/dashboard" replace /> },
          { path: 'dashboard', lazy: account.dashboard },
          { path: 'info', lazy: account.info },
          { path: 'order-history', lazy: account.orderHistory },
          { path: 'active-shops', lazy: account.activeShops },
          { path: 'locations', lazy: account.locations },
          { path: 'preferences', lazy: account.preferences },
          { path: 'shops', lazy: account.shops },
          { path: 'team', lazy: account.team },
          { path: 'webhooks', lazy: account.webhooks },
          { path: 'webhooks/:id', lazy: account.webhookEndpoint },
          { path: 'api-keys', lazy: account.apiKeys },
          { path: 'report-emails', lazy: account.reportSchedule },
          { path: 'security', lazy: account.security },
          { path: 'audit', lazy: account.audit },
          { path: 'action-plans', lazy: account.actionPlans },
          { path: 'alerts', lazy: account.alerts },
          { path: 'action-plans/:id', lazy: account.actionPlan },
          { path: 'orders/:orderNumber', lazy: account.orderDetails },
          { path: 'invoices/:invoiceId', lazy: account.invoiceDetails },
          { path: 'reports/shop/:evaluationId', lazy: fieldwork.shopReport },
          { path: 'reports/qr/:programId/:surveyCode/:clientId?', lazy: fieldwork.qr },
          ...accountReportRoutes,
        ],
      },
      // Admin area
      {
        path: '/admin',
        lazy: pages.admin,
        children: [
          { index: true, element: <Navigate to="/admin/orders" replace /> },
          { path: 'orders', lazy: admin.orders },
          { path: 'orders/:orderNumber', lazy: admin.orderDetails },
          { path: 'customers', lazy: admin.customers },
          { path: 'customers/:uid', lazy: admin.customer },
          { path: 'audit', lazy: admin.audit },
          { path: 'questionnaires', lazy: pages.brandPicker },
          { path: 'questionnaires/:brandId', lazy: pages.manageQuestionnaires },
          { path: 'questionnaires/:brandId/:qid', lazy: pages.questionnaire },
          { path: 'invoices/:invoiceId', lazy: admin.invoiceDetails },
          { path: 'brands/add', lazy: pages.addBrand },
          { path: 'brands/edit/:brandId', lazy: pages.editBrand },
          {
            path: 'forms',
            lazy: () =>
              import('../admin/forms/forms-list-page').then((m) => ({ Component: m.FormsListPage })),
          },
          {
            path: 'forms/:formId',
            lazy: () =>
              import('../admin/forms/form-builder-page').then((m) => ({ Component: m.FormBuilderPage })),
          },
          { path: 'emails', lazy: admin.emails },
          { path: 'emails/:emailId', lazy: admin.email },
          { path: 'payables', lazy: admin.payables },
          ...adminReportRoutes,
        ],
      },
      { path: '/terms', lazy: pages.terms },
      { path: '/privacy', lazy: pages.privacy },
      {
        path: '/evaluator',
        lazy: fieldwork.layout,
        children: [
          { index: true, lazy: fieldwork.home },
          { path: 'visits', lazy: fieldwork.visits },
          { path: 'profile', lazy: fieldwork.profile },
          { path: 'evaluations', lazy: fieldwork.evaluations },
          { path: 'evaluations/:id', lazy: fieldwork.evaluation },
          { path: 'payments', lazy: fieldwork.payments },
          { path: 'standing', lazy: fieldwork.standing },
          { path: 'qa', lazy: fieldwork.qaQueue },
          { path: 'qa/:id', lazy: fieldwork.qaReview },
          { path: 'desk', lazy: fieldwork.desk },
          { path: '*', element: soon('Page Not Found') },
        ],
      },
      { path: '/survey/program-summary/:surveyCode', lazy: fieldwork.surveySummary },
      { path: '/survey/:surveyCode', lazy: fieldwork.survey },
      { path: '*', element: soon('Page Not Found') },
    ],
  },
];

/**
 * What a route may carry for the app's start: `prefetch` starts the page's data calls with the app's
 * client before React takes over the server's page (they then run while it hydrates): it returns one
 * function per call, and each runs in a task of its own.
 */
export type RouteHandle = { prefetch?: (client: ApolloClient<unknown>) => (() => void)[] };

/** Resolves in a later task of the browser's, after whatever it has waiting (input, a frame). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs the prefetch of every route a URL matches (their code loaded: loadMatchedRoutes), call by call. */
export async function prefetchMatchedRoutes(
  table: RouteObject[],
  pathname: string,
  client: ApolloClient<unknown>,
): Promise<void> {
  for (const { route } of matchRoutes(table, pathname) ?? []) {
    const calls = (route.handle as RouteHandle | undefined)?.prefetch?.(client);
    for (const call of calls ?? []) {
      await nextTask();
      call();
    }
  }
}

/**
 * Loads the code of the routes a URL matches and puts it in place of their `lazy`, so the first render
 * in the browser is the page itself, as the server rendered it (hydration needs the same tree).
 */
export async function loadMatchedRoutes(table: RouteObject[], pathname: string): Promise<void> {
  const lazy = (matchRoutes(table, pathname) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazy.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  );
}
