import { z } from 'zod';
import { createZQuestionnaireInput, dollarsToCents, type TQuestionnaireInput } from '../../../domain';
import type { AdminQuestionnaireQuery } from '../../gql/graphql';

/** The form's values: money in dollars as typed ('' when empty); the API takes cents. */
export interface QuestionnaireFormValues {
  title: string;
  type: 'mysteryShop' | 'customerSurvey';
  industryId: string;
  brandId: string;
  sampleLink: string;
  cost: number | string;
  startupCost: number | string;
  monthsPurchased: number | string;
  minimumReimbursement: number | string;
  shopperFee: number | string;
  showReimbursement: boolean;
  published: boolean;
  isCustom: boolean;
  /** '' is no evaluation form. */
  formId: string;
}

export type SavedQuestionnaire = NonNullable<AdminQuestionnaireQuery['questionnaire']>;

const MONEY_FIELDS = ['cost', 'startupCost', 'minimumReimbursement', 'shopperFee'] as const;

/** Cents for the form, as a number of dollars (1250 -> 12.5). */
const centsToDollars = (cents: number) => cents / 100;

/** Dollars as typed to cents; empty stays empty so the shared schema's defaults and "required" apply. */
function dollarsFieldToCents(value: unknown): unknown {
  if (value === '' || value == null) return null;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? dollarsToCents(n) : value;
}

/** The form's values in the API's units (cents), before the shared schema checks them. */
export function toApiUnits(values: QuestionnaireFormValues): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const field of MONEY_FIELDS) out[field] = dollarsFieldToCents(values[field]);
  delete out.formId;
  return out;
}

/**
 * The form's schema: the shared questionnaire rule (one rule on both sides) over the values in cents,
 * knowing the brand's industries.
 */
export function questionnaireFormSchema(brandIndustryIds: readonly string[]) {
  return z
    .custom<QuestionnaireFormValues>((v) => typeof v === 'object' && v !== null)
    .transform(toApiUnits)
    .pipe(createZQuestionnaireInput({ brandIndustryIds }));
}

export function newQuestionnaireValues(brandId: string, industryId: string): QuestionnaireFormValues {
  return {
    title: '',
    type: 'mysteryShop',
    industryId,
    brandId,
    sampleLink: '',
    cost: '',
    startupCost: '',
    monthsPurchased: '',
    minimumReimbursement: '',
    shopperFee: '',
    showReimbursement: true,
    published: true,
    isCustom: false,
    formId: '',
  };
}

export function questionnaireToValues(q: SavedQuestionnaire): QuestionnaireFormValues {
  const isSurvey = q.type === 'customerSurvey';
  return {
    title: q.title,
    type: isSurvey ? 'customerSurvey' : 'mysteryShop',
    industryId: q.industryId,
    brandId: q.brandId,
    sampleLink: q.sampleLink ?? '',
    cost: centsToDollars(q.cost),
    startupCost: centsToDollars(q.startupCost),
    monthsPurchased: isSurvey ? q.monthsPurchased : '',
    minimumReimbursement: isSurvey ? '' : centsToDollars(q.minimumReimbursement),
    shopperFee: isSurvey || !q.shopperFee ? '' : centsToDollars(q.shopperFee),
    showReimbursement: q.showReimbursement,
    published: q.published,
    isCustom: q.isCustom,
    formId: q.formId ?? '',
  };
}

/** addEditQuestionnaire's input: the checked values plus the evaluation form (null when none). */
export function toQuestionnaireInput(checked: TQuestionnaireInput, formId: string) {
  return { ...checked, formId: formId || null };
}
