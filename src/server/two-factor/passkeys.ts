import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, lt, sql } from 'drizzle-orm';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { passkeys, recoveryCodes, twoFactorTotp, webauthnChallenges } from '../db/schema.js';
import { AppError } from '../errors.js';
import { auditTwoFactor, recordSecondFactorRemoved, type TwoFactorAudit } from './totp-store.js';

// Passkeys (WebAuthn, issue 50): a second factor after the password, and a sign-in without one. The
// relying party is the host the person is on (a brand's custom domain, its subdomain, or the base
// domain for entry paths), so a passkey works where it was made and nowhere else; the browser enforces
// the same. Every challenge is kept here and taken by the one answer that uses it (five minutes).

/** The site a WebAuthn ceremony is for: the request's host (RP ID), its origin and the brand's name. */
export type RelyingParty = { rpId: string; origin: string; name: string };

/** A passkey as the security page lists it (never its key). */
export type PasskeyListing = {
  id: string;
  name: string;
  rpId: string;
  backedUp: boolean;
  transports: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
};

const CHALLENGE_MS = 5 * 60_000;
export const PASSKEY_NAME_MAX = 60;
const MAX_PASSKEYS = 20;

export const MSG_PASSKEY_NAME = `Name the passkey (1 to ${PASSKEY_NAME_MAX} characters), so you can tell it apart later.`;
export const MSG_PASSKEY_RESPONSE = "The browser's passkey answer could not be read. Try again.";
export const MSG_PASSKEY_EXPIRED = 'That passkey request has expired or was already used. Try again.';
export const MSG_PASSKEY_NOT_VERIFIED =
  'The passkey could not be verified for this site. Try again, or use another passkey.';
export const MSG_PASSKEY_FAILED =
  'That passkey did not sign you in. Try again, or sign in with your password.';
export const MSG_PASSKEY_NOT_FOUND = 'That passkey is not on your login.';
export const MSG_NO_PASSKEY_HERE =
  'None of your passkeys was made on this address. Use your authenticator app or a recovery code.';
export const MSG_TOO_MANY_PASSKEYS = `A login can have up to ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`;

const listingOf = (row: typeof passkeys.$inferSelect): PasskeyListing => ({
  id: row.id,
  name: row.name,
  rpId: row.rpId,
  backedUp: row.backedUp,
  transports: row.transports ? row.transports.split(',') : [],
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyListing[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(listingOf);
}

/** Keeps a new challenge for `purpose`, and drops the expired ones (they can never be used). */
async function keepChallenge(
  db: Db,
  opts: {
    challenge: string;
    purpose: 'register' | 'sign-in';
    userId: string | null;
    rp: RelyingParty;
    now: Date;
  },
) {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, opts.now));
  await db.insert(webauthnChallenges).values({
    challenge: opts.challenge,
    purpose: opts.purpose,
    userId: opts.userId,
    rpId: opts.rp.rpId,
    origin: opts.rp.origin,
    expiresAt: new Date(opts.now.getTime() + CHALLENGE_MS),
  });
}

/** The challenge the browser signed, as clientDataJSON names it (not yet trusted), or ''. */
function challengeNamedIn(clientDataJSON: unknown): string {
  if (typeof clientDataJSON !== 'string' || clientDataJSON.length > 4096) return '';
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof parsed.challenge === 'string' ? parsed.challenge : '';
  } catch {
    return '';
  }
}

/**
 * Takes the challenge the answer names: deleted here, so a second answer with it finds nothing. Only
 * one of `purpose`, for this login (or for none), asked on this host, and not expired.
 */
async function takeChallenge(
  db: Db,
  opts: {
    named: string;
    purpose: 'register' | 'sign-in';
    userId: string | null;
    rp: RelyingParty;
    now: Date;
  },
): Promise<string | null> {
  if (!opts.named) return null;
  const taken = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, opts.named),
        eq(webauthnChallenges.purpose, opts.purpose),
        opts.userId === null
          ? sql`${webauthnChallenges.userId} is null`
          : eq(webauthnChallenges.userId, opts.userId),
        eq(webauthnChallenges.rpId, opts.rp.rpId),
        gt(webauthnChallenges.expiresAt, opts.now),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return taken[0]?.challenge ?? null;
}

function parseResponse<T>(json: string): T {
  try {
    if (json.length > 16_000) throw new Error('too long');
    const parsed = JSON.parse(json) as { id?: unknown; response?: unknown };
    if (typeof parsed?.id !== 'string' || typeof parsed.response !== 'object' || parsed.response === null) {
      throw new Error('not a credential');
    }
    return parsed as T;
  } catch {
    throw new AppError('BAD_USER_INPUT', MSG_PASSKEY_RESPONSE, [
      { field: 'response', message: MSG_PASSKEY_RESPONSE },
    ]);
  }
}

/**
 * Options for the browser to make a passkey for this login on this host: a discoverable credential
 * (so it can sign in without a password later), platform or roaming, no attestation asked.
 */
export async function beginPasskeyRegistration(
  db: Db,
  opts: { user: { id: string; email: string; displayName: string }; rp: RelyingParty; now?: Date },
) {
  const now = opts.now ?? new Date();
  const own = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.userId, opts.user.id), eq(passkeys.rpId, opts.rp.rpId)));
  const options = await generateRegistrationOptions({
    rpName: opts.rp.name,
    rpID: opts.rp.rpId,
    userName: opts.user.email,
    userDisplayName: opts.user.displayName || opts.user.email,
    userID: new TextEncoder().encode(opts.user.id),
    attestationType: 'none',
    // The browser refuses an authenticator that already holds one of this login's passkeys here.
    excludeCredentials: own.map((c) => ({
      id: c.credentialId,
      transports: (c.transports ? c.transports.split(',') : []) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: [-7, -8, -257],
  });
  await keepChallenge(db, {
    challenge: options.challenge,
    purpose: 'register',
    userId: opts.user.id,
    rp: opts.rp,
    now,
  });
  return options;
}

/** Whether the login has any second factor (an authenticator app or a passkey). */
async function secondFactorCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`(select count(*)::int from ${passkeys} where ${passkeys.userId} = ${userId})
        + (select count(*)::int from ${twoFactorTotp} where ${twoFactorTotp.userId} = ${userId} and ${twoFactorTotp.confirmedAt} is not null)`,
    })
    .from(sql`(select 1) one`);
  return row?.n ?? 0;
}

/**
 * Checks the browser's new credential against the challenge, origin and RP ID, and keeps its public
 * key under `name`. `first`: it is the login's first second factor (the caller hands out recovery
 * codes).
 */
export async function finishPasskeyRegistration(
  db: Db,
  opts: {
    userId: string;
    name: string;
    response: string;
    rp: RelyingParty;
    now?: Date;
    /** The account's audit log: who added it, in the account they act for. */
    audit?: TwoFactorAudit | null;
  },
): Promise<{ passkey: PasskeyListing; first: boolean }> {
  const now = opts.now ?? new Date();
  const name = opts.name.trim();
  if (name.length < 1 || name.length > PASSKEY_NAME_MAX) {
    throw new AppError('BAD_USER_INPUT', MSG_PASSKEY_NAME, [{ field: 'name', message: MSG_PASSKEY_NAME }]);
  }
  const response = parseResponse<RegistrationResponseJSON>(opts.response);
  const challenge = await takeChallenge(db, {
    named: challengeNamedIn(response.response?.clientDataJSON),
    purpose: 'register',
    userId: opts.userId,
    rp: opts.rp,
    now,
  });
  if (!challenge) {
    throw new AppError('BAD_USER_INPUT', MSG_PASSKEY_EXPIRED, [
      { field: 'response', message: MSG_PASSKEY_EXPIRED },
    ]);
  }
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: opts.rp.origin,
      expectedRPID: opts.rp.rpId,
      requireUserVerification: false,
    });
  } catch {
    // Another origin or RP ID, a challenge that does not match, a malformed attestation.
    verified = { verified: false } as typeof verified;
  }
  const info = verified.verified ? verified.registrationInfo : undefined;
  if (!info) {
    throw new AppError('BAD_USER_INPUT', MSG_PASSKEY_NOT_VERIFIED, [
      { field: 'response', message: MSG_PASSKEY_NOT_VERIFIED },
    ]);
  }
  const [held] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, opts.userId));
  if ((held?.n ?? 0) >= MAX_PASSKEYS) throw new AppError('CONFLICT', MSG_TOO_MANY_PASSKEYS);
  const first = (await secondFactorCount(db, opts.userId)) === 0;
  const rows = await inTransaction(db, async (tx) => {
    const added = await tx
      .insert(passkeys)
      .values({
        id: newId(),
        userId: opts.userId,
        credentialId: info.credential.id,
        publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? response.response.transports ?? []).join(','),
        backedUp: info.credentialBackedUp,
        rpId: opts.rp.rpId,
        name,
        createdAt: now,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (added[0] && opts.audit)
      await auditTwoFactor(tx, opts.audit, opts.userId, 'two_factor.passkey_added', { passkey: name });
    return added;
  });
  if (!rows[0]) throw new AppError('CONFLICT', 'That passkey is already registered.');
  return { passkey: listingOf(rows[0]), first };
}

export async function renamePasskey(
  db: Db,
  opts: { userId: string; id: string; name: string },
): Promise<PasskeyListing> {
  const name = opts.name.trim();
  if (name.length < 1 || name.length > PASSKEY_NAME_MAX) {
    throw new AppError('BAD_USER_INPUT', MSG_PASSKEY_NAME, [{ field: 'name', message: MSG_PASSKEY_NAME }]);
  }
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, opts.id), eq(passkeys.userId, opts.userId)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', MSG_PASSKEY_NOT_FOUND);
  return listingOf(row);
}

/** Whether removing `id` would leave the login without any second factor. */
export async function isLastSecondFactor(db: Db, opts: { userId: string; id: string }): Promise<boolean> {
  const [mine] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(and(eq(passkeys.id, opts.id), eq(passkeys.userId, opts.userId)));
  if (!mine) throw new AppError('NOT_FOUND', MSG_PASSKEY_NOT_FOUND);
  return (await secondFactorCount(db, opts.userId)) === 1;
}

/** Removes one of the login's passkeys; with the last second factor its recovery codes go too. */
export async function removePasskey(
  db: Db,
  opts: { userId: string; id: string; audit?: TwoFactorAudit | null },
): Promise<void> {
  const now = new Date();
  await inTransaction(db, async (tx) => {
    const gone = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, opts.id), eq(passkeys.userId, opts.userId)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (!gone[0]) throw new AppError('NOT_FOUND', MSG_PASSKEY_NOT_FOUND);
    if (opts.audit)
      await auditTwoFactor(
        tx,
        opts.audit,
        opts.userId,
        'two_factor.passkey_removed',
        { passkey: null },
        {
          passkey: gone[0].name,
        },
      );
    // The login hears of it, as when the app is turned off (security notices).
    await recordSecondFactorRemoved(tx, {
      userId: opts.userId,
      accountId: opts.audit?.accountId ?? null,
      byAdmin: false,
      now,
      method: 'passkey',
    });
    if ((await secondFactorCount(tx as unknown as Db, opts.userId)) === 0) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, opts.userId));
    }
  });
}

/**
 * Options for the browser to sign in with a passkey on this host: any of its discoverable passkeys
 * (`userId` null: a sign-in without a password), or one of this login's (the second step of a
 * password login).
 */
export async function beginPasskeySignIn(
  db: Db,
  opts: { rp: RelyingParty; userId: string | null; now?: Date },
) {
  const now = opts.now ?? new Date();
  let allowCredentials: { id: string; transports: AuthenticatorTransport[] }[] | undefined;
  if (opts.userId) {
    const own = await db
      .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
      .from(passkeys)
      .where(and(eq(passkeys.userId, opts.userId), eq(passkeys.rpId, opts.rp.rpId)));
    if (own.length === 0) throw new AppError('CONFLICT', MSG_NO_PASSKEY_HERE);
    allowCredentials = own.map((c) => ({
      id: c.credentialId,
      transports: (c.transports ? c.transports.split(',') : []) as AuthenticatorTransport[],
    }));
  }
  const options = await generateAuthenticationOptions({
    rpID: opts.rp.rpId,
    allowCredentials,
    // Without a password the passkey must verify the person (fingerprint, face, PIN): it is both factors.
    userVerification: opts.userId ? 'preferred' : 'required',
  });
  await keepChallenge(db, {
    challenge: options.challenge,
    purpose: 'sign-in',
    userId: opts.userId,
    rp: opts.rp,
    now,
  });
  return options;
}

/** The passkey an answer names, with its login, or null. Read before the throttle decides. */
export async function passkeyOfResponse(db: Db, response: string) {
  const parsed = parseResponse<AuthenticationResponseJSON>(response);
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, parsed.id));
  return { parsed, passkey: row ?? null };
}

/**
 * Verifies a sign-in answer: the challenge (taken), origin, RP ID, the signature with the stored key,
 * user verification when there was no password, and a signature counter that went up (stored at once,
 * only if no other answer stored another meanwhile). False when any of it fails.
 */
export async function verifyPasskeySignIn(
  db: Db,
  opts: {
    parsed: AuthenticationResponseJSON;
    passkey: typeof passkeys.$inferSelect;
    /** The login of a second-factor step; null for a sign-in without a password. */
    expectedUserId: string | null;
    rp: RelyingParty;
    now?: Date;
  },
): Promise<boolean> {
  const now = opts.now ?? new Date();
  const challenge = await takeChallenge(db, {
    named: challengeNamedIn(opts.parsed.response?.clientDataJSON),
    purpose: 'sign-in',
    userId: opts.expectedUserId,
    rp: opts.rp,
    now,
  });
  if (!challenge) return false;
  if (opts.expectedUserId !== null && opts.passkey.userId !== opts.expectedUserId) return false;
  if (opts.passkey.rpId !== opts.rp.rpId) return false;
  const handle = opts.parsed.response.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== opts.passkey.userId) return false;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: opts.parsed,
      expectedChallenge: challenge,
      expectedOrigin: opts.rp.origin,
      expectedRPID: opts.rp.rpId,
      credential: {
        id: opts.passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(opts.passkey.publicKey, 'base64url')),
        counter: opts.passkey.counter,
      },
      requireUserVerification: opts.expectedUserId === null,
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    // A counter that did not go up (a cloned authenticator), a bad signature, another origin or RP ID.
    return false;
  }
  const stored = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkeys.id, opts.passkey.id), eq(passkeys.counter, opts.passkey.counter)))
    .returning({ id: passkeys.id });
  return stored.length === 1;
}
