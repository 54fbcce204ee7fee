import { LOGIN_DEVICE_COOKIE } from '../accounts/login-device.js';
import { verifyPassword } from '../auth/passwords.js';
import type { AppContext, UserRow } from '../context.js';
import { AppError } from '../errors.js';
import { requireTeam, teamRoleOf } from '../team/index.js';
import {
  beginPasskeyRegistration,
  beginPasskeySignIn,
  beginTotpSetup,
  confirmTotpSetup,
  disableTotp,
  finishPasskeyRegistration,
  hasSecondFactor,
  isLastSecondFactor,
  listPasskeys,
  listSessions,
  loginSecondFactor,
  mayTurnOffSecondFactor,
  type PasskeyListing,
  passkeyLogin,
  type RelyingParty,
  readLoginChallenge,
  removePasskey,
  renamePasskey,
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

/**
 * The WebAuthn relying party of the request: the host the person is on (a brand's custom domain, a
 * brand subdomain, or the base domain with an entry path) when it is one of ours, else PUBLIC_URL's
 * (request-identity.ts decides `origin` the same way for e-mailed links).
 */
export function relyingPartyOf(ctx: AppContext): RelyingParty {
  return { rpId: new URL(ctx.origin).hostname, origin: ctx.origin, name: ctx.brand.name };
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

const PasskeyType = builder.objectRef<PasskeyListing>('Passkey').implement({
  description: "One of the login's passkeys (WebAuthn); never its key.",
  fields: (t) => ({
    id: t.exposeString('id'),
    name: t.exposeString('name'),
    rpId: t.exposeString('rpId', { description: 'The site address it was made on; it works only there.' }),
    synced: t.boolean({
      description: "Backed up across the person's devices (a synced passkey), as the authenticator said.",
      resolve: (p) => p.backedUp,
    }),
    kind: t.string({
      description:
        "'platform' (built into a device: Touch ID, Windows Hello, Android) or 'security key' (USB, NFC, Bluetooth), from the transports the authenticator named; null when it named none.",
      nullable: true,
      resolve: (p) =>
        p.transports.includes('internal') || p.transports.includes('hybrid')
          ? 'platform'
          : p.transports.some((x) => ['usb', 'nfc', 'ble'].includes(x))
            ? 'security key'
            : null,
    }),
    createdAt: t.string({ resolve: (p) => p.createdAt.toISOString() }),
    lastUsedAt: t.string({ nullable: true, resolve: (p) => p.lastUsedAt?.toISOString() ?? null }),
  }),
});

type PasskeyRegistration = { passkey: PasskeyListing; recoveryCodes: string[] | null };

const PasskeyRegistrationType = builder.objectRef<PasskeyRegistration>('PasskeyRegistration').implement({
  fields: (t) => ({
    passkey: t.field({ type: PasskeyType, resolve: (r) => r.passkey }),
    recoveryCodes: t.stringList({
      nullable: true,
      description:
        "The 10 recovery codes, shown once, when this passkey is the login's first second factor; else null.",
      resolve: (r) => r.recoveryCodes,
    }),
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
    passkeys: t.field({
      type: [PasskeyType],
      resolve: (s, _a, ctx) => listPasskeys(ctx.db, s.userId),
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
      // Refused only when the app is the last second factor of a login that must keep one.
      if ((await twoFactorStatus(ctx.db, person.id)).passkeys === 0) {
        await mayTurnOffSecondFactor(ctx.db, {
          person,
          accountId: ctx.user?.id ?? null,
          adminTwoFactor: ctx.config.adminTwoFactorRequired,
        });
      }
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
      if (!(await hasSecondFactor(ctx.db, person.id))) {
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
      "Platform admins: removes a login's two-factor sign-in (app, passkeys and recovery codes) and signs out its sessions, for a person who lost both, after checking who they are out of band. They set it up again at next login. False when it had none.",
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

builder.mutationFields((t) => ({
  beginPasskeyRegistration: t.string({
    authScopes: { loggedIn: true },
    description:
      "Starts adding a passkey to the login on this site's address: the options (JSON) for the browser's navigator.credentials.create (@simplewebauthn/browser's startRegistration). The challenge works once, for five minutes.",
    resolve: async (_r, _a, ctx) => {
      const person = loginOf(ctx);
      const options = await beginPasskeyRegistration(ctx.db, {
        user: {
          id: person.id,
          email: person.email,
          displayName: `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim(),
        },
        rp: relyingPartyOf(ctx),
      });
      return JSON.stringify(options);
    },
  }),
  finishPasskeyRegistration: t.field({
    type: PasskeyRegistrationType,
    authScopes: { loggedIn: true },
    description:
      "Keeps the passkey the browser made (its answer as JSON) under a name, after checking the challenge, origin and RP ID. From then on a password login asks for a second factor. The login's first second factor also answers its 10 recovery codes, shown once.",
    args: { name: t.arg.string({ required: true }), response: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const person = loginOf(ctx);
      const { passkey, first } = await finishPasskeyRegistration(ctx.db, {
        userId: person.id,
        name: a.name,
        response: a.response,
        rp: relyingPartyOf(ctx),
        audit: twoFactorAudit(ctx),
      });
      return { passkey, recoveryCodes: first ? await replaceRecoveryCodes(ctx.db, person.id) : null };
    },
  }),
  renamePasskey: t.field({
    type: PasskeyType,
    authScopes: { loggedIn: true },
    args: { id: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => renamePasskey(ctx.db, { userId: loginOf(ctx).id, id: a.id, name: a.name }),
  }),
  removePasskey: t.boolean({
    authScopes: { loggedIn: true },
    description:
      "Removes one of the login's passkeys (the password again). Refused for the last second factor of a login that must keep one; with the last one the recovery codes go too.",
    args: { id: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const person = loginOf(ctx);
      await confirmPassword(person, a.password);
      if (await isLastSecondFactor(ctx.db, { userId: person.id, id: a.id })) {
        await mayTurnOffSecondFactor(ctx.db, {
          person,
          accountId: ctx.user?.id ?? null,
          adminTwoFactor: ctx.config.adminTwoFactorRequired,
        });
      }
      await removePasskey(ctx.db, { userId: person.id, id: a.id, audit: twoFactorAudit(ctx) });
      return true;
    },
  }),
  beginPasskeySignIn: t.string({
    description:
      "Options (JSON) for the browser's navigator.credentials.get (@simplewebauthn/browser's startAuthentication). Without `challenge`: a sign-in without a password, with any passkey made on this address. With the challenge of a password login's second step: one of that login's passkeys.",
    args: { challenge: t.arg.string() },
    resolve: async (_r, a, ctx) => {
      const userId = a.challenge ? readLoginChallenge(ctx.config.appSecret, a.challenge, new Date()) : null;
      return JSON.stringify(await beginPasskeySignIn(ctx.db, { rp: relyingPartyOf(ctx), userId }));
    },
  }),
  passkeySignIn: t.field({
    type: AuthPayloadType,
    description:
      "Signs in with the browser's passkey answer (JSON): alone, or with `challenge` as a password login's second step. Failures count as failed logins (RATE_LIMITED with retryAfter).",
    args: { response: t.arg.string({ required: true }), challenge: t.arg.string() },
    resolve: async (_r, a, ctx) => {
      const result = await passkeyLogin(ctx.db, {
        response: a.response,
        challenge: a.challenge ?? null,
        rp: relyingPartyOf(ctx),
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
}));

type TwoFactorSummary = { totpEnabled: boolean; passkeys: number; recoveryCodesLeft: number };

const TwoFactorSummaryType = builder.objectRef<TwoFactorSummary>('TwoFactorSummary').implement({
  description: "What second factors a login has (for a platform admin's support; never a secret).",
  fields: (t) => ({
    totpEnabled: t.exposeBoolean('totpEnabled'),
    passkeys: t.exposeInt('passkeys', { description: 'How many passkeys.' }),
    recoveryCodesLeft: t.exposeInt('recoveryCodesLeft'),
  }),
});

builder.queryFields((t) => ({
  userTwoFactor: t.field({
    type: TwoFactorSummaryType,
    authScopes: { admin: true },
    description:
      'Platform admins: whether a login has two-factor sign-in (an app, passkeys, recovery codes left), before resetting it with resetTwoFactor.',
    args: { uid: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => twoFactorStatus(ctx.db, a.uid),
  }),
}));
