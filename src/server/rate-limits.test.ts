import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../domain/index.js';
import { loadConfig } from './config.js';
import { outboxEmails, teamInvitations } from './db/schema.js';
import { ORDER_COOKIE } from './storage-routes.js';
import { createBrand, createUser, type GqlResult, setupTestApp } from './test/harness.js';

// The request limits (domain/rate-limits.ts) across two app instances on one database: each limit's
// (max+1)th request is refused with RATE_LIMITED and the wait, on the other instance than the first
// max went to, and another IP or another target is not affected.

const t = setupTestApp();
let other: FastifyInstance;

beforeAll(async () => {
  other = await t.buildApp();
});

beforeEach(async () => {
  await t.resetDb();
  await createBrand(t.db, { shortName: 'default', isDefault: true });
});

const SEND_RESET = 'mutation ($email: String!) { sendResetPasswordEmail(email: $email) }';
const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { token } }`;
const REGISTER_SHOPPER = `mutation ($input: ShopperRegisterInput!) { registerShopper(input: $input) { token } }`;
const INVITE = `mutation ($email: String!) { inviteTeamMember(input: { email: $email, role: manager }) { _id } }`;
const RESEND = 'mutation ($id: String!) { resendTeamInvitation(_id: $id) { _id } }';

const HOUR_S = 3600;

/** Refused for the limit, with a wait in seconds of at most the window. */
function expectLimited(res: GqlResult, windowS: number) {
  expect(res.errors?.[0]?.extensions?.code, JSON.stringify(res.errors)).toBe('RATE_LIMITED');
  expect(res.errors![0]!.message).toMatch(
    /^Too many requests\. Please try again in \d+ (minute|second)s?\.$/,
  );
  const retryAfter = res.errors![0]!.extensions!.retryAfter as number;
  expect(retryAfter).toBeGreaterThan(windowS - 120);
  expect(retryAfter).toBeLessThanOrEqual(windowS);
}

const registerInput = (n: number | string) => ({
  email: `signup-${n}@example.test`,
  password: 'secret-pass',
  profile: { firstName: 'Sam', lastName: 'Signup', businessName: 'Sam Co', phone: '(512)-555-0199' },
});
const shopperInput = (n: number | string) => ({
  email: `shopper-${n}@example.test`,
  password: 'secret-pass',
  firstName: 'Sue',
  lastName: 'Shopper',
  phone: '(512)-555-0142',
  city: 'Austin',
  state: 'TX',
});

const resetMails = async (to: string) =>
  (await t.db.select({ n: count() }).from(outboxEmails).where(eq(outboxEmails.to, to)))[0]!.n;

describe('configuration', () => {
  it('turns the limits off only outside production (the end-to-end journeys)', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-for-tests' };
    expect(() => loadConfig({ ...production, RATE_LIMITS: 'off' })).toThrow(
      /RATE_LIMITS: must be on in production/,
    );
    expect(loadConfig(production).RATE_LIMITS).toBe('on');
    expect(loadConfig({ NODE_ENV: 'development', RATE_LIMITS: 'off' }).RATE_LIMITS).toBe('off');
  });
});

describe('password-reset e-mails', () => {
  it(`send at most ${RATE_LIMITS.passwordResetPerEmail.max} an hour to one address, from any IP and instance`, async () => {
    await createUser(t.db, { email: 'victim@example.test' });
    const max = RATE_LIMITS.passwordResetPerEmail.max;
    for (let i = 0; i < max; i++) {
      const res = await t.gql(SEND_RESET, { email: 'victim@example.test' }, { ip: `10.1.0.${i}` });
      expect(res.data?.sendResetPasswordEmail, JSON.stringify(res.errors)).toBe(true);
    }
    // Another IP, the other instance, the address in another case: still the same address.
    const refused = await t.gql(
      SEND_RESET,
      { email: ' Victim@Example.test ' },
      { ip: '10.1.1.1', app: other },
    );
    expectLimited(refused, HOUR_S);
    expect(await resetMails('victim@example.test')).toBe(max);
    // Another address from the same IP is not affected.
    await createUser(t.db, { email: 'someone@example.test' });
    const ok = await t.gql(SEND_RESET, { email: 'someone@example.test' }, { ip: '10.1.0.0', app: other });
    expect(ok.data?.sendResetPasswordEmail).toBe(true);
    expect(await resetMails('someone@example.test')).toBe(1);
  });

  it(`take at most ${RATE_LIMITS.passwordResetPerIp.max} an hour from one IP, for unknown addresses too`, async () => {
    await createUser(t.db, { email: 'known@example.test' });
    const max = RATE_LIMITS.passwordResetPerIp.max;
    for (let i = 0; i < max; i++) {
      const app = i % 2 ? other : t.app;
      const res = await t.gql(SEND_RESET, { email: `nobody-${i}@example.test` }, { ip: '10.2.0.1', app });
      // The same answer as for a known address: nothing tells them apart.
      expect(res.data?.sendResetPasswordEmail).toBe(true);
    }
    // A known address from that IP is refused as an unknown one is.
    expectLimited(await t.gql(SEND_RESET, { email: 'known@example.test' }, { ip: '10.2.0.1' }), HOUR_S);
    expectLimited(await t.gql(SEND_RESET, { email: 'nobody@example.test' }, { ip: '10.2.0.1' }), HOUR_S);
    expect(await resetMails('known@example.test')).toBe(0);
    // Another IP is not affected.
    const ok = await t.gql(SEND_RESET, { email: 'known@example.test' }, { ip: '10.2.0.2', app: other });
    expect(ok.data?.sendResetPasswordEmail).toBe(true);
    expect(await resetMails('known@example.test')).toBe(1);
  });
});

describe('sign-ups', () => {
  it(`take at most ${RATE_LIMITS.signUpPerIp.max} an hour from one IP, customers and shoppers together`, async () => {
    const max = RATE_LIMITS.signUpPerIp.max;
    for (let i = 0; i < max; i++) {
      const res =
        i % 2
          ? await t.gql(REGISTER_SHOPPER, { input: shopperInput(i) }, { ip: '10.3.0.1', app: other })
          : await t.gql(REGISTER, { input: registerInput(i) }, { ip: '10.3.0.1' });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    }
    const refused = await t.gql(REGISTER, { input: registerInput('late') }, { ip: '10.3.0.1', app: other });
    expectLimited(refused, HOUR_S);
    expect(refused.cookie('sid')).toBeUndefined();
    expectLimited(await t.gql(REGISTER_SHOPPER, { input: shopperInput('late') }, { ip: '10.3.0.1' }), HOUR_S);
    // Another IP signs up.
    const ok = await t.gql(REGISTER, { input: registerInput('late') }, { ip: '10.3.0.2' });
    expect(ok.errors).toBeUndefined();
  });
});

describe('team invitation resends', () => {
  async function ownerWithInvitations(n: number) {
    const owner = await createUser(t.db, { email: `owner-${n}@example.test`, password: 'owner-pass' });
    const token = await t.login(owner.email, 'owner-pass', { ip: '10.9.9.9' });
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const res = await t.gql(INVITE, { email: `invitee-${i}@example.test` }, { token });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
      ids.push(res.data.inviteTeamMember._id);
    }
    return { token, ids };
  }

  it(`resend one invitation at most ${RATE_LIMITS.invitationResendPerInvitation.max} times an hour`, async () => {
    const { token, ids } = await ownerWithInvitations(2);
    const max = RATE_LIMITS.invitationResendPerInvitation.max;
    for (let i = 0; i < max; i++) {
      const res = await t.gql(RESEND, { id: ids[0] }, { token, ip: `10.4.0.${i}` });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    }
    const before = await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, ids[0]!));
    expectLimited(await t.gql(RESEND, { id: ids[0] }, { token, ip: '10.4.1.1', app: other }), HOUR_S);
    // Not sent: the link stays the last one sent.
    expect(await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, ids[0]!))).toEqual(before);
    // Another invitation is not affected.
    const ok = await t.gql(RESEND, { id: ids[1] }, { token, ip: '10.4.0.0', app: other });
    expect(ok.errors).toBeUndefined();
  });

  it("cannot be used up by another account naming the invitation's id", async () => {
    const { token, ids } = await ownerWithInvitations(1);
    const stranger = await createUser(t.db, { email: 'stranger@example.test', password: 'stranger-pass' });
    const strangerToken = await t.login(stranger.email, 'stranger-pass', { ip: '10.8.0.1' });
    for (let i = 0; i <= RATE_LIMITS.invitationResendPerInvitation.max; i++) {
      const res = await t.gql(RESEND, { id: ids[0] }, { token: strangerToken, ip: `10.8.1.${i}` });
      expect(res.errors?.[0]?.extensions?.code).not.toBe(undefined);
    }
    const ok = await t.gql(RESEND, { id: ids[0] }, { token, ip: '10.8.2.1' });
    expect(ok.errors, JSON.stringify(ok.errors)).toBeUndefined();
  });

  it(`resend at most ${RATE_LIMITS.invitationResendPerIp.max} an hour from one IP`, async () => {
    const perInvitation = RATE_LIMITS.invitationResendPerInvitation.max;
    const max = RATE_LIMITS.invitationResendPerIp.max;
    const { token, ids } = await ownerWithInvitations(Math.ceil(max / perInvitation) + 1);
    for (let i = 0; i < max; i++) {
      const res = await t.gql(
        RESEND,
        { id: ids[Math.floor(i / perInvitation)] },
        { token, ip: '10.5.0.1', app: i % 2 ? other : t.app },
      );
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    }
    expectLimited(await t.gql(RESEND, { id: ids.at(-1) }, { token, ip: '10.5.0.1' }), HOUR_S);
    expect((await t.gql(RESEND, { id: ids.at(-1) }, { token, ip: '10.5.0.2' })).errors).toBeUndefined();
  });
});

describe('team invitations', () => {
  it(`send at most ${RATE_LIMITS.invitationPerAccount.max} an hour for one account, from any IP and instance`, async () => {
    const max = RATE_LIMITS.invitationPerAccount.max;
    const owner = await createUser(t.db, { email: 'inviter@example.test', password: 'owner-pass' });
    const token = await t.login(owner.email, 'owner-pass', { ip: '10.6.0.1' });
    for (let i = 0; i < max; i++) {
      const res = await t.gql(INVITE, { email: `guest-${i}@example.test` }, { token, ip: `10.6.${i}.1` });
      expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    }
    const refused = await t.gql(
      INVITE,
      { email: 'one-more@example.test' },
      { token, ip: '10.6.99.1', app: other },
    );
    expectLimited(refused, HOUR_S);
    expect(
      await t.db.select().from(teamInvitations).where(eq(teamInvitations.email, 'one-more@example.test')),
    ).toEqual([]);
    // Another account is not affected.
    const other2 = await createUser(t.db, { email: 'inviter2@example.test', password: 'owner-pass' });
    const token2 = await t.login(other2.email, 'owner-pass', { ip: '10.6.0.2' });
    const ok = await t.gql(INVITE, { email: 'one-more@example.test' }, { token: token2, ip: '10.6.99.1' });
    expect(ok.errors, JSON.stringify(ok.errors)).toBeUndefined();
  });
});

describe('GET /s3/sign', () => {
  const TEN_MINUTES_S = 600;
  const sign = (app: FastifyInstance, opts: { ip: string; token?: string; order: string }) =>
    app.inject({
      method: 'GET',
      url: '/s3/sign?fileName=photo.png&contentType=image%2Fpng&size=1024',
      remoteAddress: opts.ip,
      headers: {
        folder: `customQuestionnaires/${opts.order}`,
        cookie: `${ORDER_COOKIE}=${opts.order}`,
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
    });
  const expect429 = (res: LightMyRequestResponse) => {
    expect(res.statusCode).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(TEN_MINUTES_S - 120);
    expect(retryAfter).toBeLessThanOrEqual(TEN_MINUTES_S);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', retryAfter });
  };
  const max = RATE_LIMITS.uploadSignPerClient.max;

  it(`signs at most ${max} uploads in 10 minutes per anonymous IP`, async () => {
    for (let i = 0; i < max; i++) {
      const res = await sign(i % 2 ? other : t.app, { ip: '10.6.0.1', order: 'o1' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect429(await sign(t.app, { ip: '10.6.0.1', order: 'o2' }));
    expect((await sign(other, { ip: '10.6.0.2', order: 'o1' })).statusCode).toBe(200);
  });

  it(`signs at most ${max} uploads in 10 minutes per person, from any IP`, async () => {
    const admin = await createUser(t.db, { admin: true, password: 'admin-pass' });
    const colleague = await createUser(t.db, { admin: true, password: 'admin-pass' });
    const token = await t.login(admin.email, 'admin-pass', { ip: '10.9.9.9' });
    const colleagueToken = await t.login(colleague.email, 'admin-pass', { ip: '10.9.9.9' });
    for (let i = 0; i < max; i++) {
      const res = await sign(i % 2 ? other : t.app, { ip: `10.7.0.${i % 200}`, token, order: 'o1' });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect429(await sign(other, { ip: '10.7.1.1', token, order: 'o1' }));
    // Another person from the same address, and an anonymous visitor there, are not affected.
    expect((await sign(t.app, { ip: '10.7.0.1', token: colleagueToken, order: 'o1' })).statusCode).toBe(200);
    expect((await sign(t.app, { ip: '10.7.0.1', order: 'o1' })).statusCode).toBe(200);
  });
});
