import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiKeyFromAuthorization, bearerToken, MSG_API_KEY_INVALID, type TeamRole } from '../domain/index.js';
import { noteSessionSeen, SESSION_COOKIE } from './accounts/sessions.js';
import { type ApiKeyCaller, findLiveApiKey } from './api-keys/index.js';
import { hashToken } from './auth/tokens.js';
import {
  type BrandLookup,
  bestBrand,
  brandKeys,
  defaultBrand,
  ENTRY_BRAND_COOKIE,
  resolveBrand,
  subdomainOf,
} from './brands/resolve-brand.js';
import type { Config } from './config.js';
import type { BrandRow, UserRow } from './context.js';
import type { Db } from './db/client.js';
import { executedRows, jsonRowDecoder } from './db/json-rows.js';
import { brands, users } from './db/schema.js';
import { AppError } from './errors.js';

export type RequestIdentity = {
  /**
   * The customer account the caller acts for: their own user row, or, for a member of another account's
   * team, that account's row (orders, locations, invoices and the card hang off it). Null when anonymous.
   */
  user: UserRow | null;
  /** The login itself (the same row as `user` unless the caller is a member of another account). */
  person: UserRow | null;
  /** The caller's place in a team, read at every request so a change or removal applies at once. */
  member: TeamMember | null;
  sessionId: string | null;
  /**
   * Set when the request is authenticated by an API key (`Authorization: Bearer sk_live_…`) instead of
   * a session: the key, the account it acts for (`user`) and its scopes. Null for every other request.
   */
  apiKey: ApiKeyCaller | null;
  /**
   * Why the login must set up two-factor sign-in before it may go on (issue 50): 'admin', a platform
   * admin without one (then `person.admin` is false: no admin work until it is set up); 'team', a member
   * of an account whose owner requires it (graphql/team-guard.ts lets only the setup through). Else null.
   */
  secondFactorSetup: SecondFactorSetup;
  brand: BrandRow;
  origin: string;
};

export type SecondFactorSetup = 'admin' | 'team' | null;

/** A login's row in a team (account_members); `removed` once the login was taken off the team. */
export type TeamMember = { id: string; accountId: string; role: TeamRole; removed: boolean };

/** The session token from `Authorization: Bearer <token>`, else from the session cookie. */
export function sessionToken(req: FastifyRequest): string | null {
  const bearer = bearerToken(req.headers.authorization);
  if (bearer) return bearer;
  return req.cookies[SESSION_COOKIE] ?? null;
}

const decodeUser = jsonRowDecoder(users);
const decodeBrand = jsonRowDecoder(brands);

type Json = Record<string, unknown>;

/**
 * The user of a live session (the conditions of findSessionUser in accounts/sessions.ts: this token's
 * session, not revoked, not expired, read at every request so a revoked session is refused at once)
 * and the brand candidates of resolveBrand, the user's own brand among them, in one round trip.
 */
async function readSession(
  db: Db,
  token: string,
  q: Omit<BrandLookup, 'user'> & { adminTwoFactor: boolean },
  now = new Date(),
): Promise<{
  user: UserRow | null;
  person: UserRow | null;
  member: TeamMember | null;
  sessionId: string | null;
  /** When and how the session was last used (sessions.last_seen_at, last_seen_via). */
  seen: { at: string | null; via: string | null } | null;
  secondFactorSetup: SecondFactorSetup;
  brands: BrandRow[];
}> {
  const k = brandKeys({ ...q, user: null });
  const [row] = executedRows<{
    session: [Json, string, string | null, string | null, boolean | null] | null;
    member: [string, string, TeamRole, boolean, Json | null, boolean | null] | null;
    brands: Json[];
  }>(
    await db.execute(sql`
      with su as (
        select u, s.id as session_id, s.last_seen_at, s.last_seen_via
          from sessions s join users u on u.id = s.user_id
         where s.token_hash = ${hashToken(token)} and s.revoked_at is null
           and s.expires_at > ${now.toISOString()}::timestamptz
         limit 1)
      select
        (select json_build_array(u, session_id, last_seen_at, last_seen_via,
                  case when (u).admin and ${q.adminTwoFactor} then not exists(select 1 from two_factor_totp t
                    where t.user_id = (u).id and t.confirmed_at is not null)
                    and not exists(select 1 from passkeys p where p.user_id = (u).id) end) from su) as session,
        (select json_build_array(m.id, m.account_id, m.role, m.removed_at is not null,
                  case when m.account_id <> m.user_id and m.removed_at is null
                       then (select a from users a where a.id = m.account_id) end,
                  case when m.account_id <> m.user_id and m.removed_at is null
                        and (select a.require_two_factor from users a where a.id = m.account_id)
                       then not exists(select 1 from two_factor_totp t
                         where t.user_id = m.user_id and t.confirmed_at is not null)
                         and not exists(select 1 from passkeys p where p.user_id = m.user_id) end)
           from account_members m where m.user_id = (select (u).id from su)) as member,
        (select coalesce(json_agg(b), '[]'::json) from brands b
          where (b.type = 'CUSTOM_DOMAIN' and lower(b.custom_domain) = ${k.host}::text)
             or (b.type = 'CUSTOM_SUBDOMAIN' and lower(b.subdomain) = ${k.sub}::text)
             or b.id = (select (u).associated_brand_id from su)
             or (b.type = 'ENTRY_PATH' and lower(b.entry_path) = ${k.entryPath}::text)
             or b.is_default) as brands`),
  );
  const session = row?.session ?? null;
  const login = session ? decodeUser(session[0]) : null;
  const m = login ? (row?.member ?? null) : null;
  const secondFactorSetup: SecondFactorSetup = session?.[4] ? 'admin' : m?.[5] ? 'team' : null;
  // A platform admin without a second factor acts with no admin rights until they set one up.
  const person = login && secondFactorSetup === 'admin' ? { ...login, admin: false } : login;
  const member: TeamMember | null = m ? { id: m[0], accountId: m[1], role: m[2], removed: m[3] } : null;
  return {
    // A member acts with the account's customer rights, never with its login's staff or admin rights.
    user: m?.[4] ? actingForAccount(decodeUser(m[4])) : person,
    person,
    member,
    sessionId: session ? session[1] : null,
    seen: session ? { at: session[2], via: session[3] } : null,
    secondFactorSetup,
    brands: (row?.brands ?? []).map(decodeBrand),
  };
}

/**
 * The account as someone other than its login acts for it: with its customer rights only, never as a
 * platform admin or QA staff whatever the account's own login may be. An API key acts so as the owner
 * would (whole-account reach, no team row; its scopes say what it may do on top,
 * graphql/api-key-guard.ts), and so does a member of another account's team (issue 42).
 */
const actingForAccount = (account: UserRow): UserRow => ({ ...account, admin: false, roles: [] });

/**
 * The current user, the brand of the visit and the origin for e-mailed links. The origin is the
 * request's own only when its host is one of ours (a brand domain or under BASE_DOMAIN); otherwise
 * PUBLIC_URL, so a forged Host header cannot redirect reset links.
 *
 * One round trip either way: without a session token only the brand candidates are read (a prepared
 * statement); with one, the session's user and the candidates, the user's brand among them, together.
 *
 * `apiKeys`: the caller accepts API keys (GraphQL does; pages, uploads and exports do not, so a key
 * there is an unknown session token and the request anonymous). A key that is not live is refused
 * (UNAUTHENTICATED) rather than read as anonymous, so a revoked key fails loudly.
 */
export async function identifyRequest(
  db: Db,
  config: Config,
  req: FastifyRequest,
  opts: { apiKeys?: boolean } = {},
): Promise<RequestIdentity> {
  const key = opts.apiKeys ? apiKeyFromAuthorization(req.headers.authorization) : null;
  const token = key ? null : sessionToken(req);
  const host = req.hostname.toLowerCase();
  const lookup = {
    host,
    baseDomain: config.BASE_DOMAIN,
    entryPath: req.cookies[ENTRY_BRAND_COOKIE] ?? null,
  };
  let user: UserRow | null = null;
  let person: UserRow | null = null;
  let member: TeamMember | null = null;
  let sessionId: string | null = null;
  let secondFactorSetup: SecondFactorSetup = null;
  let apiKey: ApiKeyCaller | null = null;
  let brand: BrandRow;
  if (key) {
    const found = await findLiveApiKey(db, key);
    if (!found) throw new AppError('UNAUTHENTICATED', MSG_API_KEY_INVALID);
    user = person = actingForAccount(found.account);
    apiKey = found.apiKey;
    brand = await resolveBrand(db, { ...lookup, user });
  } else if (token) {
    const found = await readSession(db, token, { ...lookup, adminTwoFactor: config.adminTwoFactorRequired });
    ({ user, person, member, sessionId, secondFactorSetup } = found);
    if (sessionId && found.seen) {
      await noteSessionSeen(
        db,
        sessionId,
        found.seen,
        bearerToken(req.headers.authorization) ? 'api' : 'browser',
      );
    }
    brand = bestBrand(found.brands, { ...lookup, user }) ?? (await defaultBrand(db));
  } else {
    brand = await resolveBrand(db, { ...lookup, user: null });
  }
  const ours =
    host === config.BASE_DOMAIN.toLowerCase() ||
    subdomainOf(host, config.BASE_DOMAIN) !== null ||
    (brand.customDomain !== null && brand.customDomain.toLowerCase() === host);
  const origin = ours ? `${req.protocol}://${req.host}` : config.PUBLIC_URL.replace(/\/$/, '');
  return { user, person, member, sessionId, secondFactorSetup, apiKey, brand, origin };
}
