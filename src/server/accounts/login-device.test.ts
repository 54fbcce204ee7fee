import { describe, expect, it } from 'vitest';
import { LOGIN_DEVICE_DAYS, rememberDevice, trustedDevice } from './login-device.js';

const SECRET = 'a-test-secret-of-some-length';
const now = new Date('2025-03-10T12:00:00Z');
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

/** Changes the character at `i` to a different one of the same kind. */
const edit = (s: string, i: number) => {
  const c = s[i]!;
  const other = /\d/.test(c) ? String((Number(c) + 1) % 10) : c === 'a' ? 'b' : 'a';
  return s.slice(0, i) + other + s.slice(i + 1);
};

describe('login device cookie', () => {
  it('trusts a browser for the account it logged into, whatever the e-mail case, and no other', () => {
    const cookie = rememberDevice(SECRET, null, 'Ann@Example.test', now);
    const nonce = trustedDevice(SECRET, cookie, ' ann@example.test', now);
    expect(nonce).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(trustedDevice(SECRET, cookie, 'bob@example.test', now)).toBeNull();
    expect(trustedDevice('another-secret-entirely', cookie, 'ann@example.test', now)).toBeNull();
  });

  it('ignores a cookie with any part edited: nonce, date or signature', () => {
    const cookie = rememberDevice(SECRET, null, 'ann@example.test', now);
    const [nonce, issued] = cookie.split('.') as [string, string, string];
    for (const at of [
      0,
      nonce.length - 1,
      nonce.length + 1,
      nonce.length + issued.length,
      cookie.length - 1,
    ]) {
      expect(trustedDevice(SECRET, edit(cookie, at), 'ann@example.test', now), `edit at ${at}`).toBeNull();
    }
    expect(trustedDevice(SECRET, 'garbage', 'ann@example.test', now)).toBeNull();
    expect(trustedDevice(SECRET, '', 'ann@example.test', now)).toBeNull();
    expect(trustedDevice(SECRET, undefined, 'ann@example.test', now)).toBeNull();
  });

  it(`expires a binding ${LOGIN_DEVICE_DAYS} days after the last login from the browser`, () => {
    const cookie = rememberDevice(SECRET, null, 'ann@example.test', now);
    expect(trustedDevice(SECRET, cookie, 'ann@example.test', later(LOGIN_DEVICE_DAYS - 1))).not.toBeNull();
    expect(trustedDevice(SECRET, cookie, 'ann@example.test', later(LOGIN_DEVICE_DAYS))).toBeNull();
    const renewed = rememberDevice(SECRET, cookie, 'ann@example.test', later(100));
    expect(trustedDevice(SECRET, renewed, 'ann@example.test', later(LOGIN_DEVICE_DAYS + 50))).toBe(
      trustedDevice(SECRET, cookie, 'ann@example.test', now),
    );
  });

  it('keeps the nonce across logins, so the device keeps its own count of failures', () => {
    const first = rememberDevice(SECRET, null, 'ann@example.test', now);
    const second = rememberDevice(SECRET, first, 'ann@example.test', later(1));
    expect(trustedDevice(SECRET, second, 'ann@example.test', later(1))).toBe(
      trustedDevice(SECRET, first, 'ann@example.test', now),
    );
    expect(second.split('~')).toHaveLength(1);
  });

  it('holds the bindings of up to five accounts on one browser, dropping the longest unused', () => {
    let cookie = '';
    const emails = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => `${x}@example.test`);
    for (const email of emails) cookie = rememberDevice(SECRET, cookie, email, now);
    expect(cookie.split('~')).toHaveLength(5);
    expect(trustedDevice(SECRET, cookie, 'a@example.test', now)).toBeNull();
    for (const email of emails.slice(1)) expect(trustedDevice(SECRET, cookie, email, now)).not.toBeNull();
  });
});
