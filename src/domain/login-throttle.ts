import { waitText } from './rate-limits';

// Login throttling by growing delays (OWASP ASVS 2.2.1, NIST 800-63B 5.2.2): a few failures are
// free, then each further attempt must wait a delay that doubles with every failure, up to a cap,
// counted from the last failure. Nothing is ever locked for good: at most `maxDelayMs` after the
// last failure an attempt is allowed again, and an attempt refused by the throttle is not a failure
// (the server does not record it), so refused attempts never push the wait further out.

export type ThrottlePolicy = {
  /** Failures allowed without any delay. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; it doubles with each further failure. */
  baseDelayMs: number;
  /** The longest wait, however many failures there are. */
  maxDelayMs: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
};

/** What the server knows of one throttled bucket (an account, a known device or an IP). */
export type FailureSummary = {
  /** Failures inside the window (for an account or device: since its last successful login or reset). */
  failures: number;
  lastFailureAt: Date | null;
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * An account tried from unknown clients, and each known device on its own: 5 free failures, then
 * 1 s, 2 s, 4 s ... up to 15 minutes. Under a sustained attack that is at most ~100 guesses a day.
 */
export const ACCOUNT_THROTTLE: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  windowMs: 24 * 60 * MINUTE,
};

/** An IP address across all accounts: offices and mobile networks share one, so 100 failures an hour are free. */
export const IP_THROTTLE: ThrottlePolicy = {
  freeFailures: 100,
  baseDelayMs: SECOND,
  maxDelayMs: 15 * MINUTE,
  windowMs: 60 * MINUTE,
};

/** The wait that `failures` earn after the last of them (0 while they are free). */
export function throttleDelayMs(policy: ThrottlePolicy, failures: number): number {
  const beyond = failures - policy.freeFailures;
  if (beyond < 0) return 0;
  // 2^beyond overflows to Infinity for huge counts, which min() turns into the cap.
  return Math.min(policy.baseDelayMs * 2 ** beyond, policy.maxDelayMs);
}

/**
 * How long until the next attempt is allowed (0: allowed now). Never more than the delay itself, so a
 * last failure stamped in the future (another server's clock running ahead) cannot stretch the wait.
 */
export function retryAfterMs(policy: ThrottlePolicy, summary: FailureSummary, now: Date): number {
  const delay = throttleDelayMs(policy, summary.failures);
  if (delay === 0 || !summary.lastFailureAt) return 0;
  const wait = summary.lastFailureAt.getTime() + delay - now.getTime();
  return Math.max(0, Math.min(wait, delay));
}

/** The refusal, with the wait rounded up: seconds under a minute, else minutes. */
export function tooManyLoginAttemptsMessage(waitMs: number): string {
  return `Too many failed login attempts. Please try again in ${waitText(waitMs)}.`;
}
