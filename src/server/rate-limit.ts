import { and, desc, eq, gt, inArray, lte, ne } from 'drizzle-orm';
import { RATE_LIMITS, type RateLimit, rateLimitWaitMs, tooManyRequestsMessage } from '../domain/index.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { loginAttempts } from './db/schema.js';
import { RateLimitedError } from './errors.js';

// The counts of the request limits (domain/rate-limits.ts) live in the database, in the log the login
// throttle keeps (login_attempts), under keys of their own (`limit:{what}:{who}`), so that every
// instance and process sees every other's requests. The same way as the login throttle: the request
// is recorded first and then counted, so concurrent requests see each other (of a burst, at most the
// limit pass), and a refused request is taken back (it does not count, nor push the wait out).

/** One count: `key` names what and who (e.g. `password-reset:ip:203.0.113.7`); `limit` its numbers. */
export type RateLimitBucket = { key: string; limit: RateLimit };

/**
 * Counts this request in every bucket, or refuses it with RATE_LIMITED and the longest wait of the
 * buckets that are full (then it counts in none).
 */
export async function takeRateLimit(
  db: Db,
  buckets: RateLimitBucket[],
  now: Date = new Date(),
): Promise<void> {
  const keyed = buckets.map((b) => ({ ...b, key: `limit:${b.key}` }));
  const rows = await db
    .insert(loginAttempts)
    .values(keyed.map((b) => ({ key: b.key, succeeded: true, createdAt: now })))
    .returning({ id: loginAttempts.id, key: loginAttempts.key });
  const waits = await Promise.all(
    keyed.map(async (b) => {
      const own = rows.find((r) => r.key === b.key)!.id;
      const since = new Date(now.getTime() - b.limit.windowMs);
      // The latest `max` others are all it takes: one more fits once the oldest of them has left.
      const earlier = await db
        .select({ at: loginAttempts.createdAt })
        .from(loginAttempts)
        .where(
          and(eq(loginAttempts.key, b.key), gt(loginAttempts.createdAt, since), ne(loginAttempts.id, own)),
        )
        .orderBy(desc(loginAttempts.createdAt))
        .limit(b.limit.max);
      return rateLimitWaitMs(
        b.limit,
        earlier.map((r) => r.at),
        now,
      );
    }),
  );
  const wait = Math.max(...waits);
  if (wait > 0) {
    await db.delete(loginAttempts).where(
      inArray(
        loginAttempts.id,
        rows.map((r) => r.id),
      ),
    );
    throw new RateLimitedError(tooManyRequestsMessage(wait), wait);
  }
  // What has left its window counts no more: a key's log stays as short as its limit.
  for (const b of keyed) {
    const since = new Date(now.getTime() - b.limit.windowMs);
    await db
      .delete(loginAttempts)
      .where(and(eq(loginAttempts.key, b.key), lte(loginAttempts.createdAt, since)));
  }
}

/** The buckets each limited request counts in: per target and per client IP (domain/rate-limits.ts). */
export const RATE_LIMITED_REQUESTS = {
  /** Counted for an unknown address too: the answer is the same either way (no account discovery). */
  passwordReset: (email: string, ip: string): RateLimitBucket[] => [
    { key: `password-reset:email:${email.trim().toLowerCase()}`, limit: RATE_LIMITS.passwordResetPerEmail },
    { key: `password-reset:ip:${ip}`, limit: RATE_LIMITS.passwordResetPerIp },
  ],
  signUp: (ip: string): RateLimitBucket[] => [{ key: `sign-up:ip:${ip}`, limit: RATE_LIMITS.signUpPerIp }],
  /** Per person when logged in (wherever from), else per IP. */
  uploadSign: (who: { userId: string | null; ip: string }): RateLimitBucket[] => [
    {
      key: who.userId ? `upload-sign:user:${who.userId}` : `upload-sign:ip:${who.ip}`,
      limit: RATE_LIMITS.uploadSignPerClient,
    },
  ],
  invitation: (accountId: string, ip: string): RateLimitBucket[] => [
    { key: `invitation:account:${accountId}`, limit: RATE_LIMITS.invitationPerAccount },
    { key: `invitation:ip:${ip}`, limit: RATE_LIMITS.invitationPerIp },
  ],
  /** Per invitation as the caller's account names it: another account cannot use up its resends. */
  invitationResend: (accountId: string, invitationId: string, ip: string): RateLimitBucket[] => [
    {
      key: `invitation-resend:invitation:${accountId}:${invitationId}`,
      limit: RATE_LIMITS.invitationResendPerInvitation,
    },
    { key: `invitation-resend:ip:${ip}`, limit: RATE_LIMITS.invitationResendPerIp },
  ],
};

/** Takes the limit unless the configuration turns the limits off (the end-to-end journeys only). */
export async function limitRequest(
  deps: { db: Db; config: Pick<Config, 'RATE_LIMITS'> },
  buckets: RateLimitBucket[],
): Promise<void> {
  if (deps.config.RATE_LIMITS === 'off') return;
  await takeRateLimit(deps.db, buckets);
}
