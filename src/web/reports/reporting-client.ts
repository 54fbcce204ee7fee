import { type ApolloClient, useApolloClient } from '@apollo/client';
import { startTransition, useEffect, useState } from 'react';
import { type ReportingParams, SIGNED_PARAMS, signingText } from '../../domain';
import { graphql } from '../gql';

// The signed reporting API (account-and-reporting 7): every GET carries userMakingRequest, client and
// the signature that generateSignature returns for signingText(params). Failures are only logged
// (account-and-reporting 8): the caller's tables stay empty.

const REPORTING_API_URL = graphql(`
  query ReportingApiUrl {
    reportingApiUrl
  }
`);

const GENERATE_SIGNATURE = graphql(`
  mutation GenerateSignature($text: String!) {
    generateSignature(text: $text)
  }
`);

export type ReportingPath =
  | '/api/programs/'
  | '/api/shops/'
  | '/api/surveys/'
  | '/api/summary/shops'
  | '/api/summary/sectionHeaders'
  | '/api/summary/worstQuestions'
  | '/api/summary/questions';

/** Who asks, and for which customer: an admin asks with their own id for the customer's id. */
export interface ReportingParties {
  userMakingRequest: string;
  client: string;
}

export type ReportingRequest = ReportingParties & ReportingParams;

/** The reporting API's paging for lists (account-and-reporting 9). */
export const REPORT_PAGE = { pageNumber: 1, pageSize: 999 } as const;

/** GET a signed reporting call and return its JSON rows; throws on any failure. */
export async function fetchReport<T>(
  apollo: ApolloClient<unknown>,
  path: ReportingPath,
  params: ReportingRequest,
  signal?: AbortSignal,
): Promise<T[]> {
  const [base, signed] = await Promise.all([
    apollo.query({ query: REPORTING_API_URL, fetchPolicy: 'cache-first' }),
    apollo.mutate({
      mutation: GENERATE_SIGNATURE,
      variables: { text: signingText(params) },
      fetchPolicy: 'no-cache',
    }),
  ]);
  const signature = signed.data?.generateSignature;
  if (!signature) throw new Error('No signature was returned.');
  const search = new URLSearchParams();
  for (const key of SIGNED_PARAMS) {
    const value = params[key];
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  search.set('signature', signature);
  const res = await fetch(`${base.data.reportingApiUrl}${path}?${search}`, {
    credentials: 'same-origin',
    signal: signal ?? null,
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error(`${path} did not answer a list`);
  return body as T[];
}

export function logReportFailure(path: ReportingPath, err: unknown) {
  console.error(`Reporting API call ${path} failed:`, err);
}

const NO_ROWS: never[] = [];

/**
 * The rows of a reporting call, refetched when its parameters change; `params` null waits (no user
 * yet). A failure is logged and gives no rows.
 */
export function useReport<T>(path: ReportingPath, params: ReportingRequest | null) {
  const apollo = useApolloClient();
  const key = params ? JSON.stringify(params) : null;
  const [state, setState] = useState<{ key: string | null; rows: T[] }>({ key: null, rows: [] });
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    fetchReport<T>(apollo, path, JSON.parse(key) as ReportingRequest, controller.signal)
      // Rows arrive as a transition: the charts and tables they fill are rendered in slices that let
      // the browser answer taps in between, not in one long task.
      .then((rows) => startTransition(() => setState({ key, rows })))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        logReportFailure(path, err);
        setState({ key, rows: [] });
      });
    return () => controller.abort();
  }, [apollo, path, key]);
  const loading = key !== null && state.key !== key;
  return { rows: loading ? (NO_ROWS as T[]) : state.rows, loading };
}
