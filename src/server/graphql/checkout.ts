import { z } from 'zod';
import { createSession } from '../accounts/sessions.js';
import { tokenizeTestCard } from '../adapters/payments.js';
import { checkout } from '../checkout/index.js';
import { AppError, parseInput } from '../errors.js';
import { setSessionCookie } from './accounts.js';
import { builder } from './builder.js';
import { OrderRef } from './refs.js';
import { PaymentCardType } from './users.js';

const PaymentSettingsType = builder
  .objectRef<{ provider: string; publishableKey: string | null }>('PaymentSettings')
  .implement({
    fields: (t) => ({
      provider: t.exposeString('provider', { description: "'test' (built-in processor) or 'stripe'." }),
      publishableKey: t.exposeString('publishableKey', { nullable: true }),
    }),
  });

const CheckoutProfileInput = builder.inputType('CheckoutProfileInput', {
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    businessName: t.string(),
    phone: t.string(),
    additionalEmails: t.string(),
  }),
});

const CheckoutInput = builder.inputType('CheckoutInput', {
  fields: (t) => ({
    profile: t.field({ type: CheckoutProfileInput }),
    email: t.string(),
    password: t.string(),
    confirmPassword: t.string(),
    paymentCardValid: t.boolean(),
    cancellationPolcy: t.boolean({ description: 'Terms & Conditions accepted (spelled as in the spec).' }),
    referralCode: t.string(),
    brandId: t.string(),
    stripeToken: t.string({
      description: 'Card token or payment method id from the card widget; omit to use the card on file.',
    }),
    guestCheckout: t.boolean({
      description: 'Check out without an account (only orders without recurring shops or surveys).',
    }),
  }),
});

const TestCardInput = builder.inputType('TestCardInput', {
  fields: (t) => ({
    number: t.string(),
    expireMonth: t.int(),
    expireYear: t.int(),
    cvc: t.string(),
  }),
});

const CardTokenType = builder
  .objectRef<{
    token: string;
    card: { brand: string; last4: string; expireMonth: number; expireYear: number };
  }>('CardToken')
  .implement({
    fields: (t) => ({
      token: t.exposeString('token'),
      card: t.field({ type: PaymentCardType, resolve: (r) => r.card }),
    }),
  });

const ZTestCard = z.object({
  number: z
    .string({ error: 'Card number is required.' })
    .min(1, { error: 'Card number is required.' })
    .max(30),
  expireMonth: z.number({ error: 'Expiration month is required.' }).int(),
  expireYear: z.number({ error: 'Expiration year is required.' }).int(),
  cvc: z.string({ error: 'Security code is required.' }).max(4),
});

builder.queryFields((t) => ({
  paymentSettings: t.field({
    type: PaymentSettingsType,
    resolve: (_r, _a, ctx) => ({
      provider: ctx.adapters.payments.kind,
      publishableKey: ctx.adapters.payments.publishableKey,
    }),
  }),
}));

builder.mutationFields((t) => ({
  checkout: t.field({
    type: OrderRef,
    description:
      'Pays the initial amount due and places the order (one transaction; a failed charge changes nothing).',
    args: { oid: t.arg.string({ required: true }), input: t.arg({ type: CheckoutInput, required: true }) },
    resolve: async (_r, a, ctx) => {
      const { graph, createdUser } = await checkout(
        ctx.db,
        {
          user: ctx.user,
          brand: ctx.brand,
          payments: ctx.adapters.payments,
          now: new Date(),
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        },
        { oid: a.oid, input: { ...a.input, profile: a.input.profile ? { ...a.input.profile } : undefined } },
      );
      if (createdUser) {
        const session = await createSession(ctx.db, {
          userId: createdUser.id,
          days: ctx.config.SESSION_DAYS,
          ip: ctx.ip,
          userAgent: ctx.userAgent,
        });
        setSessionCookie(ctx, session.token, session.expiresAt);
      }
      return graph;
    },
  }),
  tokenizeTestCard: t.field({
    type: CardTokenType,
    description:
      "The built-in test processor's card form: card details to a token (Stripe's test-card rules).",
    args: { input: t.arg({ type: TestCardInput, required: true }) },
    resolve: async (_r, a, ctx) => {
      if (ctx.adapters.payments.kind !== 'test') {
        throw new AppError('FORBIDDEN', 'Card details go to the card payment provider, not to this server.');
      }
      const card = parseInput(ZTestCard, a.input);
      const result = await tokenizeTestCard(ctx.db, card);
      if (!result.ok)
        throw new AppError('BAD_USER_INPUT', result.message, [
          { field: result.field, message: result.message },
        ]);
      return result;
    },
  }),
}));
