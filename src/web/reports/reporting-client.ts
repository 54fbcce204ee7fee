import { type ApolloClient, useApolloClient, useQuery } from '@apollo/client';
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

/**
 * The reporting API's base URL, read by a component the server renders (the dashboard's summary), so the
 * page arrives with it and the first report calls do not wait for it.
 */
export function useReportingApiUrl() {
  useQuery(REPORTING_API_URL, { fetchPolicy: 'cache-first' });
}

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

/** The call for a customer's programs (My Programs, Programs). */
export const programsRequest = (parties: ReportingParties): ReportingRequest => ({
  ...parties,
  ...REPORT_PAGE,
});

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

/** A call started before the component that shows it rendered, waiting for its useReport. */
type Prefetched = { rows: Promise<unknown[]>; settled: unknown[] | null; startedAt: number };

const prefetched = new Map<string, Prefetched>();

/** How long a prefetched answer waits for its component: longer, and it is asked for again. */
const PREFETCH_TTL_MS = 30_000;

const prefetchKey = (path: ReportingPath, key: string) => `${path} ${key}`;

/**
 * Starts a reporting call ahead of the component that shows it (app/start.tsx calls the page's prefetch
 * while React takes over the server's page), so its answer is on the way, or here, when the component
 * first renders. The useReport with the same path and parameters takes it instead of asking again; a
 * failure reaches that useReport as its own call's would.
 */
export function prefetchReport(apollo: ApolloClient<unknown>, path: ReportingPath, params: ReportingRequest) {
  const key = prefetchKey(path, JSON.stringify(params));
  if (prefetched.has(key)) return;
  const entry: Prefetched = { rows: fetchReport(apollo, path, params), settled: null, startedAt: Date.now() };
  entry.rows.then(
    (rows) => {
      entry.settled = rows;
    },
    () => {},
  );
  prefetched.set(key, entry);
}

/** The prefetched call for these parameters, if one was started recently; `take` removes it. */
function prefetchedReport(path: ReportingPath, key: string, take: boolean): Prefetched | null {
  const found = prefetched.get(prefetchKey(path, key));
  if (!found) return null;
  const fresh = Date.now() - found.startedAt < PREFETCH_TTL_MS;
  if (take || !fresh) prefetched.delete(prefetchKey(path, key));
  return fresh ? found : null;
}

/**
 * The rows of a reporting call, refetched when its parameters change; `params` null waits (no user
 * yet). A failure is logged and gives no rows.
 */
export function useReport<T>(path: ReportingPath, params: ReportingRequest | null) {
  const apollo = useApolloClient();
  const key = params ? JSON.stringify(params) : null;
  // A prefetched answer that has arrived is the first render's: no loading state, no second render.
  const [state, setState] = useState<{ key: string | null; rows: T[] }>(() => {
    const settled = key === null ? null : prefetchedReport(path, key, false)?.settled;
    return settled ? { key, rows: settled as T[] } : { key: null, rows: [] };
  });
  useEffect(() => {
    if (key === null) return;
    const ahead = prefetchedReport(path, key, true);
    if (ahead?.settled) {
      const rows = ahead.settled as T[];
      setState((s) => (s.key === key ? s : { key, rows }));
      return;
    }
    const controller = new AbortController();
    (
      (ahead?.rows as Promise<T[]> | undefined) ??
      fetchReport<T>(apollo, path, JSON.parse(key) as ReportingRequest, controller.signal)
    )
      // Rows arrive as a transition: the charts and tables they fill are rendered in slices that let
      // the browser answer taps in between, not in one long task.
      // (A prefetched call is not aborted: its answer must not land after the parameters changed.)
      .then((rows) => {
        if (!controller.signal.aborted) startTransition(() => setState({ key, rows }));
      })
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
