import { z } from 'zod';
import { MONTHS_PURCHASED } from '../pricing';
import { ZQuestionnaireType, zBooleanish, zId, zNumberInput } from './common';
import { safeChars } from './text';

export const MSG_SHOW_REIMBURSEMENT = 'Must show reimbursement when minimum reimbursement is greater than 0.';
export const MSG_INDUSTRY_NOT_OF_BRAND = "Industry must be one of the brand's industries.";
/** A sanity cap on admin prices (the spec gives none): $1,000,000. */
const MAX_CENTS = 100_000_000;

type Ctx = z.core.$RefinementCtx;

/** Integer cents, at least 0; `fallback` replaces an empty field (null when the field is required). */
function cents(
  value: number | null | undefined,
  label: string,
  path: string,
  fallback: number | null,
  ctx: Ctx,
) {
  if (value == null) {
    if (fallback === null) ctx.addIssue({ code: 'custom', path: [path], message: `${label} is required.` });
    return fallback ?? 0;
  }
  const message = !Number.isInteger(value)
    ? `${label} must be in whole cents.`
    : value < 0
      ? `${label} cannot be negative.`
      : value > MAX_CENTS
        ? `${label} is too large.`
        : null;
  if (message) ctx.addIssue({ code: 'custom', path: [path], message });
  return value;
}

/** Options that need the database: the brand's industries, when known. */
export interface QuestionnaireRuleContext {
  brandIndustryIds?: readonly string[];
}

/** Made once: zod compiles an object schema's parser on its first use. */
const ZQuestionnaireFields = z.object({
  title: z
    .string({ error: 'Title is required.' })
    .trim()
    .min(1, { error: 'Title is required.' })
    .max(300, { error: 'Title cannot exceed 300 characters.' })
    .check(safeChars('Title')),
  type: ZQuestionnaireType.default('mysteryShop'),
  industryId: zId('Industry'),
  brandId: zId('Brand'),
  sampleLink: z
    .string()
    .trim()
    .max(2000, { error: 'Sample Link cannot exceed 2000 characters.' })
    .check(safeChars('Sample Link'))
    .nullish()
    .transform((v) => v ?? ''),
  cost: zNumberInput,
  startupCost: zNumberInput,
  monthsPurchased: zNumberInput,
  minimumReimbursement: zNumberInput,
  shopperFee: zNumberInput,
  showReimbursement: zBooleanish(true),
  published: zBooleanish(true),
  isCustom: zBooleanish(false),
});

/** The fields of a questionnaire's input (the evaluation form, formId, is the server's to check). */
export const QUESTIONNAIRE_INPUT_FIELDS = Object.keys(
  ZQuestionnaireFields.shape,
) as readonly (keyof typeof ZQuestionnaireFields.shape)[];

/**
 * The admin's Add/Edit Questionnaire form and addEditQuestionnaire's input (admin-and-evaluation 5).
 * Money fields are integer cents. monthsPurchased is a survey field (empty saves as 1);
 * minimumReimbursement and showReimbursement are mystery-shop fields (empty minimum saves as 0).
 */
export function createZQuestionnaireInput(context: QuestionnaireRuleContext = {}) {
  return ZQuestionnaireFields.transform((v, ctx) => {
    if (context.brandIndustryIds && !context.brandIndustryIds.includes(v.industryId)) {
      ctx.addIssue({ code: 'custom', path: ['industryId'], message: MSG_INDUSTRY_NOT_OF_BRAND });
    }
    const cost = cents(v.cost, 'Cost', 'cost', null, ctx);
    const startupCost = cents(v.startupCost, 'Startup Cost', 'startupCost', 0, ctx);
    const isSurvey = v.type === 'customerSurvey';
    let monthsPurchased: number = MONTHS_PURCHASED.default;
    if (isSurvey && v.monthsPurchased != null) {
      const m = v.monthsPurchased;
      if (!Number.isInteger(m) || m < MONTHS_PURCHASED.min || m > MONTHS_PURCHASED.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['monthsPurchased'],
          message: 'Months Purchased must be a whole number from 1 to 12.',
        });
      }
      monthsPurchased = m;
    }
    const minimumReimbursement = isSurvey
      ? 0
      : cents(v.minimumReimbursement, 'Minimum Reimbursement', 'minimumReimbursement', 0, ctx);
    // Paid to the shopper per approved visit on top of the shop's reimbursement; surveys have no shopper.
    const shopperFee = isSurvey ? 0 : cents(v.shopperFee, 'Shopper Fee', 'shopperFee', 0, ctx);
    if (minimumReimbursement > 0 && !v.showReimbursement) {
      ctx.addIssue({ code: 'custom', path: ['showReimbursement'], message: MSG_SHOW_REIMBURSEMENT });
    }
    return {
      title: v.title,
      type: v.type,
      industryId: v.industryId,
      brandId: v.brandId,
      sampleLink: v.sampleLink,
      cost,
      startupCost,
      monthsPurchased,
      minimumReimbursement,
      shopperFee,
      showReimbursement: v.showReimbursement,
      published: v.published,
      isCustom: v.isCustom,
    };
  });
}
export type TQuestionnaireFormValues = z.input<ReturnType<typeof createZQuestionnaireInput>>;
export type TQuestionnaireInput = z.output<ReturnType<typeof createZQuestionnaireInput>>;
