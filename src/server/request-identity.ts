import type { FastifyRequest } from 'fastify';
import { findSessionUser, SESSION_COOKIE } from './accounts/sessions.js';
import { ENTRY_BRAND_COOKIE, resolveBrand, subdomainOf } from './brands/resolve-brand.js';
import type { Config } from './config.js';
import type { BrandRow, UserRow } from './context.js';
import type { Db } from './db/client.js';

export type RequestIdentity = {
  user: UserRow | null;
  sessionId: string | null;
  brand: BrandRow;
  origin: string;
};

/** The session token from `Authorization: Bearer <token>`, else from the session cookie. */
export function sessionToken(req: FastifyRequest): string | null {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim() || null;
  return req.cookies[SESSION_COOKIE] ?? null;
}

/**
 * The current user, the brand of the visit and the origin for e-mailed links. The origin is the
 * request's own only when its host is one of ours (a brand domain or under BASE_DOMAIN); otherwise
 * PUBLIC_URL, so a forged Host header cannot redirect reset links.
 */
export async function identifyRequest(db: Db, config: Config, req: FastifyRequest): Promise<RequestIdentity> {
  const token = sessionToken(req);
  const session = token ? await findSessionUser(db, token) : null;
  const host = req.hostname.toLowerCase();
  const brand = await resolveBrand(db, {
    host,
    baseDomain: config.BASE_DOMAIN,
    user: session?.user ?? null,
    entryPath: req.cookies[ENTRY_BRAND_COOKIE] ?? null,
  });
  const ours =
    host === config.BASE_DOMAIN.toLowerCase() ||
    subdomainOf(host, config.BASE_DOMAIN) !== null ||
    (brand.customDomain !== null && brand.customDomain.toLowerCase() === host);
  const origin = ours ? `${req.protocol}://${req.host}` : config.PUBLIC_URL.replace(/\/$/, '');
  return { user: session?.user ?? null, sessionId: session?.sessionId ?? null, brand, origin };
}
