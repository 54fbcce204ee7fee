import { eq } from 'drizzle-orm';
import { rememberDevice, trustedDevice } from '../accounts/login-device.js';
import {
  beginAnonymousLoginAttempt,
  beginLoginAttempt,
  loginAttemptSucceeded,
} from '../accounts/login-rate-limit.js';
import { startSession } from '../accounts/sessions.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { AppError } from '../errors.js';
import { MSG_PASSKEY_FAILED, passkeyOfResponse, type RelyingParty, verifyPasskeySignIn } from './passkeys.js';
import {
  checkSecondFactor,
  issueLoginChallenge,
  MSG_BAD_CODE,
  readLoginChallenge,
  twoFactorStatus,
} from './totp-store.js';

export const MSG_SECOND_FACTOR_REQUIRED = 'Enter the code from your authenticator app.';
export const MSG_PASSKEY_REQUIRED = 'Confirm it is you with one of your passkeys.';

/** What a login that needs a second factor answers: UNAUTHENTICATED with `extensions.secondFactor`. */
export type SecondFactorPrompt = { challenge: string; methods: Array<'totp' | 'passkey' | 'recovery'> };

/**
 * The `secondFactor` step of login(): a login with two-factor sign-in on gets no session for its
 * password alone, only a challenge to send with its code to loginSecondFactor.
 */
export function askSecondFactor(db: Db, appSecret: string, now = new Date()) {
  return async (user: UserRow): Promise<void> => {
    const status = await twoFactorStatus(db, user.id);
    if (!status.totpEnabled && status.passkeys === 0) return;
    const methods: SecondFactorPrompt['methods'] = [];
    if (status.totpEnabled) methods.push('totp');
    if (status.passkeys > 0) methods.push('passkey');
    methods.push('recovery');
    const prompt: SecondFactorPrompt = { challenge: issueLoginChallenge(appSecret, user.id, now), methods };
    const message = status.totpEnabled ? MSG_SECOND_FACTOR_REQUIRED : MSG_PASSKEY_REQUIRED;
    throw new AppError('UNAUTHENTICATED', message, [], { secondFactor: prompt });
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

/**
 * Signs in with a passkey: alone (no `challenge`: a discoverable passkey that verified the person), or
 * as the second step of a password login (the challenge names the login the passkey must belong to).
 * Throttled like a password: the attempt counts against the passkey's account (or, for a passkey the
 * server does not know, the client's IP) before anything is checked, and stays a failure unless the
 * passkey is verified.
 */
export async function passkeyLogin(
  db: Db,
  opts: {
    response: string;
    challenge: string | null;
    rp: RelyingParty;
    ip: string;
    userAgent: string;
    sessionDays: number;
    secret: string;
    deviceCookie?: string | null;
    now?: Date;
  },
): Promise<{ token: string; expiresAt: Date; user: UserRow; sessionId: string; deviceCookie: string }> {
  const now = opts.now ?? new Date();
  const expectedUserId = opts.challenge ? readLoginChallenge(opts.secret, opts.challenge, now) : null;
  const { parsed, passkey } = await passkeyOfResponse(db, opts.response);
  const [user] = passkey ? await db.select().from(users).where(eq(users.id, passkey.userId)) : [];
  const attempt = user
    ? await beginLoginAttempt(db, {
        email: user.email,
        client: { ip: opts.ip, deviceNonce: trustedDevice(opts.secret, opts.deviceCookie, user.email, now) },
        now,
      })
    : await beginAnonymousLoginAttempt(db, { ip: opts.ip, now });
  const ok =
    passkey !== null &&
    user !== undefined &&
    (await verifyPasskeySignIn(db, { parsed, passkey, expectedUserId, rp: opts.rp, now }));
  if (!ok || !user) {
    throw new AppError('UNAUTHENTICATED', MSG_PASSKEY_FAILED, [
      { field: 'response', message: MSG_PASSKEY_FAILED },
    ]);
  }
  await loginAttemptSucceeded(db, attempt);
  // A new device is told to the person, as after a password (security notices).
  const session = await startSession(db, {
    knownDevice: trustedDevice(opts.secret, opts.deviceCookie, user.email, now) !== null,
    userId: user.id,
    days: opts.sessionDays,
    ip: opts.ip,
    userAgent: opts.userAgent,
    now,
  });
  return {
    ...session,
    user,
    deviceCookie: rememberDevice(opts.secret, opts.deviceCookie, user.email, now),
  };
}
