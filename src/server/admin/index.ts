export {
  associateBrandToUser,
  createBrand,
  MSG_BRAND_IN_USE,
  MSG_RESTRICT_CMS,
  removeBrand,
  updateBrand,
} from './brands.js';
export {
  addIndustry,
  brandCatalogue,
  loadQuestionnaire,
  removeIndustry,
  removeQuestionnaire,
  saveQuestionnaire,
  setIndustryPublished,
} from './catalogue.js';
export {
  createExportToken,
  EXPORT_TOKEN_TTL_MS,
  EXPORT_TYPES,
  type ExportType,
  exportCsv,
  exportFileName,
  isExportType,
  verifyExportToken,
} from './exports.js';
export {
  listOutboxEmails,
  loadOutboxEmail,
  type OutboxEmailRow,
  type OutboxEmailSummary,
  type OutboxPage,
  outboxEmailHtml,
} from './list-outbox-emails.js';
export {
  ADMIN_PAGE_SIZE,
  type AdminOrderRow,
  type CustomerWithBrand,
  containsPattern,
  listCompletedOrders,
  listCustomers,
} from './lists.js';
export { type MailHeader, outboxEmailHeaders } from './outbox-email-headers.js';
export { sendEmailAgain } from './send-email-again.js';
