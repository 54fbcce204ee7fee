import { changePassword } from '../accounts/change-password.js';
import { login } from '../accounts/login.js';
import { LOGIN_DEVICE_COOKIE, LOGIN_DEVICE_DAYS, rememberDevice } from '../accounts/login-device.js';
import { resetPassword, sendResetPasswordEmail } from '../accounts/password-reset.js';
import { registerUser } from '../accounts/register-user.js';
import { createSession, revokeSession, SESSION_COOKIE } from '../accounts/sessions.js';
import type { AppContext, UserRow } from '../context.js';
import { emailBrandOf } from '../email/index.js';
import { limitRequest, RATE_LIMITED_REQUESTS } from '../rate-limit.js';
import { askSecondFactor, secondFactorSetupFor } from '../two-factor/index.js';
import { builder } from './builder.js';
import { UserType } from './users.js';

type AuthPayload = { token: string; expiresAt: Date; user: UserRow };

export const AuthPayloadType = builder.objectRef<AuthPayload>('AuthPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Send as `Authorization: Bearer <token>`.' }),
    expiresAt: t.string({ resolve: (p) => p.expiresAt.toISOString() }),
    user: t.field({ type: UserType, resolve: (p) => p.user }),
    secondFactorSetupRequired: t.boolean({
      description:
        'The login must set up two-factor sign-in before anything else (a platform admin, or a team that requires it): lead it to /account/security.',
      resolve: async (p, _a, ctx) =>
        (await secondFactorSetupFor(ctx.db, p.user, {
          adminTwoFactor: ctx.config.adminTwoFactorRequired,
        })) !== null,
    }),
  }),
});

/** Sets the HttpOnly session cookie next to the token the payload returns. */
export function setSessionCookie(ctx: AppContext, token: string, expiresAt: Date) {
  ctx.reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.production,
    path: '/',
    expires: expiresAt,
  });
}

/**
 * Binds this browser to the account that just proved itself (login-device.ts): its later logins are
 * throttled by its own failures only. SameSite=Strict and path /api: only our own pages send it.
 */
export function setLoginDeviceCookie(ctx: AppContext, value: string) {
  ctx.reply.setCookie(LOGIN_DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.config.production,
    path: '/api',
    maxAge: LOGIN_DEVICE_DAYS * 86_400,
  });
}

export async function startSession(ctx: AppContext, user: UserRow): Promise<AuthPayload> {
  const session = await createSession(ctx.db, {
    userId: user.id,
    days: ctx.config.SESSION_DAYS,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  setSessionCookie(ctx, session.token, session.expiresAt);
  const device = ctx.req.cookies[LOGIN_DEVICE_COOKIE];
  setLoginDeviceCookie(ctx, rememberDevice(ctx.config.appSecret, device, user.email, new Date()));
  return { token: session.token, expiresAt: session.expiresAt, user };
}

const ProfileInput = builder.inputType('ProfileInput', {
  fields: (t) => ({
    firstName: t.string({ required: true }),
    lastName: t.string({ required: true }),
    businessName: t.string({ required: true }),
    phone: t.string({ required: true }),
    additionalEmails: t.string(),
  }),
});

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    profile: t.field({ type: ProfileInput, required: true }),
  }),
});

builder.mutationFields((t) => ({
  register: t.field({
    type: AuthPayloadType,
    description:
      'Sign-up; logs the new account in. Limited per IP (RATE_LIMITED with retryAfter in seconds).',
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      await limitRequest(ctx, RATE_LIMITED_REQUESTS.signUp(ctx.ip));
      const user = await registerUser(ctx.db, {
        input: {
          ...input,
          profile: { ...input.profile, additionalEmails: input.profile.additionalEmails ?? '' },
        },
        brandId: ctx.brand.id,
      });
      return startSession(ctx, user);
    },
  }),
  login: t.field({
    type: AuthPayloadType,
    description:
      'Password login. Returns a token and sets an HttpOnly session cookie. Failed logins slow down further attempts (RATE_LIMITED with the wait, retryAfter in seconds).',
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const result = await login(ctx.db, {
        email: a.email,
        password: a.password,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        sessionDays: ctx.config.SESSION_DAYS,
        secret: ctx.config.appSecret,
        deviceCookie: ctx.req.cookies[LOGIN_DEVICE_COOKIE],
        // With two-factor sign-in on, no session yet: UNAUTHENTICATED with extensions.secondFactor.
        secondFactor: askSecondFactor(ctx.db, ctx.config.appSecret),
      });
      setSessionCookie(ctx, result.token, result.expiresAt);
      setLoginDeviceCookie(ctx, result.deviceCookie);
      return result;
    },
  }),
  logout: t.boolean({
    description: 'Revokes the current session and clears the cookie.',
    resolve: async (_r, _a, ctx) => {
      if (ctx.sessionId) await revokeSession(ctx.db, ctx.sessionId);
      ctx.reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return true;
    },
  }),
  sendResetPasswordEmail: t.boolean({
    description:
      'E-mails a single-use reset link. Answers true whether or not the account exists. Limited per address and per IP (RATE_LIMITED with retryAfter in seconds).',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await limitRequest(ctx, RATE_LIMITED_REQUESTS.passwordReset(a.email, ctx.ip));
      await sendResetPasswordEmail(ctx.db, ctx.adapters.mail, {
        email: a.email,
        origin: ctx.origin,
        brand: emailBrandOf(ctx.brand, { origin: ctx.origin, storage: ctx.adapters.storage }),
      });
      return true;
    },
  }),
  resetPassword: t.field({
    type: AuthPayloadType,
    description:
      'Sets a new password from a reset token (single use) and logs the user in; with two-factor sign-in on, answers UNAUTHENTICATED with extensions.secondFactor instead (continue with loginSecondFactor).',
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const user = await resetPassword(ctx.db, { token: a.token, password: a.password });
      // The mailbox alone does not pass two-factor sign-in: the new password logs in with the code.
      await askSecondFactor(ctx.db, ctx.config.appSecret)(user);
      return startSession(ctx, user);
    },
  }),
  changePassword: t.boolean({
    authScopes: { loggedIn: true },
    description:
      "Changes the login's own password. The other sessions are signed out unless `signOutOtherSessions` is false (the person chose to stay signed in there).",
    args: {
      oldPassword: t.arg.string({ required: true }),
      newPassword: t.arg.string({ required: true }),
      signOutOtherSessions: t.arg.boolean({ defaultValue: true }),
    },
    resolve: async (_r, a, ctx) => {
      await changePassword(ctx.db, {
        signOutOthers: a.signOutOtherSessions ?? true,
        // The login's own password, also for a member acting for another account.
        user: ctx.person!,
        sessionId: ctx.sessionId,
        oldPassword: a.oldPassword,
        newPassword: a.newPassword,
      });
      return true;
    },
  }),
}));
