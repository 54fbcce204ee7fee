import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens.js';
import { totpAt } from '../auth/totp.js';
import { newId } from '../db/ids.js';
import {
  accountMembers,
  auditEntries,
  passwordResetTokens,
  recoveryCodes,
  sessions,
  twoFactorTotp,
} from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import {
  loginSecondFactor,
  MSG_ADMIN_NEEDS_SECOND_FACTOR,
  MSG_BAD_CODE,
  MSG_KEEP_SECOND_FACTOR_ADMIN,
  MSG_KEEP_SECOND_FACTOR_TEAM,
  MSG_OWNER_NEEDS_SECOND_FACTOR_FIRST,
  MSG_SECOND_FACTOR_REQUIRED,
  MSG_TEAM_NEEDS_SECOND_FACTOR,
} from './index.js';

// Issue 50: two-factor sign-in with an authenticator app (TOTP) and recovery codes, and the sessions
// list, through the GraphQL endpoint on both databases.
// Admins must have a second factor here as in production (elsewhere the tests' admins need none).
const t = setupTestApp({ ADMIN_TWO_FACTOR: 'required' });

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { token }
}`;
const SECOND = `mutation ($challenge: String!, $code: String!) {
  loginSecondFactor(challenge: $challenge, code: $code) { token user { email } }
}`;
const BEGIN = 'mutation { beginTotpSetup { secret otpauthUri qrSvg } }';
const CONFIRM = 'mutation ($code: String!) { confirmTotpSetup(code: $code) }';
const SECURITY = `{ accountSecurity { totpEnabled recoveryCodesLeft
  sessions { id device kind current createdAt lastSeenAt } } }`;
const ME = '{ currentUser { email } }';

const ANN = 'ann@example.test';
const PASS = 'ann-password-1';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', name: 'Default Brand', isDefault: true });
});

/**
 * Ann with two-factor sign-in on: her session token, app secret and recovery codes. Set up as if
 * long ago: the step its confirming code used is forgotten, so the current code is hers to use.
 */
async function annWithTotp() {
  const now = new Date();
  const user = await createUser(t.db, { email: ANN, password: PASS });
  const token = await t.login(ANN, PASS);
  const begun = await t.gql(BEGIN, {}, { token });
  expect(begun.errors).toBeUndefined();
  const secret: string = begun.data.beginTotpSetup.secret;
  const confirmed = await t.gql(CONFIRM, { code: totpAt(secret, now) }, { token });
  expect(confirmed.errors).toBeUndefined();
  await t.db.update(twoFactorTotp).set({ lastStep: 0 });
  return { user, token, secret, codes: confirmed.data.confirmTotpSetup as string[] };
}

/** The challenge of a password login that asks for the second factor. */
async function challengeOf(opts: { ip?: string } = {}) {
  const res = await t.gql(LOGIN, { email: ANN, password: PASS }, opts);
  expect(res.errors?.[0]?.message).toBe(MSG_SECOND_FACTOR_REQUIRED);
  expect(res.cookie('sid')).toBeUndefined();
  expect(res.data).toBeNull();
  const prompt = res.errors![0]!.extensions!.secondFactor as { challenge: string; methods: string[] };
  expect(prompt.methods).toEqual(['totp', 'recovery']);
  return prompt.challenge;
}

describe('setting up an authenticator app', () => {
  it('shows the key as text and QR once, asks for it at login only after a right code, and keeps it encrypted', async () => {
    await createUser(t.db, { email: ANN, password: PASS });
    const token = await t.login(ANN, PASS);
    const begun = await t.gql(BEGIN, {}, { token });
    const { secret, otpauthUri, qrSvg } = begun.data.beginTotpSetup;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toMatch(/^<svg/);
    // Not yet confirmed: the password alone still logs in.
    expect(await t.login(ANN, PASS)).toBeTruthy();
    const wrong = await t.gql(
      CONFIRM,
      { code: '000000' === totpAt(secret, new Date()) ? '111111' : '000000' },
      { token },
    );
    expect(wrong.errors?.[0]?.message).toBe(MSG_BAD_CODE);
    const ok = await t.gql(CONFIRM, { code: totpAt(secret, new Date()) }, { token });
    const codes = ok.data.confirmTotpSetup as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const security = await t.gql(SECURITY, {}, { token });
    expect(security.data.accountSecurity).toMatchObject({ totpEnabled: true, recoveryCodesLeft: 10 });
    // The key is never handed out again, and is stored only encrypted; the codes only hashed.
    const again = await t.gql(BEGIN, {}, { token });
    expect(again.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const [row] = await t.db.select().from(twoFactorTotp);
    expect(row!.secretEnc).not.toContain(secret);
    const stored = await t.db.select().from(recoveryCodes);
    for (const c of codes) expect(JSON.stringify(stored)).not.toContain(c.replace('-', ''));
    // Now the password alone gets no session.
    await challengeOf();
  });
});

describe('signing in with a second factor', () => {
  it('takes a right code once: a wrong code and the same code again are refused', async () => {
    const { secret } = await annWithTotp();
    const challenge = await challengeOf();
    const wrong = await t.gql(SECOND, { challenge, code: '12345x' });
    expect(wrong.errors?.[0]?.message).toBe(MSG_BAD_CODE);
    const code = totpAt(secret, new Date());
    const ok = await t.gql(SECOND, { challenge, code }, { headers: { 'user-agent': CHROME } });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.loginSecondFactor.user.email).toBe(ANN);
    expect(ok.cookie('sid')?.httpOnly).toBe(true);
    const me = await t.gql(ME, {}, { token: ok.data.loginSecondFactor.token });
    expect(me.data.currentUser.email).toBe(ANN);
    // Replay: the same code, even with a fresh challenge, is refused.
    const replay = await t.gql(SECOND, { challenge: await challengeOf(), code });
    expect(replay.errors?.[0]?.message).toBe(MSG_BAD_CODE);
    expect(replay.cookie('sid')).toBeUndefined();
  });

  it('accepts the code of the step before or after now, not two steps away', async () => {
    const t0 = new Date(Date.UTC(2026, 10, 28, 12, 0, 0));
    const { secret } = await annWithTotp();
    const challenge = await challengeOf();
    const attempt = (code: string) =>
      loginSecondFactor(t.db, {
        challenge,
        code,
        ip: '10.0.0.1',
        userAgent: 'test',
        sessionDays: 30,
        secret: t.config.appSecret,
        now: t0,
      }).then(
        () => 'ok',
        (e: Error) => e.message,
      );
    expect(await attempt(totpAt(secret, new Date(t0.getTime() - 60_000)))).not.toBe('ok');
    expect(await attempt(totpAt(secret, new Date(t0.getTime() + 60_000)))).not.toBe('ok');
    expect(await attempt(totpAt(secret, new Date(t0.getTime() - 30_000)))).toBe('ok');
    expect(await attempt(totpAt(secret, new Date(t0.getTime() + 30_000)))).toBe('ok');
    // The step before the last accepted one is now refused too (codes only go forward).
    expect(await attempt(totpAt(secret, t0))).toBe(MSG_BAD_CODE);
  });

  it('takes each recovery code once, case and dash aside', async () => {
    const { codes, token } = await annWithTotp();
    const first = await t.gql(SECOND, { challenge: await challengeOf(), code: codes[0]!.toUpperCase() });
    expect(first.errors).toBeUndefined();
    const again = await t.gql(SECOND, { challenge: await challengeOf(), code: codes[0]! });
    expect(again.errors?.[0]?.message).toBe(MSG_BAD_CODE);
    const other = await t.gql(SECOND, { challenge: await challengeOf(), code: codes[1]!.replace('-', '') });
    expect(other.errors).toBeUndefined();
    const security = await t.gql(SECURITY, {}, { token });
    expect(security.data.accountSecurity.recoveryCodesLeft).toBe(8);
  });

  it('counts wrong codes in the login throttle, and refuses a forged or expired challenge', async () => {
    const { secret } = await annWithTotp();
    const challenge = await challengeOf({ ip: '10.9.9.9' });
    for (let i = 0; i < 5; i++) {
      const res = await t.gql(SECOND, { challenge, code: '99999x' }, { ip: '10.9.9.9' });
      expect(res.errors?.[0]?.message).toBe(MSG_BAD_CODE);
    }
    const throttled = await t.gql(
      SECOND,
      { challenge, code: totpAt(secret, new Date()) },
      { ip: '10.9.9.9' },
    );
    expect(throttled.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // A right password does not wipe the run of wrong codes either.
    const pw = await t.gql(LOGIN, { email: ANN, password: PASS }, { ip: '10.9.9.9' });
    expect(pw.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // One character of the signature changed (never to itself: that would be the real challenge).
    const last = challenge.at(-1) === '0' ? '1' : '0';
    const forged = await t.gql(SECOND, { challenge: `${challenge.slice(0, -1)}${last}`, code: '123456' });
    expect(forged.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(forged.errors?.[0]?.message).toMatch(/took too long/);
  });

  it('asks for the second factor after a password reset too', async () => {
    const { user } = await annWithTotp();
    const token = 'reset-token-for-ann-0123456789';
    await t.db.insert(passwordResetTokens).values({
      id: newId(),
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await t.gql(
      'mutation ($token: String!) { resetPassword(token: $token, password: "new-pass-1234") { token } }',
      {
        token,
      },
    );
    expect(res.errors?.[0]?.message).toBe(MSG_SECOND_FACTOR_REQUIRED);
    expect(res.cookie('sid')).toBeUndefined();
  });

  it('turns off only with the password, and the codes go with it', async () => {
    const { token } = await annWithTotp();
    const wrong = await t.gql('mutation { disableTotp(password: "nope-nope-1") }', {}, { token });
    expect(wrong.errors?.[0]?.extensions?.fields).toEqual([
      { field: 'password', message: 'Your password is not right.' },
    ]);
    const off = await t.gql(`mutation { disableTotp(password: "${PASS}") }`, {}, { token });
    expect(off.data.disableTotp).toBe(true);
    expect(await t.db.select().from(recoveryCodes)).toHaveLength(0);
    expect(await t.login(ANN, PASS)).toBeTruthy();
  });

  it('makes new recovery codes only with the password; the old ones stop working', async () => {
    const { token, codes } = await annWithTotp();
    const regen = await t.gql(`mutation { regenerateRecoveryCodes(password: "${PASS}") }`, {}, { token });
    const fresh = regen.data.regenerateRecoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const old = await t.gql(SECOND, { challenge: await challengeOf(), code: codes[0]! });
    expect(old.errors?.[0]?.message).toBe(MSG_BAD_CODE);
    const ok = await t.gql(SECOND, { challenge: await challengeOf(), code: fresh[0]! });
    expect(ok.errors).toBeUndefined();
  });
});

describe('signed-in sessions', () => {
  it('lists the sessions with device and the current one marked; sign-out applies at the next request', async () => {
    await createUser(t.db, { email: ANN, password: PASS });
    const here = await t.login(ANN, PASS, { headers: { 'user-agent': CHROME } });
    const phone = await t.login(ANN, PASS, {
      headers: {
        'user-agent':
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      },
    });
    const script = await t.login(ANN, PASS, { headers: { 'user-agent': 'curl/8.5.0' } });
    // The script uses its token as a bearer (an API login); the browser sessions use the cookie.
    await t.gql(ME, {}, { token: script });
    await t.gql(ME, {}, { cookie: { sid: phone } });
    const listed = (await t.gql(SECURITY, {}, { cookie: { sid: here } })).data.accountSecurity.sessions;
    expect(
      listed.map((s: { device: string; current: boolean; kind: string }) => [s.device, s.current, s.kind]),
    ).toEqual([['Chrome on Windows', true, 'browser'], expect.anything(), expect.anything()]);
    expect(
      listed
        .slice(1)
        .map((s: { device: string; kind: string }) => `${s.device}/${s.kind}`)
        .sort(),
    ).toEqual(['Safari on iPhone/browser', 'curl/api']);
    const phoneId = listed.find((s: { device: string }) => s.device === 'Safari on iPhone').id;
    const out = await t.gql(
      'mutation ($id: String!) { signOutSession(id: $id) }',
      { id: phoneId },
      { cookie: { sid: here } },
    );
    expect(out.data.signOutSession).toBe(true);
    expect((await t.gql(ME, {}, { cookie: { sid: phone } })).data.currentUser).toBeNull();
    expect((await t.gql(ME, {}, { token: script })).data.currentUser.email).toBe(ANN);
    const rest = await t.gql('mutation { signOutOtherSessions }', {}, { cookie: { sid: here } });
    expect(rest.data.signOutOtherSessions).toBe(1);
    expect((await t.gql(ME, {}, { token: script })).data.currentUser).toBeNull();
    expect((await t.gql(ME, {}, { cookie: { sid: here } })).data.currentUser.email).toBe(ANN);
  });

  it("cannot sign out another login's session", async () => {
    await createUser(t.db, { email: ANN, password: PASS });
    await createUser(t.db, { email: 'bob@example.test', password: PASS });
    const ann = await t.login(ANN, PASS);
    const bob = await t.login('bob@example.test', PASS);
    const [annSession] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(ann)));
    const res = await t.gql(
      'mutation ($id: String!) { signOutSession(id: $id) }',
      { id: annSession!.id },
      { token: bob },
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(ME, {}, { token: ann })).data.currentUser.email).toBe(ANN);
  });
});

describe('who must use two-factor sign-in', () => {
  const ADMIN_READ = '{ outboxEmails { _id } }';
  const LOGIN_FLAG = `mutation ($email: String!, $password: String!) {
    login(email: $email, password: $password) { token secondFactorSetupRequired }
  }`;
  const SETUP_STATE = '{ accountSecurity { setupRequired teamRequiresTwoFactor mayRequireForTeam } }';

  /** Sets up and confirms an authenticator app for the login of `token`. */
  async function turnOn(token: string) {
    const begun = await t.gql(BEGIN, {}, { token });
    const done = await t.gql(
      CONFIRM,
      { code: totpAt(begun.data.beginTotpSetup.secret, new Date()) },
      { token },
    );
    expect(done.errors).toBeUndefined();
  }

  it('refuses admin work to a platform admin until a second factor is set up, and keeps it on', async () => {
    await createUser(t.db, { email: 'root@example.test', password: PASS, admin: true });
    const res = await t.gql(LOGIN_FLAG, { email: 'root@example.test', password: PASS });
    expect(res.data.login.secondFactorSetupRequired).toBe(true);
    const token = res.data.login.token;
    const refused = await t.gql(ADMIN_READ, {}, { token });
    expect(refused.errors?.[0]?.message).toBe(MSG_ADMIN_NEEDS_SECOND_FACTOR);
    expect(refused.errors?.[0]?.extensions?.secondFactorSetup).toBe('admin');
    expect((await t.gql(SETUP_STATE, {}, { token })).data.accountSecurity.setupRequired).toBe('admin');
    await turnOn(token);
    // At the next request, with the same session.
    const allowed = await t.gql(ADMIN_READ, {}, { token });
    expect(allowed.errors).toBeUndefined();
    expect((await t.gql(SETUP_STATE, {}, { token })).data.accountSecurity.setupRequired).toBeNull();
    const off = await t.gql(`mutation { disableTotp(password: "${PASS}") }`, {}, { token });
    expect(off.errors?.[0]?.message).toBe(MSG_KEEP_SECOND_FACTOR_ADMIN);
  });

  it('lets an owner require it of the team: a member without it may only set it up', async () => {
    const owner = await createUser(t.db, { email: 'owner@example.test', password: PASS });
    const manager = await createUser(t.db, { email: 'manager@example.test', password: PASS });
    await t.db.insert(accountMembers).values([
      { id: newId(), accountId: owner.id, userId: owner.id, role: 'owner' },
      { id: newId(), accountId: owner.id, userId: manager.id, role: 'manager' },
    ]);
    const ownerToken = await t.login('owner@example.test', PASS);
    const REQUIRE = 'mutation ($r: Boolean!) { setTeamRequiresTwoFactor(required: $r) }';
    const early = await t.gql(REQUIRE, { r: true }, { token: ownerToken });
    expect(early.errors?.[0]?.message).toBe(MSG_OWNER_NEEDS_SECOND_FACTOR_FIRST);
    const managerToken = await t.login('manager@example.test', PASS);
    // A manager may not change the setting.
    expect((await t.gql(REQUIRE, { r: true }, { token: managerToken })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    await turnOn(ownerToken);
    expect((await t.gql(SETUP_STATE, {}, { token: ownerToken })).data.accountSecurity).toEqual({
      setupRequired: null,
      teamRequiresTwoFactor: false,
      mayRequireForTeam: true,
    });
    expect((await t.gql(REQUIRE, { r: true }, { token: ownerToken })).data.setTeamRequiresTwoFactor).toBe(
      true,
    );
    // The manager's session in progress is held at the next request; a new login is told so.
    const held = await t.gql('{ regions { _id } }', {}, { token: managerToken });
    expect(held.errors?.[0]?.message).toBe(MSG_TEAM_NEEDS_SECOND_FACTOR);
    const again = await t.gql(LOGIN_FLAG, { email: 'manager@example.test', password: PASS });
    expect(again.data.login.secondFactorSetupRequired).toBe(true);
    expect((await t.gql(SETUP_STATE, {}, { token: managerToken })).data.accountSecurity).toMatchObject({
      setupRequired: 'team',
      teamRequiresTwoFactor: true,
      mayRequireForTeam: false,
    });
    await turnOn(managerToken);
    expect((await t.gql('{ regions { _id } }', {}, { token: managerToken })).errors).toBeUndefined();
    const off = await t.gql(`mutation { disableTotp(password: "${PASS}") }`, {}, { token: managerToken });
    expect(off.errors?.[0]?.message).toBe(MSG_KEEP_SECOND_FACTOR_TEAM);
    const ownerOff = await t.gql(`mutation { disableTotp(password: "${PASS}") }`, {}, { token: ownerToken });
    expect(ownerOff.errors?.[0]?.message).toBe(MSG_KEEP_SECOND_FACTOR_TEAM);
  });

  it("lets only a platform admin reset a team member's (a manager's) lost second factor, on the team's audit log", async () => {
    const owner = await createUser(t.db, { email: 'owner@example.test', password: PASS });
    const manager = await createUser(t.db, { email: 'manager@example.test', password: PASS });
    await createUser(t.db, { email: 'other@example.test', password: PASS });
    await t.db.insert(accountMembers).values([
      { id: newId(), accountId: owner.id, userId: owner.id, role: 'owner' },
      { id: newId(), accountId: owner.id, userId: manager.id, role: 'manager' },
    ]);
    const ownerToken = await t.login('owner@example.test', PASS);
    const managerToken = await t.login('manager@example.test', PASS);
    const otherToken = await t.login('other@example.test', PASS);
    await turnOn(ownerToken);
    await turnOn(managerToken);
    await createUser(t.db, { email: 'root@example.test', password: PASS, admin: true });
    const root = (await t.gql(LOGIN_FLAG, { email: 'root@example.test', password: PASS })).data.login.token;
    await turnOn(root);
    const RESET = 'mutation ($uid: String!) { resetTwoFactor(uid: $uid) }';
    const STATUS = 'query ($uid: String!) { userTwoFactor(uid: $uid) { totpEnabled recoveryCodesLeft } }';
    const uid = manager.id;

    // Anonymous, another customer, the team's owner and the manager themself: refused, nothing changed.
    const anonymous = await t.gql(RESET, { uid });
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors?.[0]?.message).toBe('You must be logged in.');
    for (const token of [otherToken, ownerToken, managerToken]) {
      const res = await t.gql(RESET, { uid }, { token });
      expect(res.errors?.[0]?.message).toBe('Not Authorized');
      expect(res.data).toBeNull();
      expect((await t.gql(STATUS, { uid }, { token })).errors?.[0]?.message).toBe('Not Authorized');
    }
    expect(await t.db.select().from(twoFactorTotp).where(eq(twoFactorTotp.userId, uid))).toHaveLength(1);
    // (A member's currentUser is the account it acts for.)
    expect((await t.gql(ME, {}, { token: managerToken })).data.currentUser).toEqual({
      email: 'owner@example.test',
    });

    // The platform admin opens the manager's login (on the team's log) and resets it.
    const opened = await t.gql(
      'query ($uid: String!) { user(uid: $uid) { email } }',
      { uid },
      { token: root, ip: '198.51.100.9' },
    );
    expect(opened.data.user).toEqual({ email: 'manager@example.test' });
    const before = await t.gql(STATUS, { uid }, { token: root, ip: '198.51.100.9' });
    expect(before.data.userTwoFactor).toEqual({ totpEnabled: true, recoveryCodesLeft: 10 });
    const reset = await t.gql(RESET, { uid }, { token: root, ip: '198.51.100.9' });
    expect(reset.errors).toBeUndefined();
    expect(reset.data.resetTwoFactor).toBe(true);
    expect(await t.db.select().from(twoFactorTotp).where(eq(twoFactorTotp.userId, uid))).toHaveLength(0);
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, uid))).toHaveLength(0);
    // The manager's session ended; the owner's and their second factor are untouched.
    expect((await t.gql(ME, {}, { token: managerToken })).data.currentUser).toBeNull();
    expect((await t.gql(ME, {}, { token: ownerToken })).data.currentUser).toEqual({
      email: 'owner@example.test',
    });
    expect(await t.db.select().from(twoFactorTotp).where(eq(twoFactorTotp.userId, owner.id))).toHaveLength(1);
    expect(await t.login('manager@example.test', PASS)).toBeTruthy();

    // One entry, on the team's account (the owner's log), naming the manager's login and the admin.
    const entries = await t.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'two_factor.reset_by_admin'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      accountId: owner.id,
      actorEmail: 'root@example.test',
      actorRole: 'platform-admin',
      subjectType: 'login',
      subjectId: uid,
      subjectLabel: 'manager@example.test',
      ip: '198.51.100.9',
    });
    const log = await t.gql(
      '{ auditLog(pageSize: 50) { entries { action actorEmail subjectLabel } } }',
      {},
      { token: ownerToken },
    );
    expect(log.errors).toBeUndefined();
    expect(log.data.auditLog.entries).toContainEqual({
      action: 'admin.customer_viewed',
      actorEmail: 'root@example.test',
      subjectLabel: 'manager@example.test',
    });
    expect(log.data.auditLog.entries).toContainEqual({
      action: 'two_factor.reset_by_admin',
      actorEmail: 'root@example.test',
      subjectLabel: 'manager@example.test',
    });
  });

  it('lets a platform admin (with a second factor) remove a lost one: the login signs in with its password again', async () => {
    const { user, token: annToken } = await annWithTotp();
    await createUser(t.db, { email: 'root@example.test', password: PASS, admin: true });
    const RESET = 'mutation ($uid: String!) { resetTwoFactor(uid: $uid) }';
    const rootLogin = await t.gql(LOGIN_FLAG, { email: 'root@example.test', password: PASS });
    const root = rootLogin.data.login.token;
    // Not without the admin's own second factor, and never by a customer.
    expect((await t.gql(RESET, { uid: user.id }, { token: root })).errors?.[0]?.message).toBe(
      MSG_ADMIN_NEEDS_SECOND_FACTOR,
    );
    expect((await t.gql(RESET, { uid: user.id }, { token: annToken })).errors?.[0]?.message).toBe(
      'Not Authorized',
    );
    await turnOn(root);
    expect((await t.gql(RESET, { uid: user.id }, { token: root })).data.resetTwoFactor).toBe(true);
    // Ann's sessions ended; her password alone now signs her in (and she sets it up again).
    expect((await t.gql(ME, {}, { token: annToken })).data.currentUser).toBeNull();
    expect(await t.login(ANN, PASS)).toBeTruthy();
    expect(await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0);
  });
});
