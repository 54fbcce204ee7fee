// Sample content for every message kind, for the PNG previews (scripts/email-previews.ts), the render
// benchmark and the tests. The brands are the demo's (seed-demo.ts) plus one without a logo.
import { localStorage } from '../adapters/storage.js';
import { renderActionPlan } from './action-plan.js';
import { renderBillingReceipt } from './billing-receipt.js';
import { renderCorrectionsNeeded } from './corrections-needed.js';
import { type EmailBrandSource, emailBrandOf } from './email-brand.js';
import { renderOrderConfirmation } from './order-confirmation.js';
import { renderOrderNotification } from './order-notification.js';
import { renderPaymentFailed } from './payment-failed.js';
import type { RenderedEmail } from './render-email.js';
import { renderReportReady } from './report-ready.js';
import { renderResetPassword } from './reset-password.js';
import { renderScheduledReport } from './scheduled-report.js';
import { renderScoreAlert } from './score-alert.js';

export const PREVIEW_ORIGIN = 'https://mail-preview.test';

const source = (b: Partial<EmailBrandSource> & Pick<EmailBrandSource, 'id' | 'name'>): EmailBrandSource => ({
  logoUrl: null,
  primaryColor: '#1c7ed6',
  secondaryColor: '#495057',
  headerTextColor: '#ffffff',
  footerLinkTextColor: '#ffffff',
  ...b,
});

export const PREVIEW_BRANDS = {
  optix: source({
    id: 'optix',
    name: 'Customer Optix',
    logoUrl: '/brands/customer-optix.svg',
    primaryColor: '#1b6ec2',
    secondaryColor: '#12355b',
  }),
  goldenchick: source({
    id: 'goldenchick',
    name: 'Golden Chick Guest Insights',
    logoUrl: '/brands/goldenchick.svg',
    primaryColor: '#f59f00',
    secondaryColor: '#7c4a03',
    headerTextColor: '#1a1a1a',
  }),
  primrose: source({
    id: 'primrose',
    name: 'Primrose Schools Quality Visits',
    logoUrl: '/brands/primroseschools.svg',
    primaryColor: '#862e9c',
    secondaryColor: '#4a1a57',
  }),
  /** No logo, and a header text pick that does not read on its primary colour. */
  riverside: source({
    id: 'riverside',
    name: 'Riverside Dental Group',
    primaryColor: '#20c997',
    secondaryColor: '#e6fcf5',
    headerTextColor: '#ffffff',
    footerLinkTextColor: '#20c997',
  }),
};

const storage = localStorage({ dataDir: '/nonexistent', secret: 'preview-only-secret' });
export const previewBrand = (b: EmailBrandSource) => emailBrandOf(b, { origin: PREVIEW_ORIGIN, storage });

const o = PREVIEW_ORIGIN;

/** One sample per message kind (the order confirmation twice: shops only, and with survey links). */
export const EMAIL_PREVIEWS: { name: string; render: () => RenderedEmail }[] = [
  {
    name: 'order-confirmation',
    render: () =>
      renderOrderConfirmation({
        brand: previewBrand(PREVIEW_BRANDS.optix),
        customerName: 'Dana Whitfield',
        orderNumber: 10482,
        amount: 43_500,
        hasShops: true,
        surveyLinks: [
          {
            title: 'Guest Satisfaction Survey',
            locationName: 'Downtown Austin',
            url: `${o}/survey/k3Xq9PzT2mWa`,
            qrUrl: `${o}/survey/k3Xq9PzT2mWa/qr.png`,
          },
          {
            title: 'Guest Satisfaction Survey',
            locationName: 'Round Rock',
            url: `${o}/survey/Vb7nR2sLq8Yc`,
            qrUrl: `${o}/survey/Vb7nR2sLq8Yc/qr.png`,
          },
        ],
        orderUrl: `${o}/account/orders/10482`,
      }),
  },
  {
    name: 'order-confirmation-shops',
    render: () =>
      renderOrderConfirmation({
        brand: previewBrand(PREVIEW_BRANDS.primrose),
        customerName: 'Marcus Lee',
        orderNumber: 10483,
        amount: 12_000,
        hasShops: true,
        surveyLinks: [],
        orderUrl: `${o}/account/orders/10483`,
      }),
  },
  {
    name: 'order-notification',
    render: () =>
      renderOrderNotification({
        brand: previewBrand(PREVIEW_BRANDS.optix),
        orderNumber: 10482,
        amount: 43_500,
        businessName: 'Whitfield Coffee Co.',
        email: 'dana@whitfield.example',
        adminUrl: `${o}/admin/orders/10482`,
      }),
  },
  {
    name: 'billing-receipt',
    render: () =>
      renderBillingReceipt({
        brand: previewBrand(PREVIEW_BRANDS.goldenchick),
        customerName: 'Priya Natarajan',
        month: 'March 2027',
        amount: 31_000,
        receiptNumber: '202703-4F9A2C1B-1',
        lines: [
          { description: 'Drive-Thru Experience at Golden Chick #112 (weekly, 4 shops)', amount: 22_000 },
          { description: 'Dine-In Visit at Golden Chick #87 (monthly)', amount: 9_000 },
        ],
        invoiceUrl: `${o}/account/invoices/inv_4f9a2c1b`,
      }),
  },
  {
    name: 'billing-payment-failed',
    render: () =>
      renderPaymentFailed({
        brand: previewBrand(PREVIEW_BRANDS.goldenchick),
        customerName: 'Priya Natarajan',
        month: 'March 2027',
        amount: 31_000,
        message: 'Your card was declined.',
        nextAttempt: '03/02/2027',
        billingInfoUrl: `${o}/account/info#billing`,
        invoiceUrl: `${o}/account/invoices/inv_4f9a2c1b`,
      }),
  },
  {
    name: 'reset-password',
    render: () =>
      renderResetPassword({
        brand: previewBrand(PREVIEW_BRANDS.primrose),
        name: 'Marcus',
        link: `${o}/reset-password/p6Gq1nH0xYtR4bVw9sKe2LmZ`,
        expiresInMinutes: 60,
      }),
  },
  {
    name: 'report-ready',
    render: () =>
      renderReportReady({
        brand: previewBrand(PREVIEW_BRANDS.optix),
        programName: 'Counter Service Mystery Shop',
        locationName: 'Downtown Austin',
        percentage: 87,
        url: `${o}/account/reports/shop/ev_81c2`,
        preferencesUrl: `${o}/account/preferences`,
      }),
  },
  {
    name: 'action-plan-returned',
    render: () =>
      renderActionPlan({
        brand: previewBrand(PREVIEW_BRANDS.optix),
        event: 'returned',
        programName: 'Counter Service Mystery Shop',
        locationName: 'Downtown Austin',
        score: '64%',
        dueDate: '12/09/2026',
        note: 'Who trains the weekend staff, and by when?',
        url: `${o}/account/action-plans/ap_3f9a`,
        preferencesUrl: `${o}/account/preferences`,
        unsubscribeUrl: `${o}/unsubscribe/u7ap_3f9a.0123456789abcdef0123456789abcdef`,
      }),
  },
  {
    name: 'evaluation-rejected',
    render: () =>
      renderCorrectionsNeeded({
        brand: previewBrand(PREVIEW_BRANDS.riverside),
        programName: 'New Patient Phone Call',
        locationName: 'Riverside North',
        comment:
          'Question 4 needs the name of the person who answered.\nPlease also attach the call recording again: the upload is empty.',
        url: `${o}/evaluator/evaluations/ev_77d1`,
      }),
  },
  {
    name: 'scheduled-report',
    render: () =>
      renderScheduledReport({
        brand: previewBrand(PREVIEW_BRANDS.optix),
        subject: 'Performance Summary – October 2026',
        period: 'October 2026',
        accountName: 'Lamar Restaurant Group',
        scoped: false,
        headline: { percent: 84, shops: 126, locations: 14, programs: 2 },
        lowestLocation: { name: 'Lamar Diner', percent: 64 },
        worstQuestion: { prompt: 'Was the order repeated back?', percent: 58 },
        downloadUrl: null,
        dashboardUrl: `${o}/account/dashboard`,
        unsubscribeUrl: `${o}/unsubscribe/report-emails/u_3f9a`,
      }),
  },
  {
    name: 'score-alert',
    render: () =>
      renderScoreAlert({
        brand: previewBrand(PREVIEW_BRANDS.optix),
        programName: 'Dine-In Experience',
        locationName: 'Lamar Diner',
        score: '64%',
        trailingAverage: '88%',
        reason: 'Below the alert line',
        shopDate: '10/21/2026',
        url: `${o}/account/dashboard#score-alerts`,
        preferencesUrl: `${o}/account/preferences`,
        unsubscribeUrl: `${o}/unsubscribe/score-alerts/u_3f9a`,
      }),
  },
];
