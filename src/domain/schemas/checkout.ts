import { z } from 'zod';
import { MSG_PASSWORDS_DO_NOT_MATCH, zPassword } from './account';
import { ZProfileWithEmails } from './account-info';
import { safeChars } from './text';

/** What the checkout form knows about the visitor; it decides which rules apply. */
export interface CheckoutContext {
  loggedIn: boolean;
  hasCardOnFile: boolean;
  /** The guest-checkout box is ticked (only offered when guestCheckoutOffered is true). */
  guestCheckout: boolean;
}

export const MSG_CHECKOUT_EMAIL_REQUIRED = 'Email Address to Receive Reports is required.';
export const MSG_CHECKOUT_EMAIL_INVALID = 'Please enter a valid email address.';
export const MSG_PAYMENT_CARD_REQUIRED = 'A valid Payment Card is required.';
export const MSG_TERMS_REQUIRED = 'You must agree to the Terms & Conditions.';

const zCheckoutEmail = z
  .string({ error: MSG_CHECKOUT_EMAIL_REQUIRED })
  .trim()
  .toLowerCase()
  .min(1, { error: MSG_CHECKOUT_EMAIL_REQUIRED })
  .pipe(z.email({ error: MSG_CHECKOUT_EMAIL_INVALID }));

/** Every field loose, so the context-dependent rules below can all report at once. */
const ZCheckoutFields = z.object({
  email: z.string().nullish(),
  password: z.string().nullish(),
  confirmPassword: z.string().nullish(),
  paymentCardValid: z.boolean().nullish(),
  cancellationPolcy: z.boolean().nullish(),
  referralCode: z
    .string()
    .trim()
    .max(100, { error: 'Referral Code cannot exceed 100 characters.' })
    .check(safeChars('Referral Code'))
    .nullish()
    .transform((v) => v || undefined),
  profile: z.unknown().optional(),
  brandId: z.string().nullish(),
  stripeToken: z.string().trim().max(500).nullish(),
});

type Ctx = z.core.$RefinementCtx;

/** Runs a sub-schema and copies its issues under `path`; returns the parsed value when valid. */
function check<T extends z.ZodType>(
  schema: T,
  value: unknown,
  path: string,
  ctx: Ctx,
): z.output<T> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: 'custom', message: issue.message, path: [path, ...issue.path] });
  }
  return undefined;
}

/**
 * The checkout input (order-flow 5). Logged-in users skip profile, e-mail and password; guest
 * checkout skips the password; a card on file skips the card rule. Fields that do not apply are
 * dropped from the output, so the server never stores a password the visitor did not choose.
 */
export function createZCheckoutInput(context: CheckoutContext) {
  const needsAccountFields = !context.loggedIn;
  const needsPassword = !context.loggedIn && !context.guestCheckout;
  return ZCheckoutFields.transform((v, ctx) => {
    const email = needsAccountFields ? check(zCheckoutEmail, v.email ?? '', 'email', ctx) : undefined;
    const profile = needsAccountFields
      ? check(ZProfileWithEmails, v.profile ?? {}, 'profile', ctx)
      : undefined;
    const password = needsPassword ? check(zPassword, v.password ?? '', 'password', ctx) : undefined;
    if (needsPassword && (v.confirmPassword ?? '') !== (v.password ?? '')) {
      ctx.addIssue({ code: 'custom', message: MSG_PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });
    }
    if (!context.hasCardOnFile && v.paymentCardValid !== true) {
      ctx.addIssue({ code: 'custom', message: MSG_PAYMENT_CARD_REQUIRED, path: ['paymentCardValid'] });
    }
    if (v.cancellationPolcy !== true) {
      ctx.addIssue({ code: 'custom', message: MSG_TERMS_REQUIRED, path: ['cancellationPolcy'] });
    }
    return {
      email,
      profile,
      password,
      paymentCardValid: context.hasCardOnFile ? undefined : true,
      cancellationPolcy: true as const,
      referralCode: v.referralCode,
      brandId: v.brandId ?? undefined,
      stripeToken: context.hasCardOnFile ? undefined : (v.stripeToken ?? undefined),
    };
  });
}

export type ZCheckoutInput = ReturnType<typeof createZCheckoutInput>;
/** The values the checkout form holds. */
export type TCheckoutFormValues = z.input<ZCheckoutInput>;
/** The validated checkout input the server acts on. */
export type TCheckoutInput = z.output<ZCheckoutInput>;
