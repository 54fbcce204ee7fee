import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { describeUserAgent } from '../../domain/index.js';
import { hashToken } from '../auth/tokens.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId, newToken } from '../db/ids.js';
import { sessions, users } from '../db/schema.js';
import { recordEvent } from '../events/index.js';

export const SESSION_COOKIE = 'sid';

export async function createSession(
  db: Db,
  opts: { userId: string; days: number; ip?: string; userAgent?: string; now?: Date },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const now = opts.now ?? new Date();
  const expiresAt = new Date(now.getTime() + opts.days * 86_400_000);
  const sessionId = newId();
  await db.insert(sessions).values({
    id: sessionId,
    userId: opts.userId,
    tokenHash: hashToken(token),
    expiresAt,
    ip: opts.ip ?? null,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    // Seen now, as a browser would use it: a browser's next requests write nothing for a while.
    lastSeenAt: now,
    lastSeenVia: 'browser',
  });
  return { token, sessionId, expiresAt };
}

/**
 * A login's new session, and, when it comes from a device the login has not used before, the
 * `security.new_sign_in` event in the same transaction (security-notices e-mails the person). A device
 * is known when the browser shows the login's device cookie (login-device.ts), or when an earlier
 * session of the login had the same user agent. A login's very first session tells nothing.
 */
export async function startSession(
  db: Db,
  opts: {
    userId: string;
    days: number;
    ip: string;
    userAgent: string;
    /** Whether the browser showed a genuine device cookie for this login. */
    knownDevice: boolean;
    now: Date;
  },
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  if (opts.knownDevice) return createSession(db, opts);
  return inTransaction(db, async (tx) => {
    const agent = opts.userAgent.slice(0, 300);
    const [earlier] = await tx
      .select({
        any: sql<number>`count(*)::int`,
        same: sql<number>`count(*) filter (where ${sessions.userAgent} = ${agent})::int`,
      })
      .from(sessions)
      .where(eq(sessions.userId, opts.userId));
    const session = await createSession(tx, opts);
    if ((earlier?.any ?? 0) > 0 && (earlier?.same ?? 0) === 0) {
      await recordEvent(tx, {
        type: 'security.new_sign_in',
        accountId: null,
        at: opts.now,
        payload: {
          userId: opts.userId,
          sessionId: session.sessionId,
          device: describeUserAgent(opts.userAgent),
          ip: opts.ip || null,
          signedInAt: opts.now.toISOString(),
        },
      });
    }
    return session;
  });
}

/** The user behind a bearer or cookie token, if the session is live (not revoked, not expired). */
export async function findSessionUser(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ user: UserRow; sessionId: string } | null> {
  const rows = await db
    .select({ user: users, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  keepSessionId?: string | null,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

/** How stale a session's last-seen time may get before a request writes it again (the sessions list's precision). */
export const SESSION_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Records that a session was used now and how (a bearer token: an API login), at most once per
 * SESSION_SEEN_EVERY_MS or when the way changes: the request path reads the last values with the
 * session itself, so most requests write nothing.
 */
export async function noteSessionSeen(
  db: Db,
  sessionId: string,
  seen: { at: string | null; via: string | null },
  via: 'api' | 'browser',
  now = new Date(),
): Promise<void> {
  const fresh = seen.at !== null && now.getTime() - new Date(seen.at).getTime() < SESSION_SEEN_EVERY_MS;
  if (fresh && seen.via === via) return;
  await db.update(sessions).set({ lastSeenAt: now, lastSeenVia: via }).where(eq(sessions.id, sessionId));
}
