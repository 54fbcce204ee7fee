import { existsSync, readFileSync } from 'node:fs';
// An envelop plugin, not a React hook: imported under a name the hook lint rule leaves alone.
import { usePersistedOperations as persistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { type DocumentNode, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { bearerToken, isApiKey } from '../../domain/index.js';
import { findSessionUser, SESSION_COOKIE } from '../accounts/sessions.js';
import { findLiveApiKey } from '../api-keys/index.js';
import type { Db } from '../db/client.js';
import { MSG_QUERY_REQUIRED } from './request-body.js';

/**
 * Trusted documents (docs/trusted-documents.md). The web app's GraphQL documents are listed at build
 * time by GraphQL Codegen (src/web/gql/persisted-documents.json: "sha256:<hash>" → text); the browser
 * sends a document's hash (Apollo's {extensions: {persistedQuery: {version: 1, sha256Hash}}}) and the
 * server runs its own copy, parsed once and not validated again (codegen validated it against this
 * schema when it listed it).
 *
 * In production a document's text is refused from the storefront's pages: a request with an Origin
 * header (browsers send it with every POST) may run only the listed documents, unless it carries
 * `Authorization: Bearer` with a live session token or API key (an API client) or comes from a platform admin's session
 * (the GraphQL explorer). Clients without an Origin (servers, scripts, curl) send any document; they are
 * authorized like every other caller.
 */

export const TRUSTED_DOCUMENTS_FILE = new URL('../../web/gql/persisted-documents.json', import.meta.url);

export const MSG_PERSISTED_ONLY =
  'This API accepts only the storefront’s own operations from a browser. API clients send Authorization: Bearer <token>.';
export const MSG_UNKNOWN_DOCUMENT =
  'Unknown operation id: this page is older than the server. Reload the page to get the new version.';

/** The build's documents by hash (without the "sha256:" prefix); empty when the web app is not built. */
export function readTrustedDocuments(...files: (URL | string)[]): Map<string, string> {
  const documents = new Map<string, string>();
  for (const file of files.length ? files : [TRUSTED_DOCUMENTS_FILE]) {
    if (!existsSync(file)) continue;
    const listed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    for (const [key, text] of Object.entries(listed)) documents.set(key.replace(/^sha256:/, ''), text);
  }
  return documents;
}

const sessionCookie = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`);

/** Whether a request may send a document's text (see above). */
export async function mayRunArbitraryDocuments(db: Db, request: Request): Promise<boolean> {
  if (!request.headers.get('origin')) return true;
  const bearer = bearerToken(request.headers.get('authorization'));
  if (bearer && isApiKey(bearer)) return (await findLiveApiKey(db, bearer)) !== null;
  if (bearer) return (await findSessionUser(db, bearer)) !== null;
  const cookie = sessionCookie.exec(request.headers.get('cookie') ?? '')?.[1];
  if (!cookie) return false;
  return (await findSessionUser(db, decodeURIComponent(cookie)))?.user.admin === true;
}

/** The build's documents (and TRUSTED_DOCUMENTS' file), each parsed once when first asked for. */
export type TrustedDocumentStore = { document(id: string): DocumentNode | null };

export function trustedDocumentStore(moreDocuments?: string): TrustedDocumentStore {
  if (moreDocuments && !existsSync(moreDocuments))
    throw new Error(`TRUSTED_DOCUMENTS: no file at ${moreDocuments}`);
  const texts = readTrustedDocuments(TRUSTED_DOCUMENTS_FILE, ...(moreDocuments ? [moreDocuments] : []));
  const parsed = new Map<string, DocumentNode>();
  return {
    document(id) {
      const known = parsed.get(id);
      if (known) return known;
      const text = texts.get(id);
      if (text === undefined) return null;
      const document = parse(text);
      parsed.set(id, document);
      return document;
    },
  };
}

export function trustedDocuments(deps: { db: Db; production: boolean; store: TrustedDocumentStore }): Plugin {
  return persistedOperations({
    getPersistedOperation: (id) => deps.store.document(id),
    allowArbitraryOperations: deps.production
      ? (request) => mayRunArbitraryDocuments(deps.db, request)
      : true,
    skipDocumentValidation: true,
    customErrors: {
      notFound: { message: MSG_UNKNOWN_DOCUMENT, extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } },
      persistedQueryOnly: { message: MSG_PERSISTED_ONLY, extensions: { code: 'PERSISTED_QUERY_ONLY' } },
      keyNotFound: {
        message: MSG_QUERY_REQUIRED,
        extensions: { code: 'BAD_REQUEST' },
      },
    },
  }) as Plugin;
}
