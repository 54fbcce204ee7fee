import { count, eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG_PASSWORD_TOO_SHORT } from '../../domain/index.js';
import { hashPassword, setPasswordHashCost } from '../auth/passwords.js';
import { hashToken } from '../auth/tokens.js';
import type { BrandRow } from '../context.js';
import { newId } from '../db/ids.js';
import { outboxEmails, passwordResetTokens, users } from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { MSG_WRONG_CURRENT_PASSWORD } from './change-password.js';
import { MSG_BAD_CREDENTIALS } from './login.js';
import { MSG_RESET_TOKEN_INVALID, resetPassword as resetPasswordUseCase } from './password-reset.js';
import { MSG_EMAIL_TAKEN } from './register-user.js';

const t = setupTestApp();

const REGISTER = `mutation ($input: RegisterInput!) {
  register(input: $input) { token expiresAt user { _id email associatedBrandId profile { firstName } } }
}`;
const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { token user { email } }
}`;
const CURRENT_USER = '{ currentUser { _id email } }';
const LOGOUT = 'mutation { logout }';
const SEND_RESET = 'mutation ($email: String!) { sendResetPasswordEmail(email: $email) }';
const RESET = `mutation ($token: String!, $password: String!) {
  resetPassword(token: $token, password: $password) { token user { email } }
}`;
const CHANGE = `mutation ($oldPassword: String!, $newPassword: String!) {
  changePassword(oldPassword: $oldPassword, newPassword: $newPassword)
}`;

const validInput = (over: Record<string, unknown> = {}) => ({
  email: 'new.customer@example.test',
  password: 'secret-pass',
  profile: { firstName: 'Nora', lastName: 'New', businessName: 'Nora Co', phone: '(512)-555-0199' },
  ...over,
});

const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
const fieldsOf = (errors: { extensions?: Record<string, unknown> }[] | undefined) =>
  ((errors?.[0]?.extensions?.fields ?? []) as { field: string; message: string }[]).map((f) => f.field);

let brand: BrandRow;

beforeEach(async () => {
  await t.resetDb();
  brand = await createBrand(t.db, { shortName: 'default', name: 'Default Brand', isDefault: true });
});

describe('register', () => {
  it('creates an account, logs it in with a bearer token and sets an HttpOnly SameSite=Lax sid cookie', async () => {
    const res = await t.gql(REGISTER, { input: validInput() });
    expect(res.errors).toBeUndefined();
    expect(res.data.register.user.email).toBe('new.customer@example.test');
    expect(res.data.register.user.associatedBrandId).toBe(brand.id);

    const sid = res.cookie('sid');
    expect(sid?.value).toBe(res.data.register.token);
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(sid?.path).toBe('/');

    const me = await t.gql(CURRENT_USER, {}, { token: res.data.register.token });
    expect(me.data.currentUser.email).toBe('new.customer@example.test');
    const byCookie = await t.gql(CURRENT_USER, {}, { cookie: { sid: sid!.value } });
    expect(byCookie.data.currentUser._id).toBe(res.data.register.user._id);
  });

  it('stores the password hashed, never in clear', async () => {
    await t.gql(REGISTER, { input: validInput() });
    const [row] = await t.db.select().from(users);
    expect(row!.passwordHash).not.toContain('secret-pass');
    // With the configured parameters: N=2^PASSWORD_HASH_COST (the tests' low factor), r=8, p=1.
    const n = 2 ** t.config.PASSWORD_HASH_COST;
    expect(row!.passwordHash).toMatch(new RegExp(`^scrypt\\$${n}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
  });

  it('associates the account with the brand of the visit', async () => {
    const sb1 = await createBrand(t.db, { shortName: 'sb1', type: 'CUSTOM_SUBDOMAIN', subdomain: 'sb1' });
    const res = await t.gql(REGISTER, { input: validInput() }, { host: 'sb1.localhost' });
    expect(res.data.register.user.associatedBrandId).toBe(sb1.id);
  });

  it('names every bad field and writes nothing', async () => {
    const before = await userCount();
    const res = await t.gql(REGISTER, {
      input: {
        email: 'not-an-email',
        password: '123',
        profile: { firstName: ' ', lastName: '', businessName: '', phone: '' },
      },
    });
    expect(res.data).toBeNull();
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(fieldsOf(res.errors).sort()).toEqual(
      [
        'email',
        'password',
        'profile.businessName',
        'profile.firstName',
        'profile.lastName',
        'profile.phone',
      ].sort(),
    );
    expect(res.errors![0]!.message).toContain(MSG_PASSWORD_TOO_SHORT);
    expect(res.errors![0]!.message).toContain('Please enter a valid email address.');
    expect(res.errors![0]!.message).toContain('First Name is required.');
    expect(res.cookie('sid')).toBeUndefined();
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail that already has an account, whatever its case', async () => {
    await createUser(t.db, { email: 'taken@example.test' });
    const before = await userCount();
    const res = await t.gql(REGISTER, { input: validInput({ email: 'Taken@Example.TEST' }) });
    expect(res.errors![0]!.message).toBe(MSG_EMAIL_TAKEN);
    expect(res.errors![0]!.extensions!.code).toBe('CONFLICT');
    expect(fieldsOf(res.errors)).toEqual(['email']);
    expect(await userCount()).toBe(before);
  });
});

describe('login', () => {
  it('gives a working token for the right password, and accepts the e-mail in any case', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'right-pass' });
    const res = await t.gql(LOGIN, { email: ' ANN@example.test ', password: 'right-pass' });
    expect(res.errors).toBeUndefined();
    expect(res.cookie('sid')?.httpOnly).toBe(true);
    expect(res.cookie('sid')?.sameSite).toBe('Lax');
    const me = await t.gql(CURRENT_USER, {}, { token: res.data.login.token });
    expect(me.data.currentUser.email).toBe('ann@example.test');
  });

  it('answers a wrong password and an unknown e-mail with the exact same error', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'right-pass' });
    const wrong = await t.gql(LOGIN, { email: 'ann@example.test', password: 'wrong-pass' });
    const unknown = await t.gql(LOGIN, { email: 'nobody@example.test', password: 'wrong-pass' });
    expect(wrong.errors![0]!.message).toBe(MSG_BAD_CREDENTIALS);
    expect(wrong.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect(unknown.errors).toEqual(wrong.errors);
    expect(unknown.status).toBe(wrong.status);
    expect(wrong.cookie('sid')).toBeUndefined();
  });

  it('makes a hash with older parameters again with the current ones at a successful login only', async () => {
    const current = t.config.PASSWORD_HASH_COST;
    const hashAt = async (cost: number, password: string) => {
      setPasswordHashCost(cost);
      try {
        return await hashPassword(password);
      } finally {
        setPasswordHashCost(current);
      }
    };
    const old = await hashAt(current - 1, 'old-params-pass');
    const user = await createUser(t.db, { email: 'old@example.test', passwordHash: old });
    const storedHash = async () =>
      (await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash!;

    const failed = await t.gql(LOGIN, { email: 'old@example.test', password: 'wrong-pass' });
    expect(failed.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect(await storedHash()).toBe(old);

    const ok = await t.gql(LOGIN, { email: 'old@example.test', password: 'old-params-pass' });
    expect(ok.errors).toBeUndefined();
    const upgraded = await storedHash();
    expect(upgraded.startsWith(`scrypt$${2 ** current}$8$1$`)).toBe(true);
    expect(old.startsWith(`scrypt$${2 ** (current - 1)}$8$1$`)).toBe(true);
    // The new hash is of the same password; the next login verifies it and leaves it alone.
    expect(
      (await t.gql(LOGIN, { email: 'old@example.test', password: 'old-params-pass' })).errors,
    ).toBeUndefined();
    expect(await storedHash()).toBe(upgraded);

    // A hash stronger than the current parameters is kept (a low setting never weakens it).
    const strong = await hashAt(current + 1, 'strong-pass');
    await createUser(t.db, { email: 'strong@example.test', passwordHash: strong });
    expect(
      (await t.gql(LOGIN, { email: 'strong@example.test', password: 'strong-pass' })).errors,
    ).toBeUndefined();
    expect(
      (await t.db.select().from(users).where(eq(users.email, 'strong@example.test')))[0]!.passwordHash,
    ).toBe(strong);
  });

  it('names the empty email and password fields', async () => {
    const res = await t.gql(LOGIN, { email: '  ', password: '' });
    expect(res.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(fieldsOf(res.errors).sort()).toEqual(['email', 'password']);
    expect(res.errors![0]!.message).toContain('Email is required.');
    expect(res.errors![0]!.message).toContain('Password is required.');
  });
});

describe('logout', () => {
  it('revokes a bearer session: the same token no longer resolves currentUser', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'right-pass' });
    const token = await t.login('ann@example.test', 'right-pass');
    expect((await t.gql(CURRENT_USER, {}, { token })).data.currentUser.email).toBe('ann@example.test');
    const out = await t.gql(LOGOUT, {}, { token });
    expect(out.data).toEqual({ logout: true });
    expect((await t.gql(CURRENT_USER, {}, { token })).data.currentUser).toBeNull();
  });

  it('revokes a cookie session and clears the cookie', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'right-pass' });
    const login = await t.gql(LOGIN, { email: 'ann@example.test', password: 'right-pass' });
    const sid = login.cookie('sid')!.value;
    const out = await t.gql(LOGOUT, {}, { cookie: { sid } });
    const cleared = out.cookie('sid');
    expect(cleared?.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
    expect((await t.gql(CURRENT_USER, {}, { cookie: { sid } })).data.currentUser).toBeNull();
  });

  it('leaves the account’s other sessions signed in', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'right-pass' });
    const phone = await t.login('ann@example.test', 'right-pass');
    const laptop = await t.login('ann@example.test', 'right-pass');
    await t.gql(LOGOUT, {}, { token: laptop });
    expect((await t.gql(CURRENT_USER, {}, { token: phone })).data.currentUser.email).toBe('ann@example.test');
  });
});

describe('forgot and reset password', () => {
  const outbox = () => t.db.select().from(outboxEmails);
  const tokenFrom = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  async function requestReset(email: string, host?: string) {
    const res = await t.gql(SEND_RESET, { email }, host ? { host } : {});
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ sendResetPasswordEmail: true });
  }

  it('answers true for an unknown e-mail and sends no mail', async () => {
    await requestReset('nobody@example.test');
    expect(await outbox()).toHaveLength(0);
    expect(await t.db.select().from(passwordResetTokens)).toHaveLength(0);
  });

  it('names a malformed e-mail and sends nothing', async () => {
    const res = await t.gql(SEND_RESET, { email: 'not an email' });
    expect(res.errors![0]!.message).toBe('Please enter a valid email address.');
    expect(fieldsOf(res.errors)).toEqual(['email']);
    expect(await outbox()).toHaveLength(0);
  });

  it('writes one outbox e-mail with a /reset-password/{token} link for a real account', async () => {
    await createUser(t.db, { email: 'ann@example.test' });
    await requestReset('ANN@example.test');
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('ann@example.test');
    expect(mails[0]!.kind).toBe('reset-password');
    expect(mails[0]!.subject).toContain('Default Brand');
    expect(mails[0]!.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/);
    // Only the token's hash is stored.
    const token = tokenFrom(mails[0]!.text)!;
    // The HTML part carries the same link, in the brand's look.
    expect(mails[0]!.html).toContain(`/reset-password/${token}"`);
    expect(mails[0]!.html).toContain('>Default Brand</p>');
    const [row] = await t.db.select().from(passwordResetTokens);
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(row!.tokenHash).not.toBe(token);
  });

  it('resets the password once with the e-mailed token; a second use gets the invalid-link message', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    await requestReset('ann@example.test');
    const token = tokenFrom((await outbox())[0]!.text)!;

    const first = await t.gql(RESET, { token, password: 'new-password' });
    expect(first.errors).toBeUndefined();
    expect(first.data.resetPassword.user.email).toBe('ann@example.test');
    const me = await t.gql(CURRENT_USER, {}, { token: first.data.resetPassword.token });
    expect(me.data.currentUser.email).toBe('ann@example.test');
    expect(await t.login('ann@example.test', 'new-password')).toBeTruthy();
    const oldLogin = await t.gql(LOGIN, { email: 'ann@example.test', password: 'old-password' });
    expect(oldLogin.errors![0]!.message).toBe(MSG_BAD_CREDENTIALS);

    const second = await t.gql(RESET, { token, password: 'another-password' });
    expect(second.data).toBeNull();
    expect(second.errors![0]!.message).toBe(MSG_RESET_TOKEN_INVALID);
    expect(fieldsOf(second.errors)).toEqual(['token']);
    expect(await t.login('ann@example.test', 'new-password')).toBeTruthy();
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    await t.db.insert(passwordResetTokens).values({
      id: newId(),
      userId: user.id,
      tokenHash: hashToken('expired-token-value'),
      expiresAt: new Date(Date.now() - 60_000),
    });
    const res = await t.gql(RESET, { token: 'expired-token-value', password: 'new-password' });
    expect(res.errors![0]!.message).toBe(MSG_RESET_TOKEN_INVALID);
    expect(await t.login('ann@example.test', 'old-password')).toBeTruthy();
  });

  it('lets the e-mailed token expire after its lifetime', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    await requestReset('ann@example.test');
    const token = tokenFrom((await outbox())[0]!.text)!;
    const later = new Date(Date.now() + 61 * 60_000);
    await expect(resetPasswordUseCase(t.db, { token, password: 'new-password', now: later })).rejects.toThrow(
      MSG_RESET_TOKEN_INVALID,
    );
  });

  it('refuses a too-short password with the spec text and leaves the token usable', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    await requestReset('ann@example.test');
    const token = tokenFrom((await outbox())[0]!.text)!;
    const short = await t.gql(RESET, { token, password: '12345' });
    expect(short.errors![0]!.message).toBe(MSG_PASSWORD_TOO_SHORT);
    expect(fieldsOf(short.errors)).toEqual(['password']);
    const [row] = await t.db.select().from(passwordResetTokens);
    expect(row!.usedAt).toBeNull();
    const ok = await t.gql(RESET, { token, password: '123456' });
    expect(ok.errors).toBeUndefined();
  });

  it('revokes the account’s old sessions', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    const oldToken = await t.login('ann@example.test', 'old-password');
    await requestReset('ann@example.test');
    const token = tokenFrom((await outbox())[0]!.text)!;
    await t.gql(RESET, { token, password: 'new-password' });
    expect((await t.gql(CURRENT_USER, {}, { token: oldToken })).data.currentUser).toBeNull();
  });

  it('puts the origin of one of our hosts in the link', async () => {
    await createBrand(t.db, {
      shortName: 'primrose',
      type: 'CUSTOM_DOMAIN',
      customDomain: 'visits.primroseschools.test',
    });
    await createUser(t.db, { email: 'ann@example.test' });
    await requestReset('ann@example.test', 'visits.primroseschools.test');
    expect((await outbox())[0]!.text).toContain('http://visits.primroseschools.test/reset-password/');
  });

  it('ignores a forged Host header and links to PUBLIC_URL instead', async () => {
    await createUser(t.db, { email: 'ann@example.test' });
    await requestReset('ann@example.test', 'evil.example.com');
    const text = (await outbox())[0]!.text;
    expect(text).toContain(`${t.config.PUBLIC_URL}/reset-password/`);
    expect(text).not.toContain('evil.example.com');
  });

  it('ignores X-Forwarded-Host when the proxy is not trusted', async () => {
    await createUser(t.db, { email: 'ann@example.test' });
    const res = await t.gql(
      SEND_RESET,
      { email: 'ann@example.test' },
      { headers: { 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' } },
    );
    expect(res.data).toEqual({ sendResetPasswordEmail: true });
    expect((await outbox())[0]!.text).not.toContain('evil.example.com');
  });
});

describe('changePassword', () => {
  it('is refused for an anonymous visitor', async () => {
    const res = await t.gql(CHANGE, { oldPassword: 'whatever', newPassword: 'new-password' });
    expect(res.data).toBeNull();
    expect(res.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    expect(res.errors![0]!.message).toBe('You must be logged in.');
  });

  it('refuses a wrong current password with a field-named error and keeps the password', async () => {
    const user = await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    const token = await t.login('ann@example.test', 'old-password');
    const res = await t.gql(CHANGE, { oldPassword: 'not-it', newPassword: 'new-password' }, { token });
    expect(res.errors![0]!.message).toBe(MSG_WRONG_CURRENT_PASSWORD);
    expect(fieldsOf(res.errors)).toEqual(['oldPassword']);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(user.passwordHash);
  });

  it('refuses a too-short new password with the spec text', async () => {
    const user = await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    const token = await t.login('ann@example.test', 'old-password');
    const res = await t.gql(CHANGE, { oldPassword: 'old-password', newPassword: '123' }, { token });
    expect(res.errors![0]!.message).toBe(MSG_PASSWORD_TOO_SHORT);
    expect(fieldsOf(res.errors)).toEqual(['newPassword']);
    const [after] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(after!.passwordHash).toBe(user.passwordHash);
  });

  it('changes the password, keeps the current session and revokes the others', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'old-password' });
    const current = await t.login('ann@example.test', 'old-password');
    const other = await t.login('ann@example.test', 'old-password');
    const res = await t.gql(
      CHANGE,
      { oldPassword: 'old-password', newPassword: 'new-password' },
      { token: current },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ changePassword: true });
    expect((await t.gql(CURRENT_USER, {}, { token: current })).data.currentUser.email).toBe(
      'ann@example.test',
    );
    expect((await t.gql(CURRENT_USER, {}, { token: other })).data.currentUser).toBeNull();
    expect(await t.login('ann@example.test', 'new-password')).toBeTruthy();
    const old = await t.gql(LOGIN, { email: 'ann@example.test', password: 'old-password' });
    expect(old.errors![0]!.message).toBe(MSG_BAD_CREDENTIALS);
  });
});

describe('sessions', () => {
  it('ignores an unknown or malformed bearer token (anonymous, not an error)', async () => {
    const res = await t.gql(CURRENT_USER, {}, { token: 'not-a-real-token' });
    expect(res.errors).toBeUndefined();
    expect(res.data.currentUser).toBeNull();
  });

  it('stores session tokens only as hashes', async () => {
    await createUser(t.db, { email: 'ann@example.test', password: 'right-pass' });
    const token = await t.login('ann@example.test', 'right-pass');
    const rows = await t.rows<{ token_hash: string }>(sql`select token_hash from sessions`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
  });
});
