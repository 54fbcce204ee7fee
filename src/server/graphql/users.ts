import { eq } from 'drizzle-orm';
import { isEvaluationRole } from '../../evaluation/index.js';
import type { BrandRow, UserRow } from '../context.js';
import type { EmailPreferences, PaymentCard } from '../db/schema.js';
import { brands } from '../db/schema.js';
import { callerMay } from '../team/index.js';
import { BrandType } from './brands.js';
import { builder } from './builder.js';
import { EvaluationRoleEnum } from './enums.js';

const ProfileType = builder.objectRef<UserRow>('Profile').implement({
  fields: (t) => ({
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    businessName: t.exposeString('businessName'),
    phone: t.exposeString('phone'),
    additionalEmails: t.exposeString('additionalEmails'),
  }),
});

const EmailType = builder.objectRef<{ address: string; verified: boolean }>('UserEmail').implement({
  fields: (t) => ({ address: t.exposeString('address'), verified: t.exposeBoolean('verified') }),
});

const EmailPreferencesType = builder.objectRef<EmailPreferences>('EmailPreferences').implement({
  fields: (t) => ({
    receiveMarketing: t.exposeBoolean('receiveMarketing'),
    receiveShopScheduled: t.exposeBoolean('receiveShopScheduled'),
    receiveShopQA: t.exposeBoolean('receiveShopQA'),
    receiveShopComplete: t.exposeBoolean('receiveShopComplete'),
    receiveSurveyComplete: t.exposeBoolean('receiveSurveyComplete'),
    receiveAsDigest: t.exposeBoolean('receiveAsDigest'),
    receiveActionPlans: t.boolean({ resolve: (p) => p.receiveActionPlans ?? true }),
    receiveScoreAlerts: t.boolean({ resolve: (p) => p.receiveScoreAlerts ?? true }),
  }),
});

export const PaymentCardType = builder.objectRef<PaymentCard>('PaymentCard').implement({
  fields: (t) => ({
    brand: t.exposeString('brand'),
    expireMonth: t.exposeInt('expireMonth'),
    expireYear: t.exposeInt('expireYear'),
    last4: t.exposeString('last4'),
  }),
});

/** A user as seen by themselves or an admin (resolvers only ever return those); lists preload the brand. */
export const UserType = builder
  .objectRef<UserRow & { _associatedBrand?: BrandRow | null }>('User')
  .implement({
    fields: (t) => ({
      _id: t.exposeString('id'),
      email: t.exposeString('email'),
      fullName: t.string({ resolve: (u) => `${u.firstName} ${u.lastName}`.trim() || u.email }),
      emails: t.field({
        type: [EmailType],
        resolve: (u) => [{ address: u.email, verified: u.emailVerified }],
      }),
      profile: t.field({ type: ProfileType, resolve: (u) => u }),
      admin: t.exposeBoolean('admin'),
      roles: t.field({
        type: [EvaluationRoleEnum],
        description: 'Evaluation roles (a role this version does not know is left out).',
        resolve: (u) => u.roles.filter(isEvaluationRole),
      }),
      scheduler: t.boolean({
        description: "Runs the scheduler's desk: an admin or a user with the scheduler role (issue 47).",
        resolve: (u) => u.admin || u.roles.includes('scheduler'),
      }),
      associatedBrandId: t.exposeString('associatedBrandId', { nullable: true }),
      associatedBrand: t.field({
        type: BrandType,
        nullable: true,
        resolve: async (u, _a, ctx) =>
          u._associatedBrand !== undefined
            ? u._associatedBrand
            : u.associatedBrandId
              ? ((await ctx.db.select().from(brands).where(eq(brands.id, u.associatedBrandId)).limit(1))[0] ??
                null)
              : null,
      }),
      emailPreferences: t.field({
        type: EmailPreferencesType,
        description:
          "On the caller's account: the caller's own preferences (a team member's, not the account's).",
        resolve: (u, _a, ctx) =>
          ctx.person && ctx.person.id !== u.id && ctx.user?.id === u.id
            ? ctx.person.emailPreferences
            : u.emailPreferences,
      }),
      paymentCard: t.field({
        type: PaymentCardType,
        nullable: true,
        description: 'The saved card; on a team, for the owner and admins (managers see null).',
        resolve: (u, _a, ctx) =>
          ctx.user?.id === u.id && !callerMay(ctx, 'billing') ? null : (u.paymentCard ?? null),
      }),
      createdAt: t.string({ resolve: (u) => u.createdAt.toISOString() }),
      updatedAt: t.string({ resolve: (u) => u.updatedAt.toISOString() }),
    }),
  });

builder.queryFields((t) => ({
  currentUser: t.field({ type: UserType, nullable: true, resolve: (_r, _a, ctx) => ctx.user }),
}));
