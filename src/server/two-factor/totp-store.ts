import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { type AuditActor, recordAudit } from '../audit/index.js';
import { openSecret, sealSecret } from '../auth/secret-box.js';
import { hashToken, hmac, safeEqual } from '../auth/tokens.js';
import { newTotpSecret, otpauthUri, verifyTotp } from '../auth/totp.js';
import { atomically, type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  passkeys,
  recoveryCodes,
  sessions,
  twoFactorTotp,
  users,
  webauthnChallenges,
} from '../db/schema.js';
import { AppError } from '../errors.js';
import { recordEvent } from '../events/index.js';

const SEAL_PURPOSE = 'totp-secret';
export const RECOVERY_CODE_COUNT = 10;

export const MSG_BAD_CODE =
  'That code is not right. Enter the current code from your app, or a recovery code.';
export const MSG_NOT_SET_UP = 'Start the setup again: no authenticator app is waiting to be confirmed.';
export const MSG_ALREADY_ON = 'Two-factor sign-in is already on. Turn it off first to use another app.';
export const MSG_CHALLENGE_EXPIRED = 'Your sign-in took too long. Enter your email and password again.';

/** What the account's security page shows of a login's second factors (never a secret). */
export type TwoFactorStatus = { totpEnabled: boolean; recoveryCodesLeft: number; passkeys: number };

export async function twoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const [row] = await db
    .select({
      confirmed: sql<boolean>`(select ${twoFactorTotp.confirmedAt} is not null from ${twoFactorTotp} where ${twoFactorTotp.userId} = ${userId})`,
      left: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId} and ${recoveryCodes.usedAt} is null)`,
      passkeys: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId})`,
    })
    .from(sql`(select 1) one`);
  return {
    totpEnabled: row?.confirmed === true,
    recoveryCodesLeft: row?.left ?? 0,
    passkeys: row?.passkeys ?? 0,
  };
}

/** Whether the login must give a second factor after its password: an authenticator app or a passkey. */
export async function hasSecondFactor(db: Db, userId: string): Promise<boolean> {
  const status = await twoFactorStatus(db, userId);
  return status.totpEnabled || status.passkeys > 0;
}

/**
 * Starts (or restarts) setting up an authenticator app: a new secret, kept encrypted and not yet asked
 * at login. The answer is the only time the secret leaves the server: as the QR code and as text.
 */
export async function beginTotpSetup(
  db: Db,
  opts: { userId: string; email: string; issuer: string; appSecret: string },
): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  const [existing] = await db
    .select({ confirmedAt: twoFactorTotp.confirmedAt })
    .from(twoFactorTotp)
    .where(eq(twoFactorTotp.userId, opts.userId));
  if (existing?.confirmedAt) throw new AppError('CONFLICT', MSG_ALREADY_ON);
  const secret = newTotpSecret();
  const secretEnc = sealSecret(opts.appSecret, SEAL_PURPOSE, secret);
  await db
    .insert(twoFactorTotp)
    .values({ userId: opts.userId, secretEnc })
    .onConflictDoUpdate({
      target: twoFactorTotp.userId,
      set: { secretEnc, lastStep: 0, createdAt: new Date() },
      setWhere: isNull(twoFactorTotp.confirmedAt),
    });
  const uri = otpauthUri({ secret, issuer: opts.issuer, account: opts.email });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUri: uri, qrSvg };
}

/** 10 characters in two groups (`k7m2p-x9qfa`), about 50 bits each: beyond guessing under the login throttle. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (code: string) => hashToken(`recovery|${normalizeRecoveryCode(code)}`);

/** Replaces a login's recovery codes with 10 new ones, returned once; only their hashes are kept. */
export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  audit: TwoFactorAudit | null = null,
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await atomically(db, async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ id: newId(), userId, codeHash: hashRecoveryCode(c) })));
    // How many, never which.
    if (audit)
      await auditTwoFactor(tx, audit, userId, 'two_factor.recovery_codes_replaced', {
        recoveryCodesLeft: RECOVERY_CODE_COUNT,
      });
  });
  return codes;
}

/**
 * Who changes a login's two-factor sign-in, and the account whose audit log records it (the team the
 * login acts for, else its own).
 */
export type TwoFactorAudit = { actor: AuditActor; accountId: string | null; email: string };

export async function auditTwoFactor(
  tx: Db,
  audit: TwoFactorAudit,
  userId: string,
  action:
    | 'two_factor.enabled'
    | 'two_factor.disabled'
    | 'two_factor.recovery_codes_replaced'
    | 'two_factor.passkey_added'
    | 'two_factor.passkey_removed',
  after: Record<string, unknown>,
  before: Record<string, unknown> | null = null,
) {
  await recordAudit(tx, audit.actor, {
    accountId: audit.accountId ?? userId,
    action,
    subject: { type: 'login', id: userId, label: audit.email },
    before,
    after,
  });
}

async function totpSecretOf(db: Db, userId: string, appSecret: string, confirmed: boolean) {
  const [row] = await db.select().from(twoFactorTotp).where(eq(twoFactorTotp.userId, userId));
  if (!row || (row.confirmedAt !== null) !== confirmed) return null;
  return { secret: openSecret(appSecret, SEAL_PURPOSE, row.secretEnc), lastStep: row.lastStep };
}

/**
 * Accepts `step` as the login's latest used step, only if it is later than the last one: of two
 * requests with the same code at once, exactly one gets the row.
 */
async function claimStep(db: Db, userId: string, step: number, confirm: boolean): Promise<boolean> {
  const rows = await db
    .update(twoFactorTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: new Date() } : {}) })
    .where(
      and(
        eq(twoFactorTotp.userId, userId),
        lt(twoFactorTotp.lastStep, step),
        confirm ? isNull(twoFactorTotp.confirmedAt) : sql`${twoFactorTotp.confirmedAt} is not null`,
      ),
    )
    .returning({ userId: twoFactorTotp.userId });
  return rows.length === 1;
}

/**
 * Turns two-factor sign-in on with the first code from the app (proving it holds the secret), and
 * answers the 10 recovery codes, shown once.
 */
export async function confirmTotpSetup(
  db: Db,
  opts: { userId: string; code: string; appSecret: string; now?: Date; audit?: TwoFactorAudit },
): Promise<string[]> {
  const pending = await totpSecretOf(db, opts.userId, opts.appSecret, false);
  if (!pending)
    throw new AppError('BAD_USER_INPUT', MSG_NOT_SET_UP, [{ field: 'code', message: MSG_NOT_SET_UP }]);
  const step = verifyTotp(pending.secret, opts.code, opts.now ?? new Date(), pending.lastStep);
  const codes =
    step === null
      ? null
      : await inTransaction(db, async (tx) => {
          if (!(await claimStep(tx, opts.userId, step, true))) return null;
          const made = await replaceRecoveryCodes(tx, opts.userId);
          if (opts.audit)
            await auditTwoFactor(
              tx,
              opts.audit,
              opts.userId,
              'two_factor.enabled',
              { method: 'authenticator app', recoveryCodesLeft: RECOVERY_CODE_COUNT },
              { method: null, recoveryCodesLeft: 0 },
            );
          return made;
        });
  if (!codes) throw new AppError('BAD_USER_INPUT', MSG_BAD_CODE, [{ field: 'code', message: MSG_BAD_CODE }]);
  return codes;
}

/**
 * Checks a second factor at login: a code of the authenticator app (one step either side, each step
 * once) or an unused recovery code (spent by this call). False for anything else.
 */
export async function checkSecondFactor(
  db: Db,
  opts: { userId: string; code: string; appSecret: string; now?: Date },
): Promise<'totp' | 'recovery' | null> {
  const code = opts.code.trim();
  if (/^\d{6}$/.test(code.replace(/\s/g, ''))) {
    const totp = await totpSecretOf(db, opts.userId, opts.appSecret, true);
    if (!totp) return null;
    const step = verifyTotp(totp.secret, code, opts.now ?? new Date(), totp.lastStep);
    return step !== null && (await claimStep(db, opts.userId, step, false)) ? 'totp' : null;
  }
  if (normalizeRecoveryCode(code).length !== 10) return null;
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: opts.now ?? new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, opts.userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1 ? 'recovery' : null;
}

/**
 * Removes the authenticator app: its secret is deleted, and the recovery codes with it unless a
 * passkey stays as a second factor.
 */
export async function disableTotp(
  db: Db,
  userId: string,
  audit: TwoFactorAudit | null = null,
): Promise<void> {
  const now = new Date();
  await inTransaction(db, async (tx) => {
    const gone = await tx
      .delete(twoFactorTotp)
      .where(eq(twoFactorTotp.userId, userId))
      .returning({ userId: twoFactorTotp.userId });
    const [kept] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    if ((kept?.n ?? 0) === 0) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (gone.length === 0) return;
    if (audit)
      await auditTwoFactor(
        tx,
        audit,
        userId,
        'two_factor.disabled',
        { method: null },
        {
          method: 'authenticator app',
        },
      );
    await recordSecondFactorRemoved(tx, {
      userId,
      accountId: audit?.accountId ?? null,
      byAdmin: false,
      now,
    });
  });
}

/** The login hears that its second factor went (security-notices: not suppressible). */
export async function recordSecondFactorRemoved(
  tx: Db,
  o: {
    userId: string;
    accountId: string | null;
    byAdmin: boolean;
    now: Date;
    method?: 'totp' | 'passkey';
  },
) {
  await recordEvent(tx, {
    type: 'security.second_factor_removed',
    accountId: o.accountId,
    at: o.now,
    payload: {
      userId: o.userId,
      method: o.method ?? 'totp',
      byAdmin: o.byAdmin,
      removedAt: o.now.toISOString(),
    },
  });
}

/**
 * A platform admin's recovery for a login that lost its phone, passkeys and codes: every second
 * factor (app, passkeys, recovery codes) goes and every session of the login ends. Answers whether
 * there was one.
 */
export async function resetTwoFactor(
  db: Db,
  userId: string,
  actor: AuditActor | null = null,
): Promise<boolean> {
  const now = new Date();
  return inTransaction(db, async (tx) => {
    const gone = await tx
      .delete(twoFactorTotp)
      .where(eq(twoFactorTotp.userId, userId))
      .returning({ userId: twoFactorTotp.userId });
    const keys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
    await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    if (gone.length === 0 && keys.length === 0) return false;
    // The customer's log: the account the login acts for (its team's, else its own).
    const [who] = await tx
      .select({ email: users.email, accountId: accountMembers.accountId })
      .from(users)
      .leftJoin(accountMembers, and(eq(accountMembers.userId, users.id), isNull(accountMembers.removedAt)))
      .where(eq(users.id, userId));
    const accountId = who?.accountId ?? userId;
    const methods = [gone.length > 0 && 'authenticator app', keys.length > 0 && 'passkeys'].filter(Boolean);
    await recordAudit(tx, actor ?? { person: null }, {
      accountId,
      action: 'two_factor.reset_by_admin',
      subject: { type: 'login', id: userId, label: who?.email ?? null },
      before: { method: methods.join(', '), signedIn: true },
      after: { method: null, signedIn: false },
      at: now,
    });
    await recordSecondFactorRemoved(tx, {
      userId,
      accountId,
      byAdmin: true,
      now,
      method: gone.length > 0 ? 'totp' : 'passkey',
    });
    return true;
  });
}

// The step between password and code: a signed, short-lived ticket naming the login, so the server
// keeps no half-logged-in state. It is worth nothing without a code, and every wrong code counts in
// the login throttle of the account like a wrong password.
const CHALLENGE_MS = 5 * 60_000;
const CHALLENGE = /^([A-Za-z0-9]{16,32})\.(\d{1,15})\.([A-Za-z0-9]{16,32})\.([0-9a-f]{64})$/;

export function issueLoginChallenge(appSecret: string, userId: string, now: Date): string {
  const nonce = newId(20);
  const expires = now.getTime() + CHALLENGE_MS;
  return `${userId}.${expires}.${nonce}.${hmac(appSecret, `2fa-login|${userId}|${expires}|${nonce}`)}`;
}

/** The login a challenge was issued to, if it is genuine and unexpired; else UNAUTHENTICATED. */
export function readLoginChallenge(appSecret: string, challenge: string, now: Date): string {
  const m = CHALLENGE.exec(challenge);
  if (m) {
    const [, userId, expires, nonce, sig] = m as unknown as [string, string, string, string, string];
    const genuine = safeEqual(hmac(appSecret, `2fa-login|${userId}|${expires}|${nonce}`), sig);
    if (genuine && Number(expires) > now.getTime()) return userId;
  }
  throw new AppError('UNAUTHENTICATED', MSG_CHALLENGE_EXPIRED);
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}
