import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { AppError } from '../errors.js';

/** Failed logins allowed per account, and per IP address, within the window. */
export const LOGIN_LIMITS = { windowMinutes: 15, perAccount: 10, perIp: 100 } as const;
export const MSG_TOO_MANY_ATTEMPTS = 'Too many failed login attempts. Please try again in 15 minutes.';

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/**
 * Failed attempts of `key` in the window; with `resetBySuccess`, only those after its last success.
 * An IP's count is never reset by a success: anyone can register an account and log into it.
 */
async function failuresSince(db: Db, key: string, since: Date, resetBySuccess: boolean): Promise<number> {
  if (!resetBySuccess) {
    const [row] = await db
      .select({ n: count() })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.key, key),
          eq(loginAttempts.succeeded, false),
          gt(loginAttempts.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  }
  const lastSuccess = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.key, key), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, since)),
    )
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1);
  const from = lastSuccess[0]?.at ?? since;
  const [row] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.key, key), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, from)),
    );
  return row?.n ?? 0;
}

/**
 * Throws RATE_LIMITED when the account or the IP has used up its failed attempts in the window.
 * The attempt being checked must already be recorded as failed (see login), so it counts itself:
 * concurrent guesses then see each other and at most the allowed number get a password check.
 */
export async function assertLoginAllowed(db: Db, email: string, ip: string, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_LIMITS.windowMinutes * 60_000);
  const [byAccount, byIp] = await Promise.all([
    failuresSince(db, accountKey(email), since, true),
    failuresSince(db, ipKey(ip), since, false),
  ]);
  if (byAccount > LOGIN_LIMITS.perAccount || byIp > LOGIN_LIMITS.perIp) {
    throw new AppError('RATE_LIMITED', MSG_TOO_MANY_ATTEMPTS);
  }
}

export async function recordLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  succeeded: boolean,
): Promise<number[]> {
  const rows = await db
    .insert(loginAttempts)
    .values([
      { key: accountKey(email), succeeded },
      { key: ipKey(ip), succeeded },
    ])
    .returning({ id: loginAttempts.id });
  return rows.map((r) => r.id);
}

/** Turns an attempt recorded as failed (before the password check) into a success. */
export async function markLoginSucceeded(db: Db, attemptIds: number[]): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(inArray(loginAttempts.id, attemptIds));
}
