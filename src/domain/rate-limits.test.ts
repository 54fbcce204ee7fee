import { describe, expect, it } from 'vitest';
import { RATE_LIMITS, rateLimitWaitMs, retryAfterSeconds, tooManyRequestsMessage } from './rate-limits';

const now = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
const HOUR = { max: 3, windowMs: 60 * 60_000 };

describe('rateLimitWaitMs', () => {
  it('lets requests through while fewer than the limit are in the window', () => {
    expect(rateLimitWaitMs(HOUR, [], now)).toBe(0);
    expect(rateLimitWaitMs(HOUR, [minutesAgo(1), minutesAgo(2)], now)).toBe(0);
    // Requests older than the window do not count.
    expect(rateLimitWaitMs(HOUR, [minutesAgo(1), minutesAgo(2), minutesAgo(60), minutesAgo(90)], now)).toBe(
      0,
    );
  });

  it('makes the next wait until the oldest counted request leaves the window', () => {
    expect(rateLimitWaitMs(HOUR, [minutesAgo(10), minutesAgo(40), minutesAgo(5)], now)).toBe(20 * 60_000);
  });

  it('with more than the limit counted (concurrent requests), waits until enough have left', () => {
    const times = [minutesAgo(50), minutesAgo(30), minutesAgo(20), minutesAgo(10)];
    // Four counted, three allowed: two must leave, the 50- and the 30-minute-old ones.
    expect(rateLimitWaitMs(HOUR, times, now)).toBe(30 * 60_000);
  });

  it('never waits longer than the window, whatever a clock ahead stamped', () => {
    const ahead = new Date(now.getTime() + 10 * 60 * 60_000);
    expect(rateLimitWaitMs(HOUR, [ahead, ahead, ahead], now)).toBe(HOUR.windowMs);
  });

  it('says the wait in whole seconds, at least one, and in words', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1500)).toBe(2);
    expect(tooManyRequestsMessage(20 * 60_000)).toBe('Too many requests. Please try again in 20 minutes.');
    expect(tooManyRequestsMessage(1000)).toBe('Too many requests. Please try again in 1 second.');
  });

  it('has the documented numbers', () => {
    expect(RATE_LIMITS).toEqual({
      passwordResetPerEmail: { max: 5, windowMs: 3_600_000 },
      passwordResetPerIp: { max: 20, windowMs: 3_600_000 },
      signUpPerIp: { max: 10, windowMs: 3_600_000 },
      uploadSignPerClient: { max: 120, windowMs: 600_000 },
      invitationPerAccount: { max: 50, windowMs: 3_600_000 },
      invitationPerIp: { max: 50, windowMs: 3_600_000 },
      invitationResendPerInvitation: { max: 5, windowMs: 3_600_000 },
      invitationResendPerIp: { max: 30, windowMs: 3_600_000 },
    });
  });
});
