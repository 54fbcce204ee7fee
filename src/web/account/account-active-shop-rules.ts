import {
  addDaysUtc,
  type BillableShop,
  type FrequencyPeriod,
  formatMonthName,
  isRecurringBilled,
  parseDate,
  type QuestionnaireType,
} from '../../domain';

export interface ActiveShopLike {
  qid: string;
  questionnaireType: string;
  recurring: boolean;
  cost: number;
  reimbursement: number;
  totalQuantity: number;
  frequencyQuantity: number;
  frequencyPeriod: string;
  startDate: string;
  questionnaire?: { monthsPurchased: number } | null;
}

export const asQuestionnaireType = (type: string): QuestionnaireType =>
  type === 'customerSurvey' ? 'customerSurvey' : 'mysteryShop';

export const asFrequencyPeriod = (period: string): FrequencyPeriod | null =>
  period === 'week' || period === 'month' || period === 'quarter' ? period : null;

const toBillable = (shop: ActiveShopLike): BillableShop => ({
  ...shop,
  questionnaireType: asQuestionnaireType(shop.questionnaireType),
  frequencyPeriod: asFrequencyPeriod(shop.frequencyPeriod) ?? 'month',
  monthsPurchased: shop.questionnaire?.monthsPurchased ?? null,
});

/**
 * Recurring Orders lists the active shops that are billed every cycle (recurring mystery shops and
 * survey subscriptions), grouped by location; locations with none are left out.
 */
export function recurringShopsByLocation<S extends ActiveShopLike, L extends { shops: readonly S[] }>(
  locations: readonly L[],
): (L & { shops: S[] })[] {
  return locations
    .map((location) => ({
      ...location,
      shops: location.shops.filter((s) => isRecurringBilled(toBillable(s))),
    }))
    .filter((location) => location.shops.length > 0);
}

/** Edits to an active shop take effect the month after its paid-through date: that month's name. */
export function changesTakeEffectMonth(paidThrough: string | null | undefined): string | null {
  const date = parseDate(paidThrough);
  return date ? formatMonthName(addDaysUtc(date, 1)) : null;
}
