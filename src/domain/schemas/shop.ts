import { z } from 'zod';
import { isDateKey } from '../dates';
import type { QuestionnaireType } from '../types';
import { ZFrequencyPeriod, zBooleanish, zId, zNumberInput } from './common';
import { dollarsToCents, type MoneyUnit, reimbursementProblem } from './money-input';

export const SHOP_DEFAULTS = { frequencyQuantity: 1, totalQuantity: 1, frequencyPeriod: 'month' } as const;
/** A sanity cap on shops per location and period (the spec gives none). */
export const MAX_SHOP_QUANTITY = 1000;

export const MSG_REIMBURSEMENT_REQUIRED = 'Shopper Reimbursement per Shop is required.';
export const MSG_FREQUENCY_REQUIRED = 'Frequency is required.';
export const MSG_START_DATE_INVALID = 'Desired Start Date must be a valid date.';
export const MSG_START_DATE_PAST = 'Desired Start Date cannot be before today.';

type Ctx = z.core.$RefinementCtx;

/** The questionnaire facts the shop rules depend on. */
export interface ShopRuleContext {
  questionnaireType: QuestionnaireType;
  /** The questionnaire's minimumReimbursement, in cents. */
  minimumReimbursementCents: number;
  /** Today (UTC) to enforce "start date not before today"; omitted, the rule is skipped. */
  today?: Date;
}

/** Checks a quantity ("Number of Shops"); returns the value to keep. */
function quantity(value: number | null | undefined, path: string, ctx: Ctx, fallback: number): number {
  if (value === undefined) return fallback;
  const message =
    value === null
      ? 'Number of Shops is required.'
      : !Number.isInteger(value)
        ? 'Number of Shops must be a whole number.'
        : value < 1
          ? 'Number of Shops must be at least 1.'
          : value > MAX_SHOP_QUANTITY
            ? `Number of Shops cannot exceed ${MAX_SHOP_QUANTITY}.`
            : null;
  if (message) ctx.addIssue({ code: 'custom', message, path: [path] });
  return value ?? fallback;
}

/** Reimbursement rule shared by new and active shops; returns the value in cents. */
export function checkReimbursement(
  value: number | null | undefined,
  rule: { required: boolean; minimumCents: number; unit: MoneyUnit; missingMeansMinimum: boolean },
  ctx: Ctx,
): number {
  const defaultCents = Math.max(0, rule.minimumCents);
  if (value === undefined || value === null) {
    if (rule.required && (value === null || !rule.missingMeansMinimum)) {
      ctx.addIssue({ code: 'custom', message: MSG_REIMBURSEMENT_REQUIRED, path: ['reimbursement'] });
    }
    return defaultCents;
  }
  const problem = reimbursementProblem(value, rule.minimumCents, rule.unit);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['reimbursement'] });
  return rule.unit === 'dollars' ? dollarsToCents(value) : value;
}

/** A date picker's Date, 'YYYY-MM-DD' or an ISO timestamp; '' and null mean "not chosen". */
export const zStartDate = z.preprocess((v) => {
  if (v === '' || v === null) return undefined;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) {
    // A day that is not in the calendar (2025-02-30) is invalid, not rolled over to another day.
    if (!isDateKey(v.slice(0, 10))) return new Date(Number.NaN);
    return new Date(v.length === 10 ? `${v}T00:00:00.000Z` : v);
  }
  return v;
}, z.date({ error: MSG_START_DATE_INVALID }).optional());

function utcDay(date: Date): number {
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

const shopFields = {
  recurring: zBooleanish(false),
  startDate: zStartDate,
  totalQuantity: zNumberInput,
  frequencyQuantity: zNumberInput,
  frequencyPeriod: z.preprocess((v) => (v === '' || v === null ? null : v), ZFrequencyPeriod.nullish()),
  reimbursement: zNumberInput,
};

// The object schemas are made once: zod compiles an object schema's parser on its first use, so the
// factories below add only their context's rules (a transform) to these.
const ZShopFields = z.object(shopFields);
const ZShopInputFields = z.object({
  oid: zId('Order'),
  locationId: zId('Location'),
  qid: zId('Questionnaire'),
  uqid: zId('User questionnaire'),
  ...shopFields,
});

type ShopFields = z.output<typeof ZShopFields>;

function normaliseShop(v: ShopFields, context: ShopRuleContext, unit: MoneyUnit, ctx: Ctx) {
  const totalQuantity = v.recurring
    ? (v.totalQuantity ?? SHOP_DEFAULTS.totalQuantity)
    : quantity(v.totalQuantity, 'totalQuantity', ctx, SHOP_DEFAULTS.totalQuantity);
  const frequencyQuantity = v.recurring
    ? quantity(v.frequencyQuantity, 'frequencyQuantity', ctx, SHOP_DEFAULTS.frequencyQuantity)
    : (v.frequencyQuantity ?? SHOP_DEFAULTS.frequencyQuantity);
  if (v.recurring && v.frequencyPeriod === null) {
    ctx.addIssue({ code: 'custom', message: MSG_FREQUENCY_REQUIRED, path: ['frequencyPeriod'] });
  }
  const isSurvey = context.questionnaireType === 'customerSurvey';
  // Surveys carry no shopper, so no reimbursement: a stray value must not raise the price.
  const reimbursementCents = isSurvey
    ? 0
    : checkReimbursement(
        v.reimbursement,
        { required: true, minimumCents: context.minimumReimbursementCents, unit, missingMeansMinimum: true },
        ctx,
      );
  if (v.startDate && context.today && utcDay(v.startDate) < utcDay(context.today)) {
    ctx.addIssue({ code: 'custom', message: MSG_START_DATE_PAST, path: ['startDate'] });
  }
  return {
    recurring: v.recurring,
    startDate: v.startDate,
    totalQuantity,
    frequencyQuantity,
    frequencyPeriod: v.frequencyPeriod ?? SHOP_DEFAULTS.frequencyPeriod,
    reimbursementCents,
  };
}

/**
 * One row of the frequency step, as the form holds it: reimbursement in whole dollars. The
 * output carries `reimbursementCents`, ready for the API.
 */
export function createZShopForm(context: ShopRuleContext) {
  return ZShopFields.transform((v, ctx) => normaliseShop(v, context, 'dollars', ctx));
}
export type TShopFormValues = z.input<ReturnType<typeof createZShopForm>>;
export type TShopForm = z.output<ReturnType<typeof createZShopForm>>;

/** saveShop's input at the API: ids plus the shop fields, reimbursement in integer cents. */
export function createZShopInput(context: ShopRuleContext) {
  return ZShopInputFields.transform((v, ctx) => {
    const { reimbursementCents, ...shop } = normaliseShop(v, context, 'cents', ctx);
    return {
      oid: v.oid,
      locationId: v.locationId,
      qid: v.qid,
      uqid: v.uqid,
      ...shop,
      reimbursement: reimbursementCents,
    };
  });
}
export type TShopInput = z.output<ReturnType<typeof createZShopInput>>;
