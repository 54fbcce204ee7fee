import { eq } from 'drizzle-orm';
import { rememberDevice, trustedDevice } from '../accounts/login-device.js';
import { beginLoginAttempt, loginAttemptSucceeded } from '../accounts/login-rate-limit.js';
import { startSession } from '../accounts/sessions.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError } from '../errors.js';
import {
  checkSecondFactor,
  hasSecondFactor,
  issueLoginChallenge,
  MSG_BAD_CODE,
  readLoginChallenge,
} from './totp-store.js';

export const MSG_SECOND_FACTOR_REQUIRED = 'Enter the code from your authenticator app.';

/** What a login that needs a second factor answers: UNAUTHENTICATED with `extensions.secondFactor`. */
export type SecondFactorPrompt = { challenge: string; methods: Array<'totp' | 'recovery'> };

/**
 * The `secondFactor` step of login(): a login with two-factor sign-in on gets no session for its
 * password alone, only a challenge to send with its code to loginSecondFactor.
 */
export function askSecondFactor(db: Db, appSecret: string, now = new Date()) {
  return async (user: UserRow): Promise<void> => {
    if (!(await hasSecondFactor(db, user.id))) return;
    const prompt: SecondFactorPrompt = {
      challenge: issueLoginChallenge(appSecret, user.id, now),
      methods: ['totp', 'recovery'],
    };
    throw new AppError('UNAUTHENTICATED', MSG_SECOND_FACTOR_REQUIRED, [], { secondFactor: prompt });
  };
}

/**
 * The second step of a login: the challenge from the password step and a code of the app or a
 * recovery code. Throttled like the password (the same buckets, login-rate-limit.ts): every wrong
 * code is a failed login attempt of the account, and the wait is checked before the code is.
 */
export async function loginSecondFactor(
  db: Db,
  opts: {
    challenge: string;
    code: string;
    ip: string;
    userAgent: string;
    sessionDays: number;
    secret: string;
    deviceCookie?: string | null;
    now?: Date;
  },
): Promise<{
  token: string;
  expiresAt: Date;
  user: UserRow;
  sessionId: string;
  deviceCookie: string;
  method: 'totp' | 'recovery';
}> {
  const now = opts.now ?? new Date();
  const userId = readLoginChallenge(opts.secret, opts.challenge, now);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED', MSG_BAD_CODE);
  const deviceNonce = trustedDevice(opts.secret, opts.deviceCookie, user.email, now);
  const attempt = await beginLoginAttempt(db, {
    email: user.email,
    client: { ip: opts.ip, deviceNonce },
    now,
  });
  const method = await checkSecondFactor(db, { userId, code: opts.code, appSecret: opts.secret, now });
  if (!method)
    throw new AppError('UNAUTHENTICATED', MSG_BAD_CODE, [{ field: 'code', message: MSG_BAD_CODE }]);
  await loginAttemptSucceeded(db, attempt);
  const session = await startSession(db, {
    knownDevice: deviceNonce !== null,
    userId,
    days: opts.sessionDays,
    ip: opts.ip,
    userAgent: opts.userAgent,
    now,
  });
  return {
    ...session,
    user,
    method,
    deviceCookie: rememberDevice(opts.secret, opts.deviceCookie, user.email, now),
  };
}
