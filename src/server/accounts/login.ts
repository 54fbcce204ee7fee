import { eq, sql } from 'drizzle-orm';
import { ZLoginInput } from '../../domain/index.js';
import { verifyPassword } from '../auth/passwords.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { assertLoginAllowed, markLoginSucceeded, recordLoginAttempt } from './login-rate-limit.js';
import { createSession } from './sessions.js';

/** The one answer for an unknown e-mail and a wrong password, so accounts cannot be discovered. */
export const MSG_BAD_CREDENTIALS = 'Incorrect email or password.';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0] ?? null;
}

export async function login(
  db: Db,
  opts: { email: string; password: string; ip: string; userAgent: string; sessionDays: number },
): Promise<{ token: string; expiresAt: Date; user: UserRow; sessionId: string }> {
  const input = parseInput(ZLoginInput, { email: opts.email, password: opts.password });
  // Recorded as failed before the limit is checked, so simultaneous guesses count against each other.
  const attempt = await recordLoginAttempt(db, input.email, opts.ip, false);
  await assertLoginAllowed(db, input.email, opts.ip);
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!ok || !user) throw new AppError('UNAUTHENTICATED', MSG_BAD_CREDENTIALS);
  await markLoginSucceeded(db, attempt);
  const session = await createSession(db, {
    userId: user.id,
    days: opts.sessionDays,
    ip: opts.ip,
    userAgent: opts.userAgent,
  });
  return { ...session, user };
}
