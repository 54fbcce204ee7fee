import { type ReportingParams, signingText } from '../../domain/index.js';
import { hmac, safeEqual } from '../auth/tokens.js';

// The signing rule (SIGNED_PARAMS, signingText) lives in src/domain, shared with the web client.
export { type ReportingParams, SIGNED_PARAMS, type SignedParam, signingText } from '../../domain/index.js';

/** A request's signature: the HMAC-SHA256 (server secret) of its signing text. */
export const signText = (secret: string, text: string): string => hmac(secret, `reporting|${text}`);

/** Constant-time check of a request's signature against its own parameters. */
export function verifySignature(
  secret: string,
  params: ReportingParams,
  signature: string | undefined,
): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return safeEqual(signText(secret, signingText(params)), signature);
}

/** The first two values of a pipe-joined text: who asks, and for which client. */
export function requestParties(text: string): { user: string; client: string } | null {
  const [user, client] = text.split('|');
  return user && client ? { user, client } : null;
}
