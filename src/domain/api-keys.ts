import { z } from 'zod';
import { zText } from './schemas/text';

/**
 * API keys for customers' systems (issue 20): a secret a customer's BI tool or intranet sends as
 * `Authorization: Bearer sk_live_…` to read the account's reports. Pure rules; the server stores only
 * a hash and enforces the scopes (server/api-keys).
 */

/** What every key starts with, so a leaked key is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'sk_live_';
/** Random characters after the prefix: 43 of a 55-letter alphabet, about 248 bits. */
export const API_KEY_SECRET_LENGTH = 43;
/** Random characters kept for display after `sk_live_` (sk_live_AbC1…): enough to tell keys apart. */
export const API_KEY_SHOWN_CHARS = 4;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${API_KEY_SECRET_LENGTH}}$`);

/** Whether `text` has the shape of an API key (says nothing about whether it is live). */
export const isApiKey = (text: string): boolean => KEY_PATTERN.test(text);

/** The part of a key that may be shown and stored in the clear: `sk_live_` and its first characters. */
export function apiKeyPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + API_KEY_SHOWN_CHARS);
}

const BEARER_SCHEME = /^bearer[ \t]+/i;

/**
 * The token of an `Authorization: Bearer <token>` header (a session token or an API key), or null for
 * another scheme or none. The scheme is matched in any case, as RFC 9110 (11.1) says it is:
 * `bearer <token>` is the same header. The one reading of the header for REST, GraphQL and pages.
 */
export function bearerToken(header: string | null | undefined): string | null {
  const scheme = header ? BEARER_SCHEME.exec(header) : null;
  if (!scheme) return null;
  return header!.slice(scheme[0].length).trim() || null;
}

/** A key's bearer token from an Authorization header, or null when the header carries no API key. */
export function apiKeyFromAuthorization(header: string | null | undefined): string | null {
  const token = bearerToken(header);
  return token && isApiKey(token) ? token : null;
}

/**
 * What a key may do. Each scope is exactly what it lets through, nothing implied:
 * - reporting:read: the reporting REST API (/api/programs, /api/shops, /api/surveys, /api/summary/*)
 *   for the key's account, and the read-only reporting queries of GraphQL (shop reports, survey
 *   summaries, regions). No mutation, no orders, billing, locations, team or settings.
 */
export const API_KEY_SCOPES = ['reporting:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const DEFAULT_API_KEY_SCOPES: readonly ApiKeyScope[] = ['reporting:read'];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  'reporting:read': {
    label: 'Reporting (read-only)',
    description: "Read the account's reports through the reporting API and GraphQL; nothing else.",
  },
};

export const isApiKeyScope = (s: string): s is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(s);

/** Whether a key holding `scopes` may do what `needs` names. */
export const apiKeyAllows = (scopes: readonly string[], needs: ApiKeyScope): boolean =>
  scopes.includes(needs);

/** Keys an account may have that are not revoked. */
export const MAX_ACTIVE_API_KEYS = 20;
export const API_KEY_NAME_MAX = 100;

/** How often the server writes a key's "last used" time: at most once per this many milliseconds. */
export const API_KEY_LAST_USED_EVERY_MS = 60_000;

/** Whether a use at `now` should be written, given the last one written (cheap: once a minute). */
export function shouldMarkApiKeyUsed(lastUsedAt: Date | null, now: Date): boolean {
  return lastUsedAt === null || now.getTime() - lastUsedAt.getTime() >= API_KEY_LAST_USED_EVERY_MS;
}

export const MSG_API_KEY_NAME_REQUIRED = 'Name is required.';
export const MSG_API_KEY_SCOPES_REQUIRED = 'Choose at least one scope.';
export const MSG_API_KEY_UNKNOWN_SCOPE = `Scopes must be among: ${API_KEY_SCOPES.join(', ')}.`;
export const MSG_API_KEY_NOT_FOUND = 'API key not found.';
export const MSG_TOO_MANY_API_KEYS = `An account may have ${MAX_ACTIVE_API_KEYS} active API keys; revoke one first.`;
export const MSG_API_KEY_INVALID = 'Invalid or revoked API key.';
export const MSG_API_KEY_READ_ONLY = 'An API key is read-only: mutations are refused.';
export const msgApiKeyFieldRefused = (field: string) =>
  `An API key with scope reporting:read cannot query ${field}; it reads reports only.`;

/** createApiKey's input: a name to recognise the key by and its scopes (reporting:read by default). */
export const ZCreateApiKeyInput = z.object({
  name: zText('Name', { max: API_KEY_NAME_MAX }).pipe(
    z.string().min(1, { error: MSG_API_KEY_NAME_REQUIRED }),
  ),
  scopes: z
    .array(z.string().refine(isApiKeyScope, { error: MSG_API_KEY_UNKNOWN_SCOPE }), {
      error: MSG_API_KEY_SCOPES_REQUIRED,
    })
    .min(1, { error: MSG_API_KEY_SCOPES_REQUIRED })
    .default([...DEFAULT_API_KEY_SCOPES])
    .transform((s) => [...new Set(s)] as ApiKeyScope[]),
});
export type TCreateApiKeyInput = z.input<typeof ZCreateApiKeyInput>;
