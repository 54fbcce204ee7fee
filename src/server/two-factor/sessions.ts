import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { describeUserAgent } from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { AppError } from '../errors.js';

export const describeDevice = describeUserAgent;

/** A live session of a login as its security page lists it (never its token or hash). */
export type SessionListing = {
  id: string;
  device: string;
  userAgent: string;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** 'api' when last used with a bearer token (an API login), else 'browser'. */
  kind: 'api' | 'browser';
  current: boolean;
};

/** The login's live sessions (not revoked, not expired), the current one first, then the latest used. */
export async function listSessions(
  db: Db,
  opts: { userId: string; currentSessionId: string | null; now?: Date },
): Promise<SessionListing[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, opts.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, opts.now ?? new Date()),
      ),
    )
    .orderBy(desc(sessions.createdAt))
    .limit(200);
  const listed = rows.map((s) => ({
    id: s.id,
    device: describeUserAgent(s.userAgent),
    userAgent: s.userAgent ?? '',
    ip: s.ip,
    createdAt: s.createdAt,
    lastSeenAt: s.lastSeenAt ?? s.createdAt,
    kind: s.lastSeenVia === 'api' ? ('api' as const) : ('browser' as const),
    current: s.id === opts.currentSessionId,
  }));
  return listed.sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.getTime() - a.lastSeenAt.getTime(),
  );
}

export const MSG_SESSION_NOT_FOUND = 'That session has already ended.';

/** Signs out one of the login's own sessions; its next request is anonymous (read at every request). */
export async function revokeOwnSession(db: Db, opts: { userId: string; sessionId: string }): Promise<void> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, opts.sessionId), eq(sessions.userId, opts.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', MSG_SESSION_NOT_FOUND);
}

/** Signs out every session of the login but the current one; answers how many ended. */
export async function revokeOtherSessions(
  db: Db,
  opts: { userId: string; currentSessionId: string | null },
): Promise<number> {
  const conditions = [eq(sessions.userId, opts.userId), isNull(sessions.revokedAt)];
  if (opts.currentSessionId) conditions.push(ne(sessions.id, opts.currentSessionId));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions))
    .returning({ id: sessions.id });
  return ended.length;
}
