// What a reporting API request signs (spec: account-and-reporting 7). Shared by the server, which
// verifies signatures, and the web client, which asks generateSignature to sign this text.

/**
 * The reporting API's signed parameters, in signing order: userMakingRequest|client first, then the
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
  'groupBy',
  'regionId',
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
