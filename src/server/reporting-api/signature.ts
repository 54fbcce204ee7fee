import { hmac, safeEqual } from '../auth/tokens.js';

/**
 * The reporting API's signed parameters, in signing order. A request's signature is the HMAC-SHA256
 * (server secret) of the values present, joined with '|': userMakingRequest|client first, then the
 * others that the request carries, so changing any parameter invalidates the signature.
 */
export const SIGNED_PARAMS = [
  'userMakingRequest',
  'client',
  'order',
  'programId',
  'pageNumber',
  'pageSize',
  'startDate',
  'endDate',
  'limit',
  'programName',
  'locationName',
] as const;
export type SignedParam = (typeof SIGNED_PARAMS)[number];
export type ReportingParams = Partial<Record<SignedParam, string | number | null | undefined>>;

/** The text that is signed for these parameters (empty and missing values are left out). */
export function signingText(params: ReportingParams): string {
  return SIGNED_PARAMS.map((k) => params[k])
    .filter((v) => v !== undefined && v !== null && String(v) !== '')
    .map(String)
    .join('|');
}

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
