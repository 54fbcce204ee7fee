import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AccountLayout } from '../account/account-layout';
import { LoginPage } from '../account/login-page';
import {
  ChangePasswordPage,
  ForgotPasswordPage,
  ResetEmailSentPage,
  ResetPasswordPage,
} from '../account/password-pages';
import { RegisterPage } from '../account/register-page';
import { AdminLayout } from '../admin/admin-layout';
import { ComingSoon } from '../components/page';
import { Gateway, LogoutPage, NewOrder } from './gateway';
import { MainLayout } from './layout';
import { PrivacyPage, TermsPage } from './legal-pages';
import { RequireLogin } from './session';

const soon = (title: string) => <ComingSoon title={title} />;

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

/** A wizard step with and without its /{questionnaireType} suffix. */
const typed = (path: string, lazy: RouteObject['lazy']): RouteObject[] => [
  { path, lazy },
  { path: `${path}/:questionnaireType`, lazy },
];

/** The route table of the spec (account-and-reporting 2, order-flow 2, admin-and-evaluation 2). */
export const router = createBrowserRouter([
  {
    element: <MainLayout />,
    children: [
      { path: '/', element: <Gateway /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-email-sent', element: <ResetEmailSentPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      {
        path: '/change-password',
        element: (
          <RequireLogin>
            <ChangePasswordPage />
          </RequireLogin>
        ),
      },
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
      // Account area
      {
        path: '/account',
        element: <AccountLayout />,
        children: [
          { index: true, element: <Navigate to="/account/dashboard" replace /> },
          { path: 'dashboard', element: soon('Dashboard') },
          { path: 'info', element: soon('Account Information') },
          { path: 'order-history', element: soon('Order History') },
          { path: 'active-shops', element: soon('Recurring Orders') },
          { path: 'locations', element: soon('Location Management') },
          { path: 'preferences', element: soon('Communication Preferences') },
          { path: 'shops', element: soon('All Shops (for the currently logged in user)') },
          { path: 'orders/:orderNumber', element: soon('Order Details') },
          { path: 'invoices/:invoiceId', element: soon('Invoice Details') },
          { path: 'reports/*', element: soon('Program Reports') },
        ],
      },
      // Admin area
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <Navigate to="/admin/orders" replace /> },
          { path: 'orders', element: soon('Orders') },
          { path: 'orders/:orderNumber', element: soon('Order Details') },
          { path: 'customers', element: soon('Customers') },
          { path: 'customers/:uid', element: soon('Customer') },
          { path: 'questionnaires', element: soon('Select Brand') },
          { path: 'questionnaires/:brandId', element: soon('Manage Questionnaires') },
          { path: 'questionnaires/:brandId/:qid', element: soon('Questionnaire') },
          { path: 'invoices/:invoiceId', element: soon('Invoice Details') },
          { path: 'brands/add', element: soon('Add Brand') },
          { path: 'brands/edit/:brandId', element: soon('Edit Brand') },
          { path: 'reports/*', element: soon('Customer Reports') },
        ],
      },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/evaluator/*', element: soon('Evaluator Login') },
      { path: '*', element: soon('Page Not Found') },
    ],
  },
]);
