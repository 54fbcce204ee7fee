import { and, count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_THROTTLE, IP_THROTTLE, tooManyLoginAttemptsMessage } from '../../domain/index.js';
import { loginAttempts, outboxEmails, sessions } from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { login, MSG_BAD_CREDENTIALS } from './login.js';
import { LOGIN_DEVICE_COOKIE, LOGIN_DEVICE_DAYS, trustedDevice } from './login-device.js';

const t = setupTestApp();

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { token user { email } }
}`;
const SEND_RESET = 'mutation ($email: String!) { sendResetPasswordEmail(email: $email) }';
const RESET = `mutation ($token: String!, $password: String!) {
  resetPassword(token: $token, password: $password) { token }
}`;

const ANN = 'ann@example.test';
const WAIT = /^Too many failed login attempts\. Please try again in \d+ (second|minute)s?\.$/;
const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The login use case at a given time, as the resolver calls it. */
function loginAt(
  now: Date,
  password: string,
  opts: { email?: string; ip?: string; deviceCookie?: string } = {},
) {
  return login(t.db, {
    email: opts.email ?? ANN,
    password,
    ip: opts.ip ?? '10.0.0.1',
    userAgent: 'test',
    sessionDays: 30,
    secret: t.config.appSecret,
    deviceCookie: opts.deviceCookie,
    now,
  });
}

/** What a login at `now` comes to: 'ok', 'wrong' (checked, refused) or the throttle's message. */
async function outcome(now: Date, password: string, opts: Parameters<typeof loginAt>[2] = {}) {
  try {
    await loginAt(now, password, opts);
    return 'ok';
  } catch (err) {
    const e = err as { code?: string; message: string };
    if (e.code === 'UNAUTHENTICATED' && e.message === MSG_BAD_CREDENTIALS) return 'wrong';
    if (e.code === 'RATE_LIMITED') return e.message;
    throw err;
  }
}
const waitFor = tooManyLoginAttemptsMessage;
const shift = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** `n` failed attempts under `key` (e.g. an attack that already happened), all at `at`. */
async function seedFailures(key: string, n: number, at: Date | ((i: number) => Date)) {
  await t.db.insert(loginAttempts).values(
    Array.from({ length: n }, (_, i) => ({
      key,
      succeeded: false,
      createdAt: typeof at === 'function' ? at(i) : at,
    })),
  );
}
const failuresOf = async (key: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), eq(loginAttempts.succeeded, false)))
  )[0]!.n;

/** Logs in through GraphQL from a browser and returns its device cookie. */
async function knownBrowser(email = ANN, password = 'right-pass') {
  const res = await t.gql(LOGIN, { email, password }, { ip: '10.10.0.1' });
  expect(res.errors).toBeUndefined();
  return res.cookie(LOGIN_DEVICE_COOKIE)!.value;
}

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', name: 'Default Brand', isDefault: true });
  await createUser(t.db, { email: ANN, password: 'right-pass' });
});

describe('login throttle for unknown clients', () => {
  it('lets 5 failures through, then makes each attempt wait a delay that doubles from the last failure', async () => {
    const t0 = new Date();
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) {
      expect(await outcome(t0, `wrong-${i}`, { ip: `10.1.0.${i}` })).toBe('wrong');
    }
    // Even the right password waits: the throttle answers before any password is checked.
    expect(await outcome(shift(t0, 400), 'right-pass')).toBe(waitFor(600));
    expect(await outcome(shift(t0, 1 * SECOND), 'wrong-5')).toBe('wrong');
    expect(await outcome(shift(t0, 2 * SECOND), 'right-pass')).toBe(waitFor(1 * SECOND));
    expect(await outcome(shift(t0, 3 * SECOND), 'wrong-6')).toBe('wrong');
    expect(await outcome(shift(t0, 3 * SECOND), 'right-pass')).toBe(
      'Too many failed login attempts. Please try again in 4 seconds.',
    );
    expect(await outcome(shift(t0, 7 * SECOND), 'right-pass')).toBe('ok');
  });

  it('waits at most 15 minutes, however many failures there were', async () => {
    const t0 = new Date();
    await seedFailures(`account:${ANN}`, 500, t0);
    expect(await outcome(t0, 'right-pass')).toBe(
      'Too many failed login attempts. Please try again in 15 minutes.',
    );
    expect(await outcome(shift(t0, 14 * MINUTE + 30 * SECOND), 'right-pass')).toBe(waitFor(30 * SECOND));
    expect(await outcome(shift(t0, 15 * MINUTE), 'right-pass')).toBe('ok');
  });

  it('does not count refused attempts: hammering a throttled account never pushes the wait further out', async () => {
    const t0 = new Date();
    await seedFailures(`account:${ANN}`, 10, t0); // 10 failures: 32 s
    for (let s = 0; s < 32; s++) {
      expect(await outcome(shift(t0, s * SECOND), `guess-${s}`, { ip: `10.2.0.${s}` })).toMatch(WAIT);
    }
    expect(await failuresOf(`account:${ANN}`)).toBe(10);
    expect(await failuresOf('ip:10.2.0.1')).toBe(0);
    expect(await outcome(shift(t0, 32 * SECOND), 'right-pass')).toBe('ok');
  });

  it('answers a throttled attempt the same whether the password is right or wrong, and checks neither', async () => {
    await seedFailures(`account:${ANN}`, 10, new Date());
    const right = await t.gql(LOGIN, { email: ANN, password: 'right-pass' }, { ip: '10.3.0.1' });
    const wrong = await t.gql(LOGIN, { email: ANN, password: 'wrong-pass' }, { ip: '10.3.0.1' });
    for (const res of [right, wrong]) {
      expect(res.data).toBeNull();
      expect(res.errors![0]!.extensions!.code).toBe('RATE_LIMITED');
      expect(res.errors![0]!.message).toMatch(WAIT);
      // The wait in whole seconds too, as an HTTP Retry-After, for clients: 10 failures, 5 free, 32 s.
      expect(res.errors![0]!.extensions!.retryAfter).toBeGreaterThanOrEqual(25);
      expect(res.errors![0]!.extensions!.retryAfter).toBeLessThanOrEqual(32);
      expect(res.cookies).toEqual([]);
    }
    const digitless = (res: typeof right) => JSON.stringify(res.errors).replace(/\d+/g, 'N');
    expect(digitless(right)).toBe(digitless(wrong));
    expect(right.status).toBe(wrong.status);
    // No session was made and no failure recorded: the passwords were never looked at.
    expect(await t.db.select().from(sessions)).toHaveLength(0);
    expect(await failuresOf(`account:${ANN}`)).toBe(10);
  });

  it('treats an unknown e-mail like an account, so the throttle tells nothing about which exist', async () => {
    const t0 = new Date();
    const nobody = { email: 'nobody@example.test' };
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) {
      expect(await outcome(t0, 'guess', nobody)).toBe('wrong');
    }
    expect(await outcome(t0, 'guess', nobody)).toBe(waitFor(1 * SECOND));
  });

  it('checks at most the free number of passwords when guesses arrive all at once', async () => {
    const t0 = new Date();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => outcome(t0, `guess-${i}`, { ip: `10.5.0.${i}` })),
    );
    expect(burst.filter((o) => o === 'wrong').length).toBeLessThanOrEqual(ACCOUNT_THROTTLE.freeFailures);
    expect(burst.filter((o) => WAIT.test(o)).length).toBeGreaterThanOrEqual(
      30 - ACCOUNT_THROTTLE.freeFailures,
    );
    expect(await failuresOf(`account:${ANN}`)).toBe(burst.filter((o) => o === 'wrong').length);
  });

  it('keeps the account throttle to that account: another account still logs in', async () => {
    await createUser(t.db, { email: 'bob@example.test', password: 'bob-pass' });
    await seedFailures(`account:${ANN}`, 20, new Date());
    expect(await t.login('bob@example.test', 'bob-pass', { ip: '10.3.0.2' })).toBeTruthy();
  });

  it('forgets failures older than a day', async () => {
    await seedFailures(`account:${ANN}`, 20, new Date(Date.now() - ACCOUNT_THROTTLE.windowMs - MINUTE));
    expect(await t.login(ANN, 'right-pass')).toBeTruthy();
  });

  it('ends the run of failures with a successful login', async () => {
    const t0 = new Date();
    for (let round = 0; round < 3; round++) {
      // Milliseconds apart: without the successes, round 2 would have to wait a second.
      const at = (i: number) => shift(t0, round * 10 + i);
      for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures - 1; i++) {
        expect(await outcome(at(i), 'typo', { ip: `10.7.${round}.${i}` })).toBe('wrong');
      }
      expect(await outcome(at(9), 'right-pass', { ip: `10.7.${round}.99` })).toBe('ok');
    }
  });

  it('records failed attempts under both the account and the IP', async () => {
    await t.gql(LOGIN, { email: 'Someone@Example.test', password: 'x' }, { ip: '10.4.0.1' });
    const keys = (await t.db.select().from(loginAttempts)).map((r) => [r.key, r.succeeded]);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['account:someone@example.test', false],
        ['ip:10.4.0.1', false],
      ]),
    );
  });
});

describe('login throttle per IP address', () => {
  const lastHour = (t0: Date) => (i: number) => new Date(t0.getTime() - i * SECOND);

  it('delays an address after 100 failures across accounts, growing like the account delay', async () => {
    const t0 = new Date();
    await seedFailures('ip:10.9.9.9', IP_THROTTLE.freeFailures, lastHour(t0));
    const fromThere = { ip: '10.9.9.9' };
    expect(await outcome(t0, 'right-pass', fromThere)).toBe(waitFor(1 * SECOND));
    expect(await outcome(t0, 'right-pass', { ip: '10.9.9.8' })).toBe('ok');
    expect(await outcome(shift(t0, 1 * SECOND), 'guess', { ...fromThere, email: 'x@example.test' })).toBe(
      'wrong',
    );
    expect(await outcome(shift(t0, 1 * SECOND), 'right-pass', fromThere)).toBe(waitFor(2 * SECOND));
    expect(await outcome(shift(t0, 3 * SECOND), 'right-pass', fromThere)).toBe('ok');
  });

  it('forgets an address’s failures after an hour', async () => {
    const t0 = new Date();
    await seedFailures('ip:10.9.9.9', 200, new Date(t0.getTime() - IP_THROTTLE.windowMs - SECOND));
    expect(await outcome(t0, 'right-pass', { ip: '10.9.9.9' })).toBe('ok');
  });

  it('does not let a successful login of another account reset the per-IP count', async () => {
    await createUser(t.db, { email: 'attacker@example.test', password: 'own-pass' });
    const t0 = new Date();
    await seedFailures('ip:10.6.6.6', IP_THROTTLE.freeFailures - 1, (i) => shift(t0, -(i + 1) * SECOND));
    const fromThere = { ip: '10.6.6.6' };
    // The attacker's own account logs in fine from that IP...
    expect(await outcome(t0, 'own-pass', { ...fromThere, email: 'attacker@example.test' })).toBe('ok');
    // ...but that gives the IP no fresh allowance: one free guess is left, then a wait.
    expect(await outcome(t0, 'guess-1', fromThere)).toBe('wrong');
    expect(await outcome(t0, 'guess-2', fromThere)).toBe(waitFor(1 * SECOND));
  });

  it('does not count successful logins against the IP', async () => {
    await seedFailures('ip:10.8.8.8', IP_THROTTLE.freeFailures - 1, new Date());
    for (let i = 0; i < 3; i++) {
      expect(await t.login(ANN, 'right-pass', { ip: '10.8.8.8' })).toBeTruthy();
    }
  });
});

describe('known browsers (device cookie)', () => {
  it('binds the browser to the account with a long-lived HttpOnly, SameSite=Strict cookie for /api', async () => {
    const res = await t.gql(LOGIN, { email: ANN, password: 'right-pass' });
    const cookie = res.cookie(LOGIN_DEVICE_COOKIE)!;
    expect(cookie.value).toMatch(/^[A-Za-z0-9]{22}\.\d+\.[0-9a-f]{32}$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    expect(cookie.path).toBe('/api');
    expect(cookie.maxAge).toBe(LOGIN_DEVICE_DAYS * 86_400);
    const wrong = await t.gql(LOGIN, { email: ANN, password: 'wrong-pass' });
    expect(wrong.cookie(LOGIN_DEVICE_COOKIE)).toBeUndefined();
  });

  it('marks the device cookie Secure in production, signed with that APP_SECRET', async () => {
    const app = await t.buildApp({
      env: { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' },
    });
    const res = await t.gql(LOGIN, { email: ANN, password: 'right-pass' }, { app });
    const cookie = res.cookie(LOGIN_DEVICE_COOKIE)!;
    expect(cookie.secure).toBe(true);
    // A binding signed under the test app's secret is worth nothing to the production one.
    expect(trustedDevice(t.config.appSecret, cookie.value, ANN, new Date())).toBeNull();
    expect(trustedDevice('a-long-production-secret-for-tests', cookie.value, ANN, new Date())).not.toBeNull();
  });

  it('lets the owner’s known browser in with the right password while the account is under attack', async () => {
    const device = await knownBrowser();
    for (let i = 0; i < 12; i++) {
      await t.gql(LOGIN, { email: ANN, password: `guess-${i}` }, { ip: `10.11.0.${i}` });
    }
    await seedFailures(`account:${ANN}`, 100, new Date()); // and a day of guessing before that
    const stranger = await t.gql(LOGIN, { email: ANN, password: 'right-pass' }, { ip: '10.12.0.1' });
    expect(stranger.errors![0]!.extensions!.code).toBe('RATE_LIMITED');
    expect(stranger.errors![0]!.message).toBe(
      'Too many failed login attempts. Please try again in 15 minutes.',
    );

    const owner = await t.gql(
      LOGIN,
      { email: ANN, password: 'right-pass' },
      { ip: '10.12.0.2', cookie: { [LOGIN_DEVICE_COOKIE]: device } },
    );
    expect(owner.errors).toBeUndefined();
    expect(owner.data.login.user.email).toBe(ANN);
    expect(owner.cookie('sid')?.value).toBe(owner.data.login.token);
    // The same binding, renewed: the browser keeps its own count of failures.
    expect(owner.cookie(LOGIN_DEVICE_COOKIE)!.value.split('.')[0]).toBe(device.split('.')[0]);
    // The owner's login gives the guessing stranger no fresh free attempts.
    const again = await t.gql(LOGIN, { email: ANN, password: 'guess-x' }, { ip: '10.12.0.3' });
    expect(again.errors![0]!.extensions!.code).toBe('RATE_LIMITED');
  });

  it('throttles a known browser by its own failures, which leave other clients alone', async () => {
    const device = await knownBrowser();
    const t0 = new Date();
    const fromDevice = { deviceCookie: device };
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) {
      expect(await outcome(t0, `typo-${i}`, fromDevice)).toBe('wrong');
    }
    expect(await outcome(t0, 'right-pass', fromDevice)).toBe(waitFor(1 * SECOND));
    expect(await failuresOf(`account:${ANN}`)).toBe(0);
    expect(await outcome(t0, 'right-pass', { ip: '10.13.0.1' })).toBe('ok');
  });

  it('ends a known browser’s run of failures with its successful login', async () => {
    const device = await knownBrowser();
    const t0 = new Date();
    for (let round = 0; round < 3; round++) {
      const at = (i: number) => shift(t0, round * 10 + i);
      for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures - 1; i++) {
        expect(await outcome(at(i), 'typo', { deviceCookie: device })).toBe('wrong');
      }
      expect(await outcome(at(9), 'right-pass', { deviceCookie: device })).toBe('ok');
    }
  });

  it('ignores a forged or edited device cookie, and one made for another account', async () => {
    await createUser(t.db, { email: 'bob@example.test', password: 'bob-pass' });
    const device = await knownBrowser();
    const bobs = await knownBrowser('bob@example.test', 'bob-pass');
    await seedFailures(`account:${ANN}`, 20, new Date());
    const [nonce, issued, sig] = device.split('.') as [string, string, string];
    const flip = (s: string) => (s.startsWith('a') ? `b${s.slice(1)}` : `a${s.slice(1)}`);
    const forged = [
      `${flip(nonce)}.${issued}.${sig}`,
      `${nonce}.${Number(issued) + 1}.${sig}`,
      `${nonce}.${issued}.${flip(sig)}`,
      `${nonce}.${issued}`,
      bobs,
      'anything-at-all',
    ];
    for (const cookie of forged) {
      const res = await t.gql(
        LOGIN,
        { email: ANN, password: 'right-pass' },
        { cookie: { [LOGIN_DEVICE_COOKIE]: cookie } },
      );
      expect(res.errors?.[0]?.extensions?.code, cookie).toBe('RATE_LIMITED');
    }
    const genuine = await t.gql(
      LOGIN,
      { email: ANN, password: 'right-pass' },
      { cookie: { [LOGIN_DEVICE_COOKIE]: device } },
    );
    expect(genuine.errors).toBeUndefined();
  });

  it('serves API clients, which send a bearer token and no cookies, as unknown clients', async () => {
    const token = await t.login(ANN, 'right-pass');
    const res = await t.gql(LOGIN, { email: ANN, password: 'right-pass' }, { token });
    expect(res.errors).toBeUndefined();
    expect(res.data.login.token).not.toBe(token);
    await seedFailures(`account:${ANN}`, 20, new Date());
    const limited = await t.gql(LOGIN, { email: ANN, password: 'right-pass' }, { token });
    expect(limited.errors![0]!.extensions!.code).toBe('RATE_LIMITED');
  });
});

describe('password reset under attack', () => {
  const resetTokenFromMail = async () => {
    const [mail] = await t.db.select().from(outboxEmails);
    return /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  };

  it('lets the owner in with the new password at once, however many wrong passwords came before', async () => {
    for (let i = 0; i < 12; i++) {
      await t.gql(LOGIN, { email: ANN, password: `guess-${i}` }, { ip: `10.20.0.${i}` });
    }
    await seedFailures(`account:${ANN}`, 30, new Date()); // and more guessing just now
    const before = await t.gql(LOGIN, { email: ANN, password: 'right-pass' }, { ip: '10.21.0.1' });
    expect(before.errors![0]!.extensions!.code).toBe('RATE_LIMITED');

    expect((await t.gql(SEND_RESET, { email: ANN })).data).toEqual({ sendResetPasswordEmail: true });
    const reset = await t.gql(RESET, { token: await resetTokenFromMail(), password: 'new-password' });
    expect(reset.errors).toBeUndefined();

    // From another client, with no cookie at all: the reset ended the run of failures.
    const res = await t.gql(LOGIN, { email: ANN, password: 'new-password' }, { ip: '10.21.0.2' });
    expect(res.errors).toBeUndefined();
    expect(res.data.login.user.email).toBe(ANN);
  });

  it('starts a fresh run after the reset: new wrong guesses are throttled again', async () => {
    await seedFailures(`account:${ANN}`, 30, new Date(Date.now() - MINUTE));
    await t.gql(SEND_RESET, { email: ANN });
    await t.gql(RESET, { token: await resetTokenFromMail(), password: 'new-password' });
    const t0 = new Date(Date.now() + SECOND);
    for (let i = 0; i < ACCOUNT_THROTTLE.freeFailures; i++) {
      expect(await outcome(t0, `guess-${i}`)).toBe('wrong');
    }
    expect(await outcome(t0, 'new-password')).toBe(waitFor(1 * SECOND));
  });

  it('trusts the browser that completed the reset', async () => {
    await t.gql(SEND_RESET, { email: ANN });
    const reset = await t.gql(RESET, { token: await resetTokenFromMail(), password: 'new-password' });
    const device = reset.cookie(LOGIN_DEVICE_COOKIE)!.value;
    await seedFailures(`account:${ANN}`, 20, new Date(Date.now() + SECOND));
    expect(await outcome(new Date(Date.now() + SECOND), 'new-password', { deviceCookie: device })).toBe('ok');
    expect(await outcome(new Date(Date.now() + SECOND), 'new-password')).toMatch(WAIT);
  });
});
