// Limits on requests that cost the server or a third party something whoever sends them: e-mail to an
// address anyone can type in, accounts, signed upload links. Each is counted in a sliding window per
// client IP and per target (the e-mail address, the invitation, the uploader), across every instance
// (the server keeps the counts in the database). A refused request is not counted, so hammering a
// limit never pushes its end further out. Login failures have their own, growing delays
// (login-throttle.ts).

/** At most `max` requests in any `windowMs`. */
export type RateLimit = { max: number; windowMs: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The one place for the numbers (README "Rate limits" and SECURITY.md list them). */
export const RATE_LIMITS = {
  /** Password-reset e-mails to one address: enough for a lost e-mail or two, not a mail bomb. */
  passwordResetPerEmail: { max: 5, windowMs: HOUR },
  /** Password-reset requests from one IP, whatever the address (known or not): an office's worth. */
  passwordResetPerIp: { max: 20, windowMs: HOUR },
  /** Sign-ups (customer and shopper) from one IP. */
  signUpPerIp: { max: 10, windowMs: HOUR },
  /** Signed upload links for one person (the IP for anonymous uploads: order questionnaires). */
  uploadSignPerClient: { max: 120, windowMs: 10 * MINUTE },
  /** Team invitations (each an e-mail to any address) sent for one account. */
  invitationPerAccount: { max: 50, windowMs: HOUR },
  /** Team invitations from one IP, across accounts. */
  invitationPerIp: { max: 50, windowMs: HOUR },
  /** Resends of one team invitation. */
  invitationResendPerInvitation: { max: 5, windowMs: HOUR },
  /** Invitation resends from one IP, across invitations. */
  invitationResendPerIp: { max: 30, windowMs: HOUR },
} as const satisfies Record<string, RateLimit>;

/**
 * How long until one more request fits (0: now). `earlier`: the times of the requests already counted
 * in the window, any order. One more fits when fewer than `max` are in the window; otherwise when
 * enough of the oldest have left it. Never more than the window, whatever a clock ahead stamped.
 */
export function rateLimitWaitMs(limit: RateLimit, earlier: Date[], now: Date): number {
  const since = now.getTime() - limit.windowMs;
  const inWindow = earlier
    .map((d) => d.getTime())
    .filter((t) => t > since)
    .sort((a, b) => a - b);
  if (inWindow.length < limit.max) return 0;
  // The request that must leave the window for one more to fit.
  const leaving = inWindow[inWindow.length - limit.max]!;
  return Math.min(limit.windowMs, Math.max(1, leaving + limit.windowMs - now.getTime()));
}

/** Whole seconds for a Retry-After header or a retryAfter extension: at least 1. */
export const retryAfterSeconds = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / 1000));

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait rounded up: seconds under a minute, else minutes. */
export function waitText(waitMs: number): string {
  const seconds = retryAfterSeconds(waitMs);
  return seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
}

export const tooManyRequestsMessage = (waitMs: number): string =>
  `Too many requests. Please try again in ${waitText(waitMs)}.`;
