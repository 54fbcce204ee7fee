import { LOGIN_DEVICE_COOKIE } from '../accounts/login-device.js';
import { verifyPassword } from '../auth/passwords.js';
import type { AppContext, UserRow } from '../context.js';
import { AppError } from '../errors.js';
import { requireTeam, teamRoleOf } from '../team/index.js';
import {
  beginTotpSetup,
  confirmTotpSetup,
  disableTotp,
  listSessions,
  loginSecondFactor,
  mayTurnOffSecondFactor,
  replaceRecoveryCodes,
  resetTwoFactor,
  revokeOtherSessions,
  revokeOwnSession,
  type SessionListing,
  setTeamRequiresTwoFactor,
  teamRequiresTwoFactor,
  twoFactorStatus,
} from '../two-factor/index.js';
import { AuthPayloadType, setLoginDeviceCookie, setSessionCookie } from './accounts.js';
import { builder } from './builder.js';

// Two-factor sign-in and the sessions list of /account/security (issue 50). Everything here is the
// login's own (ctx.person), also for a member acting for another account; API keys reach none of it
// (api-key-guard.ts lists no field of this file).

export const MSG_WRONG_PASSWORD = 'Your password is not right.';

/** The login itself, from a session (not an API key). */
function loginOf(ctx: AppContext): UserRow {
  if (!ctx.person || ctx.apiKey) throw new AppError('UNAUTHENTICATED', 'Log in first.');
  return ctx.person;
}

/** The audit log's view of a change to the caller's own second factor: in the account they act for. */
const twoFactorAudit = (ctx: AppContext) => {
  const person = loginOf(ctx);
  return { actor: ctx, accountId: ctx.user?.id ?? person.id, email: person.email };
};

/** Turning the second factor off or making new recovery codes asks for the password again. */
async function confirmPassword(person: UserRow, password: string): Promise<void> {
  if (!(await verifyPassword(password, person.passwordHash))) {
    throw new AppError('BAD_USER_INPUT', MSG_WRONG_PASSWORD, [
      { field: 'password', message: MSG_WRONG_PASSWORD },
    ]);
  }
}

const SessionType = builder.objectRef<SessionListing>('SignedInSession').implement({
  description: 'A signed-in session of the login: a browser, or an API login using its token.',
  fields: (t) => ({
    id: t.exposeString('id'),
    device: t.exposeString('device', {
      description: 'Browser and system from its User-Agent ("Chrome on Windows").',
    }),
    ip: t.string({ nullable: true, resolve: (s) => s.ip }),
    kind: t.exposeString('kind', {
      description: "'browser' (the session cookie) or 'api' (a bearer token).",
    }),
    createdAt: t.string({ description: 'Signed in (ISO, UTC).', resolve: (s) => s.createdAt.toISOString() }),
    lastSeenAt: t.string({
      description: 'Last used (ISO, UTC), to within five minutes.',
      resolve: (s) => s.lastSeenAt.toISOString(),
    }),
    current: t.exposeBoolean('current', { description: 'The session making this request.' }),
  }),
});

type Security = {
  userId: string;
  sessionId: string | null;
  accountId: string;
  setupRequired: 'admin' | 'team' | null;
  owner: boolean;
};

const AccountSecurityType = builder.objectRef<Security>('AccountSecurity').implement({
  description: "The login's second factor and signed-in sessions (never a secret).",
  fields: (t) => ({
    totpEnabled: t.boolean({
      resolve: async (s, _a, ctx) => (await twoFactorStatus(ctx.db, s.userId)).totpEnabled,
    }),
    recoveryCodesLeft: t.int({
      resolve: async (s, _a, ctx) => (await twoFactorStatus(ctx.db, s.userId)).recoveryCodesLeft,
    }),
    setupRequired: t.string({
      nullable: true,
      description:
        "Why this login must set up two-factor sign-in before going on: 'admin' (platform admins must have it) or 'team' (the account's owner requires it); null when nothing is asked.",
      resolve: (s) => s.setupRequired,
    }),
    teamRequiresTwoFactor: t.boolean({
      description: 'The team setting of the account the login acts for.',
      resolve: (s, _a, ctx) => teamRequiresTwoFactor(ctx.db, s.accountId),
    }),
    mayRequireForTeam: t.boolean({
      description: "Whether this login may change the team setting (the account's owner).",
      resolve: (s) => s.owner,
    }),
    sessions: t.field({
      type: [SessionType],
      resolve: (s, _a, ctx) => listSessions(ctx.db, { userId: s.userId, currentSessionId: s.sessionId }),
    }),
  }),
});

type TotpSetup = { secret: string; otpauthUri: string; qrSvg: string };

const TotpSetupType = builder.objectRef<TotpSetup>('TotpSetup').implement({
  description: 'A new authenticator app secret, shown this once: scan the QR code or type the key.',
  fields: (t) => ({
    secret: t.exposeString('secret', { description: 'The key in text (base32).' }),
    otpauthUri: t.exposeString('otpauthUri'),
    qrSvg: t.exposeString('qrSvg', { description: 'The otpauth address as a QR code (SVG).' }),
  }),
});

builder.queryFields((t) => ({
  accountSecurity: t.field({
    type: AccountSecurityType,
    authScopes: { loggedIn: true },
    description: "The login's two-factor sign-in and its signed-in sessions.",
    resolve: (_r, _a, ctx) => ({
      userId: loginOf(ctx).id,
      sessionId: ctx.sessionId,
      accountId: ctx.user!.id,
      setupRequired: ctx.secondFactorSetup,
      owner: teamRoleOf(ctx) === 'owner' && !ctx.person!.admin,
    }),
  }),
}));

builder.mutationFields((t) => ({
  loginSecondFactor: t.field({
    type: AuthPayloadType,
    description:
      "Login's second step: the challenge from login's UNAUTHENTICATED answer (extensions.secondFactor) and a code of the authenticator app or a recovery code. Wrong codes count as failed logins (RATE_LIMITED with retryAfter).",
    args: { challenge: t.arg.string({ required: true }), code: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const result = await loginSecondFactor(ctx.db, {
        challenge: a.challenge,
        code: a.code,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        sessionDays: ctx.config.SESSION_DAYS,
        secret: ctx.config.appSecret,
        deviceCookie: ctx.req.cookies[LOGIN_DEVICE_COOKIE],
      });
      setSessionCookie(ctx, result.token, result.expiresAt);
      setLoginDeviceCookie(ctx, result.deviceCookie);
      return result;
    },
  }),
  beginTotpSetup: t.field({
    type: TotpSetupType,
    authScopes: { loggedIn: true },
    description:
      'Starts setting up an authenticator app; it is asked at login only once confirmed with a code.',
    resolve: (_r, _a, ctx) => {
      const person = loginOf(ctx);
      return beginTotpSetup(ctx.db, {
        userId: person.id,
        email: person.email,
        issuer: ctx.brand.name,
        appSecret: ctx.config.appSecret,
      });
    },
  }),
  confirmTotpSetup: t.field({
    type: ['String'],
    authScopes: { loggedIn: true },
    description:
      'Turns two-factor sign-in on with a code from the app; answers the 10 recovery codes, shown once.',
    args: { code: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) =>
      confirmTotpSetup(ctx.db, {
        userId: loginOf(ctx).id,
        code: a.code,
        appSecret: ctx.config.appSecret,
        audit: twoFactorAudit(ctx),
      }),
  }),
  disableTotp: t.boolean({
    authScopes: { loggedIn: true },
    description: 'Turns two-factor sign-in off (the password again); the recovery codes go with it.',
    args: { password: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const person = loginOf(ctx);
      await confirmPassword(person, a.password);
      await mayTurnOffSecondFactor(ctx.db, {
        person,
        accountId: ctx.user?.id ?? null,
        adminTwoFactor: ctx.config.adminTwoFactorRequired,
      });
      await disableTotp(ctx.db, person.id, twoFactorAudit(ctx));
      return true;
    },
  }),
  regenerateRecoveryCodes: t.field({
    type: ['String'],
    authScopes: { loggedIn: true },
    description: 'Replaces the recovery codes with 10 new ones (the password again), shown once.',
    args: { password: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const person = loginOf(ctx);
      await confirmPassword(person, a.password);
      if (!(await twoFactorStatus(ctx.db, person.id)).totpEnabled) {
        throw new AppError('CONFLICT', 'Turn on two-factor sign-in first.');
      }
      return replaceRecoveryCodes(ctx.db, person.id, twoFactorAudit(ctx));
    },
  }),
  signOutSession: t.boolean({
    authScopes: { loggedIn: true },
    description: "Signs out one of the login's sessions; its next request is anonymous.",
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await revokeOwnSession(ctx.db, { userId: loginOf(ctx).id, sessionId: a.id });
      return true;
    },
  }),
  resetTwoFactor: t.boolean({
    authScopes: { admin: true },
    description:
      "Platform admins: removes a login's two-factor sign-in (app and recovery codes) and signs out its sessions, for a person who lost both, after checking who they are out of band. They set it up again at next login. False when it had none.",
    args: { uid: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => resetTwoFactor(ctx.db, a.uid, ctx),
  }),
  setTeamRequiresTwoFactor: t.boolean({
    authScopes: { loggedIn: true },
    description:
      "The owner's team setting: every member must use two-factor sign-in (a member without it is led through setup and can do nothing else). The owner's own second factor must be on first.",
    args: { required: t.arg.boolean({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const account = requireTeam(ctx, 'ownership');
      await setTeamRequiresTwoFactor(ctx.db, {
        accountId: account.id,
        owner: loginOf(ctx),
        required: a.required,
        actor: ctx,
      });
      return a.required;
    },
  }),
  signOutOtherSessions: t.int({
    authScopes: { loggedIn: true },
    description: 'Signs out every session of the login but this one; answers how many ended.',
    resolve: (_r, _a, ctx) =>
      revokeOtherSessions(ctx.db, { userId: loginOf(ctx).id, currentSessionId: ctx.sessionId }),
  }),
}));
