import { and, count, eq, gt, inArray, max, ne, sql } from 'drizzle-orm';
import {
  ACCOUNT_THROTTLE,
  type FailureSummary,
  IP_THROTTLE,
  retryAfterMs,
  type ThrottlePolicy,
  tooManyLoginAttemptsMessage,
} from '../../domain/index.js';
import type { Db } from '../db/client.js';
import { loginAttempts } from '../db/schema.js';
import { RateLimitedError } from '../errors.js';

// The rule (how long a run of failures makes the next attempt wait) is pure, in domain/login-throttle;
// this file gathers its facts from the login_attempts log, one "bucket" (key) at a time:
// - `account:{email}`: attempts on the account from unknown clients (no device cookie for it);
// - `device:{nonce}`: attempts from a browser holding a signed device cookie for the account
//   (login-device.ts), throttled by that browser's own failures only;
// - `ip:{address}`: unknown clients' attempts from one address, across accounts.
// A success ends a run of failures: a known device's success ends its own run; an unknown client's
// success (a row under `account:{email}`), or a completed password reset (a success row put there),
// ends the runs of the account and of all its devices. A known device's success leaves the account's
// run alone: the owner logging in daily from a usual browser must not hand someone guessing from
// elsewhere a fresh set of free attempts each time. An IP's failures are never ended by a success
// (anyone can register an account and log into it); they only age out of the IP window.

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
const deviceKey = (nonce: string) => `device:${nonce}`;

/** Who is trying: the client's IP and, when it showed a genuine device cookie for the account, its nonce. */
export type LoginClient = { ip: string; deviceNonce: string | null };

/** A bucket's run of failures starts after the last success under any of `endedBySuccessOf`. */
type Bucket = { key: string; policy: ThrottlePolicy; endedBySuccessOf: string[] };

function bucketsOf(email: string, client: LoginClient): Bucket[] {
  const account = accountKey(email);
  if (client.deviceNonce) {
    const device = deviceKey(client.deviceNonce);
    return [{ key: device, policy: ACCOUNT_THROTTLE, endedBySuccessOf: [device, account] }];
  }
  return [
    { key: account, policy: ACCOUNT_THROTTLE, endedBySuccessOf: [account] },
    { key: ipKey(client.ip), policy: IP_THROTTLE, endedBySuccessOf: [] },
  ];
}

/** The bucket's failures in its window after its last success, leaving out the attempt being judged. */
async function summarize(db: Db, bucket: Bucket, ownId: number, now: Date): Promise<FailureSummary> {
  const since = new Date(now.getTime() - bucket.policy.windowMs).toISOString();
  const enders = bucket.endedBySuccessOf.map((key) => sql`${key}`);
  const from = enders.length
    ? sql`greatest(${since}::timestamptz, (select max(s.created_at) from ${loginAttempts} s
        where s.key in (${sql.join(enders, sql`, `)}) and s.succeeded and s.created_at > ${since}::timestamptz))`
    : sql`${since}::timestamptz`;
  const [row] = await db
    .select({ failures: count(), last: max(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.key, bucket.key),
        eq(loginAttempts.succeeded, false),
        gt(loginAttempts.createdAt, from),
        ne(loginAttempts.id, ownId),
      ),
    );
  return { failures: row?.failures ?? 0, lastFailureAt: row?.last ?? null };
}

export type LoginAttempt = { ids: number[] };

/**
 * Records the attempt as failed, then throws RATE_LIMITED (with the wait) if a bucket's run of
 * failures makes it wait; the password must be checked only after this returns. Recording first
 * makes concurrent guesses see each other: of a burst, at most the free failures get a password check.
 * A refused attempt is taken back: it checked no password, so it is no failure and cannot push the
 * wait further out (hammering a throttled account never locks it beyond the longest delay).
 */
export async function beginLoginAttempt(
  db: Db,
  opts: { email: string; client: LoginClient; now: Date },
): Promise<LoginAttempt> {
  return beginAttempt(db, bucketsOf(opts.email, opts.client), opts.now);
}

/**
 * An attempt that names no account (a passkey the server does not know): it counts in the client IP's
 * bucket only, like an unknown client's guesses across accounts.
 */
export async function beginAnonymousLoginAttempt(
  db: Db,
  opts: { ip: string; now: Date },
): Promise<LoginAttempt> {
  return beginAttempt(db, [{ key: ipKey(opts.ip), policy: IP_THROTTLE, endedBySuccessOf: [] }], opts.now);
}

async function beginAttempt(db: Db, buckets: Bucket[], now: Date): Promise<LoginAttempt> {
  const rows = await db
    .insert(loginAttempts)
    .values(buckets.map((b) => ({ key: b.key, succeeded: false, createdAt: now })))
    .returning({ id: loginAttempts.id, key: loginAttempts.key });
  const ids = rows.map((r) => r.id);
  const waits = await Promise.all(
    buckets.map(async (b) => {
      const own = rows.find((r) => r.key === b.key)!.id;
      return retryAfterMs(b.policy, await summarize(db, b, own, now), now);
    }),
  );
  const wait = Math.max(...waits);
  if (wait > 0) {
    await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids));
    throw new RateLimitedError(tooManyLoginAttemptsMessage(wait), wait);
  }
  return { ids };
}

/** The password was right: the attempt turns into a success, which ends its bucket's run of failures. */
export async function loginAttemptSucceeded(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.update(loginAttempts).set({ succeeded: true }).where(inArray(loginAttempts.id, attempt.ids));
}

/**
 * Ends the run of failures of the account and its devices, so its password works at once (a completed
 * password reset: the e-mailed link proved the owner holds the mailbox).
 */
export async function clearLoginFailures(db: Db, email: string, now: Date): Promise<void> {
  await db.insert(loginAttempts).values({ key: accountKey(email), succeeded: true, createdAt: now });
}

/**
 * The password was right but a second factor is still to come: the attempt is taken back (neither a
 * failure nor a success), so the run of failures goes on until the code is right too
 * (the code's own attempt, two-factor/login.ts, counts like a password's).
 */
export async function loginAttemptPending(db: Db, attempt: LoginAttempt): Promise<void> {
  await db.delete(loginAttempts).where(inArray(loginAttempts.id, attempt.ids));
}
