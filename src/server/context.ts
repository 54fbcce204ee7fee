import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Adapters } from './adapters/index.js';
import type { ApiKeyCaller } from './api-keys/index.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { brands, users } from './db/schema.js';
import type { TeamMember } from './request-identity.js';

export type UserRow = typeof users.$inferSelect;
export type BrandRow = typeof brands.$inferSelect;

/** Everything a resolver or use case may need about the current request. */
export type AppContext = {
  /** The primary: writes, and every read that must see them. */
  db: Db;
  /**
   * The read replica (DATABASE_READ_URL), else `db`: only for reporting reads that may lag the primary by
   * the replica's replay delay (docs/read-replica.md). Never for a read right after a mutation.
   */
  readDb: Db;
  config: Config;
  adapters: Adapters;
  /**
   * The customer account the caller acts for: their own row, or their team's account row for a member
   * of another account's team (see request-identity.ts). Use `person` for the login itself.
   */
  user: UserRow | null;
  /** The login itself. */
  person: UserRow | null;
  /** The caller's place in a team; null for a login without one (the owner of its own account). */
  member: TeamMember | null;
  sessionId: string | null;
  /** Why the login must set up two-factor sign-in first ('admin', 'team'), else null (request-identity.ts). */
  secondFactorSetup: 'admin' | 'team' | null;
  /**
   * Non-null exactly when the request is authenticated by an API key (`Authorization: Bearer
   * sk_live_…`), not a session: `{ id, accountId, scopes }`. Then `user` and `person` are the key's
   * account (acting as its owner, never as a platform admin or QA staff), `member` and `sessionId` are
   * null, and graphql/api-key-guard.ts lets through only the read-only root fields of its scopes.
   * Read it as "is this an API client with a key?": `ctx.apiKey !== null`.
   */
  apiKey: ApiKeyCaller | null;
  brand: BrandRow;
  ip: string;
  userAgent: string;
  /** Origin of the request (scheme://host), for links in e-mails. */
  origin: string;
  req: FastifyRequest;
  reply: FastifyReply;
};
