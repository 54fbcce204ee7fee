import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  type NormalizedCacheObject,
} from '@apollo/client';
import { notifications } from '@mantine/notifications';

/**
 * The build's id of a document (GraphQL Codegen's persisted documents: the SHA-256 of its text, also
 * listed in the server's copy of the build's documents), or null for a document written elsewhere.
 */
export function persistedId(document: unknown): string | null {
  const hash = (document as { __meta__?: { hash?: string } }).__meta__?.hash;
  return hash?.startsWith('sha256:') ? hash.slice('sha256:'.length) : null;
}

/**
 * Trusted documents (docs/trusted-documents.md): the browser sends the id of the build's document
 * instead of its text, in Apollo's format ({extensions: {persistedQuery: {version: 1, sha256Hash}}}); in
 * production the server runs only those from the storefront's pages.
 */
const persistedDocuments = new ApolloLink((operation, forward) => {
  const id = persistedId(operation.query);
  if (id) {
    operation.extensions.persistedQuery = { version: 1, sha256Hash: id };
    operation.setContext({ http: { includeQuery: false, includeExtensions: true } });
  }
  return forward(operation);
});

/**
 * The browser's client, starting from the answers the server render used when there was one (so the
 * hydrating page reads them instead of asking again); the server render passes its own link.
 */
export function createApolloClient(
  options: { link?: ApolloLink; state?: NormalizedCacheObject | null; ssrMode?: boolean } = {},
) {
  const cache = new InMemoryCache({
    typePolicies: {
      User: { keyFields: ['_id'] },
      Brand: { keyFields: ['_id'] },
      // Work lists that shrink as work is taken or finished: the server's list replaces the cached one.
      Query: {
        fields: {
          openVisits: { merge: false },
          myEvaluations: { merge: false },
          qaQueue: { merge: false },
        },
      },
    },
  });
  if (options.state) cache.restore(options.state);
  return new ApolloClient({
    // The session cookie (HttpOnly) authenticates the browser; API clients may send a Bearer token.
    link:
      options.link ??
      ApolloLink.from([persistedDocuments, new HttpLink({ uri: '/api', credentials: 'same-origin' })]),
    cache,
    ssrMode: options.ssrMode ?? false,
    // A server-rendered page's queries are answered from the cache while it hydrates, not asked twice.
    ...(options.state ? { ssrForceFetchDelay: 1000 } : {}),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}

type MaybeErrors = {
  graphQLErrors?: readonly { message: string }[];
  reason?: string;
  message?: string;
  error?: string;
};

/**
 * The message to show for a failed call (spec, account-and-reporting 8): the reason, else for
 * GraphQL errors all messages joined, else the message, else a string error as is.
 */
export function errorMessage(err: unknown, fallback = 'An unknown error has occurred'): string {
  if (typeof err === 'string') return err || fallback;
  if (!err || typeof err !== 'object') return fallback;
  const e = err as MaybeErrors;
  if (e.reason) return e.reason;
  if (e.graphQLErrors?.length) return e.graphQLErrors.map((g) => g.message).join(' ');
  return e.message || e.error || fallback;
}

/** Field-level messages the server attached to a BAD_USER_INPUT error. */
export function fieldErrors(err: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const gql = (
    err as { graphQLErrors?: { extensions?: { fields?: { field: string; message: string }[] } }[] }
  )?.graphQLErrors;
  for (const g of gql ?? []) for (const f of g.extensions?.fields ?? []) out[f.field] ??= f.message;
  return out;
}

export function notifyError(err: unknown) {
  notifications.show({
    color: 'red',
    title: 'Error',
    message: errorMessage(err, 'An unknown error occured.'),
  });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}
