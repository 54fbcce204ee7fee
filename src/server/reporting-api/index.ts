export { registerReportingApi } from './routes.js';
export { requestParties, SIGNED_PARAMS, signingText, signText, verifySignature } from './signature.js';
