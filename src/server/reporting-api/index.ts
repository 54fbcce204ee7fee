export { registerReportingApi } from './routes.js';
export {
  endpointParams,
  MSG_REPORTING_CREDENTIALS_MISSING,
  REPORTING_ENDPOINTS,
  type ReportingEndpoint,
  type ReportingPath,
  type ReportingRecord,
  ZError,
  ZFieldError,
  ZReportingKeyQuery,
  ZReportingQuery,
} from './schemas.js';
export { requestParties, SIGNED_PARAMS, signingText, signText, verifySignature } from './signature.js';
