export { registerReportingApi } from './routes.js';
export {
  endpointParams,
  REPORTING_ENDPOINTS,
  type ReportingPath,
  ZError,
  ZFieldError,
  ZReportingKeyQuery,
  ZReportingQuery,
} from './schemas.js';
export { requestParties, SIGNED_PARAMS, signingText, signText, verifySignature } from './signature.js';
