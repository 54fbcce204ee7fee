import { and, eq, sql } from 'drizzle-orm';
import { ZLoginInput } from '../../domain/index.js';
import { hashPassword, needsRehash, verifyPassword } from '../auth/passwords.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError, parseInput } from '../errors.js';
import { rememberDevice, trustedDevice } from './login-device.js';
import { beginLoginAttempt, loginAttemptPending, loginAttemptSucceeded } from './login-rate-limit.js';
import { startSession } from './sessions.js';

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

/**
 * A hash made with older (weaker) scrypt parameters is made again with the current ones, now that the
 * password is known to be right. Only if it is still the same hash: a password changed meanwhile stays.
 */
async function upgradePasswordHash(db: Db, user: UserRow, password: string): Promise<void> {
  const old = user.passwordHash;
  if (!old || !needsRehash(old)) return;
  const passwordHash = await hashPassword(password);
  await db
    .update(users)
    .set({ passwordHash })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, old)));
  user.passwordHash = passwordHash;
}

/**
 * Password login, throttled (login-rate-limit.ts) before the password is checked, so a refused
 * attempt tells nothing about the password. `deviceCookie` is the browser's login-device cookie (API
 * clients have none); the answer carries its new value, binding this browser to the account.
 */
export async function login(
  db: Db,
  opts: {
    email: string;
    password: string;
    ip: string;
    userAgent: string;
    sessionDays: number;
    /** Signs and checks the device cookie (config.appSecret). */
    secret: string;
    deviceCookie?: string | null;
    now?: Date;
    /**
     * Called once the password is right, before any session starts: throws to ask for a second factor
     * (two-factor/login.ts). The attempt is then neither a failure nor a success.
     */
    secondFactor?: (user: UserRow) => Promise<void>;
  },
): Promise<{ token: string; expiresAt: Date; user: UserRow; sessionId: string; deviceCookie: string }> {
  const input = parseInput(ZLoginInput, { email: opts.email, password: opts.password });
  const now = opts.now ?? new Date();
  const deviceNonce = trustedDevice(opts.secret, opts.deviceCookie, input.email, now);
  const attempt = await beginLoginAttempt(db, {
    email: input.email,
    client: { ip: opts.ip, deviceNonce },
    now,
  });
  const user = await findUserByEmail(db, input.email);
  const ok = await verifyPassword(input.password, user?.passwordHash);
  if (!ok || !user) throw new AppError('UNAUTHENTICATED', MSG_BAD_CREDENTIALS);
  await upgradePasswordHash(db, user, input.password);
  if (opts.secondFactor) {
    try {
      await opts.secondFactor(user);
    } catch (e) {
      await loginAttemptPending(db, attempt);
      throw e;
    }
  }
  await loginAttemptSucceeded(db, attempt);
  const session = await startSession(db, {
    knownDevice: deviceNonce !== null,
    userId: user.id,
    days: opts.sessionDays,
    ip: opts.ip,
    userAgent: opts.userAgent,
    now,
  });
  return { ...session, user, deviceCookie: rememberDevice(opts.secret, opts.deviceCookie, user.email, now) };
}
