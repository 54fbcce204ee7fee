import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  auditEntries,
  domainEvents,
  passkeys,
  recoveryCodes,
  sessions,
  webauthnChallenges,
} from '../db/schema.js';
import { createBrand, createUser, setupTestApp } from '../test/harness.js';
import { type SoftPasskey, softRegister, softSignIn } from '../test/soft-authenticator.js';
import {
  MSG_KEEP_SECOND_FACTOR_ADMIN,
  MSG_PASSKEY_EXPIRED,
  MSG_PASSKEY_FAILED,
  MSG_PASSKEY_NOT_VERIFIED,
  MSG_PASSKEY_REQUIRED,
} from './index.js';

// Issue 50: passkeys (WebAuthn) through the GraphQL endpoint on both databases, with a software
// authenticator (ES256, "none" attestation) standing in for the browser and the device.
const t = setupTestApp({ ADMIN_TWO_FACTOR: 'required' });

const HOST = 'visits.acme.test';
const ORIGIN = `http://${HOST}`;
const ANN = 'ann@example.test';
const PASS = 'ann-password-1';

const BEGIN_REG = 'mutation { beginPasskeyRegistration }';
const FINISH_REG = `mutation ($name: String!, $response: String!) {
  finishPasskeyRegistration(name: $name, response: $response) { passkey { id name rpId kind synced } recoveryCodes }
}`;
const BEGIN_SIGN_IN = 'mutation ($challenge: String) { beginPasskeySignIn(challenge: $challenge) }';
const SIGN_IN = `mutation ($response: String!, $challenge: String) {
  passkeySignIn(response: $response, challenge: $challenge) { token user { email } }
}`;
const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { token }
}`;
const SECURITY = '{ accountSecurity { totpEnabled recoveryCodesLeft passkeys { id name rpId lastUsedAt } } }';

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', name: 'Default Brand', isDefault: true });
  await createBrand(t.db, {
    shortName: 'acme',
    name: 'Acme Visits',
    type: 'CUSTOM_DOMAIN',
    customDomain: HOST,
  });
});

/** A login signed in on the brand's domain, with one passkey made there (default Ann). */
async function withPasskey(opts: { email?: string; admin?: boolean } = {}) {
  const email = opts.email ?? ANN;
  const user = await createUser(t.db, { email, password: PASS, admin: opts.admin ?? false });
  const token = await t.login(email, PASS);
  const begun = await t.gql(BEGIN_REG, {}, { token, host: HOST });
  expect(begun.errors).toBeUndefined();
  const { response, passkey } = softRegister(begun.data.beginPasskeyRegistration, { origin: ORIGIN });
  const done = await t.gql(FINISH_REG, { name: 'MacBook Touch ID', response }, { token, host: HOST });
  expect(done.errors).toBeUndefined();
  return { user, token, passkey, registered: done.data.finishPasskeyRegistration };
}
const annWithPasskey = (opts: { admin?: boolean } = {}) => withPasskey(opts);

/** Signs in with the passkey alone on `host` (default the brand's). */
async function passkeySignIn(
  passkey: SoftPasskey,
  opts: { origin?: string; host?: string; rpId?: string } = {},
) {
  const host = opts.host ?? HOST;
  const begun = await t.gql(BEGIN_SIGN_IN, {}, { host });
  expect(begun.errors).toBeUndefined();
  const response = softSignIn(begun.data.beginPasskeySignIn, passkey, {
    origin: opts.origin ?? ORIGIN,
    ...(opts.rpId ? { rpId: opts.rpId } : {}),
  });
  return t.gql(SIGN_IN, { response }, { host });
}

describe('adding a passkey', () => {
  it('keeps the public key for the brand host, hands out recovery codes with the first second factor, and asks for it after the password', async () => {
    const { registered, token } = await annWithPasskey();
    expect(registered.passkey).toMatchObject({ name: 'MacBook Touch ID', rpId: HOST, kind: 'platform' });
    expect(registered.recoveryCodes).toHaveLength(10);
    const [row] = await t.db.select().from(passkeys);
    expect(row!.publicKey).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await t.db.select().from(webauthnChallenges)).toHaveLength(0);
    const security = await t.gql(SECURITY, {}, { token, host: HOST });
    expect(security.data.accountSecurity).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 10 });
    expect(security.data.accountSecurity.passkeys).toHaveLength(1);
    // Now the password alone gets no session: the second step offers the passkey and the codes.
    const pw = await t.gql(LOGIN, { email: ANN, password: PASS }, { host: HOST });
    expect(pw.errors?.[0]?.message).toBe(MSG_PASSKEY_REQUIRED);
    expect((pw.errors![0]!.extensions!.secondFactor as { methods: string[] }).methods).toEqual([
      'passkey',
      'recovery',
    ]);
    // A second passkey (a security key) gives no new codes.
    const again = await t.gql(BEGIN_REG, {}, { token, host: HOST });
    const options = JSON.parse(again.data.beginPasskeyRegistration);
    expect(options.excludeCredentials).toHaveLength(1);
    expect(options.rp).toEqual({ id: HOST, name: 'Acme Visits' });
    const second = softRegister(again.data.beginPasskeyRegistration, { origin: ORIGIN });
    const done = await t.gql(
      FINISH_REG,
      { name: 'YubiKey', response: second.response },
      { token, host: HOST },
    );
    expect(done.data.finishPasskeyRegistration.recoveryCodes).toBeNull();
  });

  it('refuses an answer from another origin or for another RP ID, a used challenge and a bad name', async () => {
    await createUser(t.db, { email: ANN, password: PASS });
    const token = await t.login(ANN, PASS);
    const attempt = async (over: { origin?: string; rpId?: string; name?: string; reuse?: string }) => {
      const begun = await t.gql(BEGIN_REG, {}, { token, host: HOST });
      const options = over.reuse ?? begun.data.beginPasskeyRegistration;
      const { response } = softRegister(options, { origin: over.origin ?? ORIGIN, rpId: over.rpId });
      const res = await t.gql(FINISH_REG, { name: over.name ?? 'Phone', response }, { token, host: HOST });
      return { res, options };
    };
    expect((await attempt({ origin: 'http://evil.test' })).res.errors?.[0]?.message).toBe(
      MSG_PASSKEY_NOT_VERIFIED,
    );
    expect((await attempt({ rpId: 'evil.test' })).res.errors?.[0]?.message).toBe(MSG_PASSKEY_NOT_VERIFIED);
    const name = (await attempt({ name: ' ' })).res.errors?.[0];
    expect(name?.extensions?.fields).toEqual([expect.objectContaining({ field: 'name' })]);
    const ok = await attempt({});
    expect(ok.res.errors).toBeUndefined();
    // The same challenge again (a replayed registration) finds nothing to take.
    const replay = await attempt({ reuse: ok.options });
    expect(replay.res.errors?.[0]?.message).toBe(MSG_PASSKEY_EXPIRED);
    expect(await t.db.select().from(passkeys)).toHaveLength(1);
  });
});

describe('signing in with a passkey', () => {
  it('signs in with the passkey alone on its host, and not on another host or origin', async () => {
    const { passkey } = await annWithPasskey();
    const ok = await passkeySignIn(passkey);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.passkeySignIn.user.email).toBe(ANN);
    expect(ok.cookie('sid')?.httpOnly).toBe(true);
    const [row] = await t.db.select().from(passkeys);
    expect(row!.counter).toBe(1);
    expect(row!.lastUsedAt).not.toBeNull();
    // Another origin (a phishing page) or another RP ID signs nothing in.
    expect(
      (await passkeySignIn(passkey, { origin: 'http://acme-visits.evil.test' })).errors?.[0]?.message,
    ).toBe(MSG_PASSKEY_FAILED);
    expect((await passkeySignIn(passkey, { rpId: 'evil.test' })).errors?.[0]?.message).toBe(
      MSG_PASSKEY_FAILED,
    );
    // The base domain is another relying party: a passkey made on the brand's domain does not work there.
    const elsewhere = await passkeySignIn(passkey, { host: 'localhost', origin: 'http://localhost' });
    expect(elsewhere.errors?.[0]?.message).toBe(MSG_PASSKEY_FAILED);
  });

  it('refuses a replayed answer and a signature counter that went back (a cloned authenticator)', async () => {
    const { passkey } = await annWithPasskey();
    const begun = await t.gql(BEGIN_SIGN_IN, {}, { host: HOST });
    const response = softSignIn(begun.data.beginPasskeySignIn, passkey, { origin: ORIGIN });
    expect((await t.gql(SIGN_IN, { response }, { host: HOST })).errors).toBeUndefined();
    // The same answer again: its challenge was taken by the first.
    const replay = await t.gql(SIGN_IN, { response }, { host: HOST });
    expect(replay.errors?.[0]?.message).toBe(MSG_PASSKEY_FAILED);
    expect(replay.cookie('sid')).toBeUndefined();
    // A fresh challenge, but the counter is where it was: refused, and the stored counter stays.
    const fresh = await t.gql(BEGIN_SIGN_IN, {}, { host: HOST });
    const cloned = softSignIn(fresh.data.beginPasskeySignIn, passkey, { origin: ORIGIN, counter: 1 });
    expect((await t.gql(SIGN_IN, { response: cloned }, { host: HOST })).errors?.[0]?.message).toBe(
      MSG_PASSKEY_FAILED,
    );
    const [row] = await t.db.select().from(passkeys);
    expect(row!.counter).toBe(1);
    // A challenge past its five minutes is refused too.
    const late = await t.gql(BEGIN_SIGN_IN, {}, { host: HOST });
    await t.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const lateAnswer = softSignIn(late.data.beginPasskeySignIn, passkey, { origin: ORIGIN });
    expect((await t.gql(SIGN_IN, { response: lateAnswer }, { host: HOST })).errors?.[0]?.message).toBe(
      MSG_PASSKEY_FAILED,
    );
  });

  it('without a password asks the passkey to verify the person', async () => {
    const { passkey } = await annWithPasskey();
    const begun = await t.gql(BEGIN_SIGN_IN, {}, { host: HOST });
    expect(JSON.parse(begun.data.beginPasskeySignIn).userVerification).toBe('required');
    const response = softSignIn(begun.data.beginPasskeySignIn, passkey, {
      origin: ORIGIN,
      userVerified: false,
    });
    expect((await t.gql(SIGN_IN, { response }, { host: HOST })).errors?.[0]?.message).toBe(
      MSG_PASSKEY_FAILED,
    );
  });

  it('is the second step of a password login, with a passkey of that login only', async () => {
    const { passkey } = await annWithPasskey();
    const pw = await t.gql(LOGIN, { email: ANN, password: PASS }, { host: HOST });
    const challenge = (pw.errors![0]!.extensions!.secondFactor as { challenge: string }).challenge;
    const begun = await t.gql(BEGIN_SIGN_IN, { challenge }, { host: HOST });
    const options = JSON.parse(begun.data.beginPasskeySignIn);
    expect(options.allowCredentials).toHaveLength(1);
    const response = softSignIn(begun.data.beginPasskeySignIn, passkey, { origin: ORIGIN });
    const ok = await t.gql(SIGN_IN, { response, challenge }, { host: HOST });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.passkeySignIn.user.email).toBe(ANN);
    // Ann's password step cannot be finished with Bob's passkey.
    const bob = await withPasskey({ email: 'bob@example.test' });
    const again = await t.gql(LOGIN, { email: ANN, password: PASS }, { host: HOST });
    const annChallenge = (again.errors![0]!.extensions!.secondFactor as { challenge: string }).challenge;
    const forBob = await t.gql(BEGIN_SIGN_IN, { challenge: annChallenge }, { host: HOST });
    const bobs = softSignIn(forBob.data.beginPasskeySignIn, bob.passkey, { origin: ORIGIN });
    const mixed = await t.gql(SIGN_IN, { response: bobs, challenge: annChallenge }, { host: HOST });
    expect(mixed.errors?.[0]?.message).toBe(MSG_PASSKEY_FAILED);
  });

  it('counts failures in the login throttle of the passkey account, and unknown passkeys per IP', async () => {
    const { passkey } = await annWithPasskey();
    const ip = '10.7.7.7';
    for (let i = 0; i < 5; i++) {
      const begun = await t.gql(BEGIN_SIGN_IN, {}, { host: HOST, ip });
      const bad = softSignIn(begun.data.beginPasskeySignIn, passkey, { origin: 'http://evil.test' });
      expect((await t.gql(SIGN_IN, { response: bad }, { host: HOST, ip })).errors?.[0]?.message).toBe(
        MSG_PASSKEY_FAILED,
      );
    }
    const begun = await t.gql(BEGIN_SIGN_IN, {}, { host: HOST, ip });
    const good = softSignIn(begun.data.beginPasskeySignIn, passkey, { origin: ORIGIN });
    const throttled = await t.gql(SIGN_IN, { response: good }, { host: HOST, ip });
    expect(throttled.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    // The password is throttled by the same run of failures.
    const pw = await t.gql(LOGIN, { email: ANN, password: PASS }, { host: HOST, ip });
    expect(pw.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });
});

describe('removing passkeys and the recovery path', () => {
  it('removes a passkey with the password; the last one takes the recovery codes with it', async () => {
    const { token, registered } = await annWithPasskey();
    const remove = (password: string) =>
      t.gql(
        'mutation ($id: String!, $password: String!) { removePasskey(id: $id, password: $password) }',
        { id: registered.passkey.id, password },
        { token, host: HOST },
      );
    expect((await remove('wrong')).errors?.[0]?.extensions?.fields).toEqual([
      expect.objectContaining({ field: 'password' }),
    ]);
    expect((await remove(PASS)).errors).toBeUndefined();
    expect(await t.db.select().from(passkeys)).toHaveLength(0);
    expect(await t.db.select().from(recoveryCodes)).toHaveLength(0);
    // The audit log has the passkey's coming and going, by name only; the login is told it went.
    const audit = await t.db
      .select({ action: auditEntries.action, changes: auditEntries.changes })
      .from(auditEntries)
      .orderBy(auditEntries.at);
    expect(audit.filter((e) => e.action.startsWith('two_factor.passkey'))).toEqual([
      {
        action: 'two_factor.passkey_added',
        changes: { passkey: { before: null, after: 'MacBook Touch ID' } },
      },
      {
        action: 'two_factor.passkey_removed',
        changes: { passkey: { before: 'MacBook Touch ID', after: null } },
      },
    ]);
    const told = await t.db
      .select({ payload: domainEvents.payload })
      .from(domainEvents)
      .where(eq(domainEvents.type, 'security.second_factor_removed'));
    expect(told.map((e) => e.payload)).toEqual([
      expect.objectContaining({ method: 'passkey', byAdmin: false }),
    ]);
    expect(await t.login(ANN, PASS)).toBeTruthy();
  });

  it("keeps a platform admin's last second factor; resetTwoFactor removes passkeys and ends the sessions", async () => {
    const { token, registered, user, passkey } = await annWithPasskey({ admin: true });
    const removed = await t.gql(
      'mutation ($id: String!) { removePasskey(id: $id, password: "ann-password-1") }',
      { id: registered.passkey.id },
      { token, host: HOST },
    );
    expect(removed.errors?.[0]?.message).toBe(MSG_KEEP_SECOND_FACTOR_ADMIN);
    const admin = await adminWithPasskey('root@example.test');
    const reset = await t.gql(
      'mutation ($uid: String!) { resetTwoFactor(uid: $uid) }',
      { uid: user.id },
      {
        token: admin,
        host: HOST,
      },
    );
    expect(reset.errors).toBeUndefined();
    expect(reset.data.resetTwoFactor).toBe(true);
    expect(await t.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toHaveLength(0);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await passkeySignIn(passkey)).errors?.[0]?.message).toBe(MSG_PASSKEY_FAILED);
  });
});

/** Another platform admin with a passkey of their own, signed in with it: their session token. */
async function adminWithPasskey(email: string): Promise<string> {
  const { passkey } = await withPasskey({ email, admin: true });
  const signIn = await passkeySignIn(passkey);
  expect(signIn.errors).toBeUndefined();
  return signIn.data.passkeySignIn.token;
}

describe('a password change', () => {
  it('signs out the other sessions unless the person chose to keep them', async () => {
    await createUser(t.db, { email: ANN, password: PASS });
    const here = await t.login(ANN, PASS);
    const elsewhere = await t.login(ANN, PASS);
    const CHANGE = `mutation ($old: String!, $new: String!, $out: Boolean) {
      changePassword(oldPassword: $old, newPassword: $new, signOutOtherSessions: $out) }`;
    const ME = '{ currentUser { email } }';
    const kept = await t.gql(CHANGE, { old: PASS, new: 'ann-password-2', out: false }, { token: here });
    expect(kept.errors).toBeUndefined();
    expect((await t.gql(ME, {}, { token: elsewhere })).data.currentUser.email).toBe(ANN);
    const ended = await t.gql(CHANGE, { old: 'ann-password-2', new: 'ann-password-3' }, { token: here });
    expect(ended.errors).toBeUndefined();
    expect((await t.gql(ME, {}, { token: elsewhere })).data.currentUser).toBeNull();
    expect((await t.gql(ME, {}, { token: here })).data.currentUser.email).toBe(ANN);
  });
});
