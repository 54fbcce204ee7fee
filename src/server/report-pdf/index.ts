export { MSG_PDF_RENDER_FAILED, ReportRenderError, renderPdf, renderSummaryPdf } from './render.js';
export {
  accountNameOf,
  MSG_PDF_LINK_INVALID,
  type ReportLink,
  readReportLink,
  registerReportPdfRoutes,
  reportLinkQuery,
  summaryPdfFor,
} from './routes.js';
export {
  isTeamMember,
  loadSummaryReport,
  type ReaderScope,
  readerScopeOf,
  type SummaryReport,
  WHOLE_ACCOUNT,
} from './summary-data.js';
