// Branded HTML e-mails rendered with react-email from React components, each with its plain-text part
// made from the same content. Callers gather the facts and URLs; the wording of both parts lives here.

export type { ActionPlanContent, ActionPlanEvent } from './action-plan.js';
export { renderActionPlan } from './action-plan.js';
export type { BillingReceiptContent } from './billing-receipt.js';
export { renderBillingReceipt } from './billing-receipt.js';
export type { CorrectionsNeededContent } from './corrections-needed.js';
export { renderCorrectionsNeeded } from './corrections-needed.js';
export type { DigestContent } from './daily-digest.js';
export { renderDailyDigest } from './daily-digest.js';
export { type EmailBrand, type EmailBrandSource, emailBrandOf } from './email-brand.js';
export type { OrderConfirmationContent } from './order-confirmation.js';
export { renderOrderConfirmation } from './order-confirmation.js';
export type { OrderNotificationContent } from './order-notification.js';
export { renderOrderNotification } from './order-notification.js';
export type { PaymentFailedContent } from './payment-failed.js';
export { renderPaymentFailed } from './payment-failed.js';
export type { RenderedEmail } from './render-email.js';
export type { ReportReadyContent } from './report-ready.js';
export { renderReportReady } from './report-ready.js';
export type { ResetPasswordContent } from './reset-password.js';
export { renderResetPassword } from './reset-password.js';
export type { ScheduledReportContent } from './scheduled-report.js';
export { renderScheduledReport } from './scheduled-report.js';
export type { ScoreAlertContent } from './score-alert.js';
export { renderScoreAlert } from './score-alert.js';
export type { SecurityNoticeContent } from './security-notice.js';
export { renderSecurityNotice } from './security-notice.js';
export type {
  ShopScheduledContent,
  ShopSentToQaContent,
  SurveyResponsesContent,
} from './shop-notifications.js';
export { renderShopScheduled, renderShopSentToQa, renderSurveyResponses } from './shop-notifications.js';
export type { TeamInvitationContent } from './team-invitation.js';
export { renderTeamInvitation } from './team-invitation.js';

/** Where the recipient turns off the e-mails their preferences govern. */
export const preferencesUrl = (origin: string) => `${origin}/account/preferences`;
export type { OfferedVisit, VisitOffersContent, VisitReleasedContent } from './visit-supply.js';
export { renderVisitOffers, renderVisitReleased, visitOffersRenderer } from './visit-supply.js';
