import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiKeyAllows,
  apiKeyFromAuthorization,
  bearerToken,
  MSG_API_KEY_INVALID,
} from '../../domain/index.js';
import { findLiveApiKey } from '../api-keys/index.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { accountMembers, locations, regions, users } from '../db/schema.js';
import { parseRestParams, type Refusal, restRefusalText } from '../rest-input-boundary.js';
import { memberReachJson, reachOfJson } from '../team/access.js';
import {
  listPrograms,
  listShops,
  listSurveys,
  RawJson,
  type Scope,
  summaryQuestions,
  summarySections,
  summaryShops,
  worstQuestions,
} from './queries.js';
import {
  MSG_REPORTING_CREDENTIALS_MISSING,
  type ReportingPath,
  type ReportingQuery,
  type ReportingRecord,
  ZReportingKeyQuery,
  ZReportingQuery,
} from './schemas.js';
import { type ReportingParams, verifySignature } from './signature.js';

// The signed reporting REST API of the spec (GET, JSON arrays). Every call carries userMakingRequest,
// client and signature; the signature covers every parameter (see signature.ts). The server signs only
// for the caller as userMakingRequest and their own id as client (any client for admins), and checks
// both again here, so a signature can neither be forged nor reused for another client or parameter.
// The input rules are schemas.ts's, which the OpenAPI document (GET /api/openapi.json) is made from.
// Instead of signing, a customer's system may send an API key with scope reporting:read as
// `Authorization: Bearer sk_live_…` (issue 20): it reads its own account's whole data (client defaults
// to it; another client is refused), as the owner would.

const ZQuery = ZReportingQuery;
type Query = ReportingQuery;

const ZKeyQuery = ZReportingKeyQuery;

const refuseInput = async (reply: FastifyReply, refusal: Refusal) => {
  await reply.code(400).send(refusal);
  return null;
};
const badRequest = (reply: FastifyReply, field: string, predicate: string) =>
  refuseInput(reply, { error: restRefusalText(field, predicate), field });
const unauthenticated = async (reply: FastifyReply, error: string) => {
  await reply.code(401).send({ error });
  return null;
};
const refuse = async (reply: FastifyReply) => {
  await reply.code(403).send({ error: 'Not Authorized' });
  return null;
};

/** Who asks and what they see, before the Region filter: see authenticate. */
type Asker = { q: Query; scope: string[] | null; reach: ReportingCall['reach'] };

/** A call with an API key: the key's account, whole (keys act as its owner), within its scope. */
async function authenticateKey(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db },
  key: string,
): Promise<Asker | null> {
  const parsed = parseRestParams(ZKeyQuery, req.query);
  if (parsed.refusal) return refuseInput(reply, parsed.refusal);
  const found = await findLiveApiKey(deps.db, key);
  if (!found) return unauthenticated(reply, MSG_API_KEY_INVALID);
  if (!apiKeyAllows(found.apiKey.scopes, 'reporting:read')) return refuse(reply);
  const client = parsed.data.client ?? found.apiKey.accountId;
  if (client !== found.apiKey.accountId) return refuse(reply);
  const q = { ...parsed.data, client, userMakingRequest: parsed.data.userMakingRequest ?? client };
  return { q, scope: null, reach: null };
}

/** Parses and authenticates a reporting call; on failure the reply is sent and null returned. */
async function authenticate(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db; config: Config },
): Promise<ReportingCall | null> {
  const raw = req.query as Record<string, string>;
  const key = apiKeyFromAuthorization(req.headers.authorization);
  // Credentials first, as documented (401): a signed call carries a signature; without one, a bearer
  // token that is no API key is a wrong key, and nothing at all is a missing signature or key.
  if (!key && !raw.signature)
    return unauthenticated(
      reply,
      bearerToken(req.headers.authorization) ? MSG_API_KEY_INVALID : MSG_REPORTING_CREDENTIALS_MISSING,
    );
  const asker = key
    ? await authenticateKey(req, reply, deps, key)
    : await authenticateSigned(req, reply, deps);
  if (!asker) return null;
  const { q } = asker;
  let { scope, reach } = asker;
  // The Region filter narrows the scope to the region's locations (never widens it).
  if (q.regionId) {
    const [region] = await deps.db
      .select({ id: regions.id })
      .from(regions)
      .where(and(eq(regions.id, q.regionId), eq(regions.accountId, q.client)))
      .limit(1);
    if (!region) return badRequest(reply, 'regionId', 'is not a region of this client');
    const inRegion = (
      await deps.db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.regionId, region.id), eq(locations.uid, q.client)))
    ).map((l) => l.id);
    const allowed = scope && new Set(scope);
    scope = allowed ? inRegion.filter((id) => allowed.has(id)) : inRegion;
    // The region whole when the caller sees all of it, else its locations the manager was given.
    reach =
      !reach || reach.regions.includes(region.id)
        ? { regions: [region.id], loose: [] }
        : { regions: [], loose: scope };
  }
  // Paging the per-shop summary calls is asked for explicitly (without it, every shop of the range).
  return {
    ...q,
    clientId: q.client,
    scope,
    reach,
    paged: raw.pageNumber !== undefined || raw.pageSize !== undefined,
  };
}

/** A signed call: the signature, then who asks (read now) and what of the client they see. */
async function authenticateSigned(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: { db: Db; config: Config },
): Promise<Asker | null> {
  const raw = req.query as Record<string, string>;
  const parsed = parseRestParams(ZQuery, raw);
  if (parsed.refusal) return refuseInput(reply, parsed.refusal);
  // The signature covers the parameters exactly as sent.
  const signed: ReportingParams = {};
  for (const key of Object.keys(raw))
    if (key !== 'signature') signed[key as keyof ReportingParams] = raw[key];
  if (!verifySignature(deps.config.appSecret, signed, parsed.data.signature))
    return unauthenticated(reply, 'Invalid signature.');
  const q = parsed.data;
  // Who asks, read now (a member removed or changed since the signature was made has their new reach):
  // the client itself, a platform admin, or a member of the client's team whose role sees reports. A
  // manager's results are limited to their locations (`scope`).
  const asker = await reportingCaller(deps.db, q.userMakingRequest);
  const member = asker?.member && !asker.member.removedAt ? asker.member : null;
  if (!asker) return refuse(reply);
  let scope: string[] | null = null;
  let reach: ReportingCall['reach'] = null;
  if (!asker.admin) {
    if (asker.member?.removedAt) return refuse(reply);
    const acting =
      member && member.accountId !== q.userMakingRequest ? member.accountId : q.userMakingRequest;
    if (q.client !== acting) return refuse(reply);
    if (member && member.role === 'manager') {
      const mine = reachOfJson(asker.reach);
      scope = mine.locations;
      reach = mine;
    }
  }
  return { q, scope, reach };
}

/** The caller of a signed call: admin or not, their team membership, and a manager's reach. */
export async function reportingCaller(db: Db, userId: string) {
  const [asker] = await db
    .select({
      admin: users.admin,
      member: accountMembers,
      reach: sql<
        Parameters<typeof reachOfJson>[0]
      >`case when ${accountMembers.role} = 'manager' then ${memberReachJson(db)} end`,
    })
    .from(users)
    .leftJoin(accountMembers, eq(accountMembers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return asker;
}

/**
 * A parsed, authenticated call. `scope`: the locations a team's manager may see, narrowed to the
 * Region filter's (null: all of the client's); every query keeps to it. `reach`: the same as whole
 * regions and loose locations, for the rollups.
 */
export type ReportingCall = ReportingQuery &
  Required<Scope> & { clientId: string; scope: string[] | null; paged: boolean };

/**
 * An endpoint's answer: its records (records.ts) as objects, which the compiler checks against them,
 * or as JSON written by PostgreSQL, which the OpenAPI answer test checks (openapi/answers.test.ts).
 */
type Handler<P extends ReportingPath> = (q: ReportingCall, db: Db) => Promise<ReportingRecord<P>[] | RawJson>;

/** The page of shops a per-shop summary call asks for (the CSV's), if it pages; grouped calls do not. */
const shopsPage = (q: ReportingCall) => (q.paged && !q.groupBy ? q : null);

// One handler per documented endpoint (schemas.ts lists them for the OpenAPI document).
const ENDPOINTS: { [P in ReportingPath]: Handler<P> } = {
  '/api/programs': (q, db) => listPrograms(db, q.clientId, q),
  '/api/shops': (q, db) => listShops(db, q.clientId, q),
  '/api/surveys': (q, db) => listSurveys(db, q.clientId, q),
  '/api/summary/shops': (q, db) => summaryShops(db, q.clientId, { ...q, shopsPage: shopsPage(q) }),
  '/api/summary/sectionHeaders': (q, db) =>
    summarySections(db, q.clientId, { ...q, shopsPage: shopsPage(q) }),
  '/api/summary/worstQuestions': (q, db) => worstQuestions(db, q.clientId, q),
  '/api/summary/questions': (q, db) => summaryQuestions(db, q.clientId, { ...q, shopsPage: shopsPage(q) }),
};

/**
 * The endpoints. Who asks (the API key, the signer's role and reach) is read on the primary, as every
 * authentication is; the report itself on `readDb`, the read replica when there is one (it may lag by
 * its replay delay: docs/read-replica.md).
 */
export async function registerReportingApi(
  app: FastifyInstance,
  deps: { db: Db; readDb: Db; config: Config },
) {
  for (const [path, handler] of Object.entries(ENDPOINTS)) {
    const route = async (req: FastifyRequest, reply: FastifyReply) => {
      const q = await authenticate(req, reply, deps);
      if (!q) return reply;
      const result = await handler(q, deps.readDb);
      reply.header('cache-control', 'private, no-store');
      if (result instanceof RawJson) return reply.type('application/json; charset=utf-8').send(result.text);
      return reply.send(result);
    };
    app.get(path, route);
    app.get(`${path}/`, route);
  }
}
