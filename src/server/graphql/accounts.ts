import { changePassword } from '../accounts/change-password.js';
import { login } from '../accounts/login.js';
import { resetPassword, sendResetPasswordEmail } from '../accounts/password-reset.js';
import { registerUser } from '../accounts/register-user.js';
import { createSession, revokeSession, SESSION_COOKIE } from '../accounts/sessions.js';
import type { AppContext, UserRow } from '../context.js';
import { builder } from './builder.js';
import { UserType } from './users.js';

type AuthPayload = { token: string; expiresAt: Date; user: UserRow };

export const AuthPayloadType = builder.objectRef<AuthPayload>('AuthPayload').implement({
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Send as `Authorization: Bearer <token>`.' }),
    expiresAt: t.string({ resolve: (p) => p.expiresAt.toISOString() }),
    user: t.field({ type: UserType, resolve: (p) => p.user }),
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

export async function startSession(ctx: AppContext, user: UserRow): Promise<AuthPayload> {
  const session = await createSession(ctx.db, {
    userId: user.id,
    days: ctx.config.SESSION_DAYS,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  setSessionCookie(ctx, session.token, session.expiresAt);
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
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
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
    description: 'Password login. Returns a token and sets an HttpOnly session cookie.',
    args: { email: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const result = await login(ctx.db, {
        email: a.email,
        password: a.password,
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        sessionDays: ctx.config.SESSION_DAYS,
      });
      setSessionCookie(ctx, result.token, result.expiresAt);
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
    description: 'E-mails a single-use reset link. Answers true whether or not the account exists.',
    args: { email: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await sendResetPasswordEmail(ctx.db, ctx.adapters.mail, {
        email: a.email,
        origin: ctx.origin,
        brandName: ctx.brand.name,
      });
      return true;
    },
  }),
  resetPassword: t.field({
    type: AuthPayloadType,
    description: 'Sets a new password from a reset token (single use) and logs the user in.',
    args: { token: t.arg.string({ required: true }), password: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      const user = await resetPassword(ctx.db, { token: a.token, password: a.password });
      return startSession(ctx, user);
    },
  }),
  changePassword: t.boolean({
    authScopes: { loggedIn: true },
    args: { oldPassword: t.arg.string({ required: true }), newPassword: t.arg.string({ required: true }) },
    resolve: async (_r, a, ctx) => {
      await changePassword(ctx.db, {
        user: ctx.user!,
        sessionId: ctx.sessionId,
        oldPassword: a.oldPassword,
        newPassword: a.newPassword,
      });
      return true;
    },
  }),
}));
