import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_THROTTLE,
  IP_THROTTLE,
  retryAfterMs,
  type ThrottlePolicy,
  throttleDelayMs,
  tooManyLoginAttemptsMessage,
} from './login-throttle';

const policy: ThrottlePolicy = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60_000,
  windowMs: 86_400_000,
};
const at = (iso: string) => new Date(`2025-03-10T${iso}Z`);

describe('throttleDelayMs', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1000],
    [6, 2000],
    [7, 4000],
    [14, 512_000],
    [15, 900_000], // 1024 s is over the cap
    [40, 900_000],
    [5000, 900_000], // 2^4995 is Infinity, still the cap
  ])('after %i failures waits %i ms', (failures, delay) => {
    expect(throttleDelayMs(policy, failures)).toBe(delay);
  });

  it('gives shared IP addresses many more free failures than one account', () => {
    expect(throttleDelayMs(ACCOUNT_THROTTLE, 5)).toBeGreaterThan(0);
    expect(throttleDelayMs(IP_THROTTLE, 99)).toBe(0);
    expect(throttleDelayMs(IP_THROTTLE, 100)).toBe(1000);
  });
});

describe('retryAfterMs', () => {
  it.each<[string, number, string | null, string, number]>([
    ['no failures', 0, null, '12:00:00', 0],
    ['free failures, however recent', 4, '12:00:00', '12:00:00', 0],
    ['5th failure just now: 1 s', 5, '12:00:00', '12:00:00', 1000],
    ['5th failure 0.4 s ago', 5, '12:00:00', '12:00:00.400', 600],
    ['5th failure exactly 1 s ago', 5, '12:00:00', '12:00:01', 0],
    ['7th failure 1 s ago: 4 s from it', 7, '12:00:00', '12:00:01', 3000],
    ['at the cap, 10 minutes ago', 30, '12:00:00', '12:10:00', 300_000],
    ['at the cap, 15 minutes ago: allowed again', 30, '12:00:00', '12:15:00', 0],
    ['a last failure stamped in the future waits no more than the delay', 6, '12:05:00', '12:00:00', 2000],
  ])('%s', (_name, failures, last, now, wait) => {
    expect(retryAfterMs(policy, { failures, lastFailureAt: last ? at(last) : null }, at(now))).toBe(wait);
  });
});

describe('tooManyLoginAttemptsMessage', () => {
  it.each([
    [1, '1 second'],
    [1000, '1 second'],
    [1001, '2 seconds'],
    [32_000, '32 seconds'],
    [59_000, '59 seconds'],
    [59_001, '1 minute'],
    [60_000, '1 minute'],
    [60_001, '2 minutes'],
    [900_000, '15 minutes'],
  ])('says a wait of %i ms as "%s"', (ms, wait) => {
    expect(tooManyLoginAttemptsMessage(ms)).toBe(
      `Too many failed login attempts. Please try again in ${wait}.`,
    );
  });
});
