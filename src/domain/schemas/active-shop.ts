import { z } from 'zod';
import { ZFrequencyPeriod, zNumberInput } from './common';
import type { MoneyUnit } from './money-input';
import { checkReimbursement, MAX_SHOP_QUANTITY, MSG_FREQUENCY_REQUIRED, SHOP_DEFAULTS } from './shop';

/** The active shop being edited on Recurring Orders. */
export interface ActiveShopRuleContext {
  recurring: boolean;
  /** The questionnaire's minimumReimbursement, in cents. */
  minimumReimbursementCents: number;
}

const activeShopFields = {
  frequencyPeriod: z.preprocess((v) => (v === '' || v === null ? null : v), ZFrequencyPeriod.nullish()),
  frequencyQuantity: zNumberInput,
  reimbursement: zNumberInput,
};

/** Made once: zod compiles an object schema's parser on its first use. */
const ZActiveShopFields = z.object(activeShopFields);

/**
 * saveShop on an active shop (account-and-reporting 5): frequencyPeriod required when recurring,
 * frequencyQuantity at least 1, reimbursement required with the questionnaire's minimum when that
 * is above 0, otherwise a missing reimbursement means 0.
 */
function createZActiveShop(context: ActiveShopRuleContext, unit: MoneyUnit) {
  return ZActiveShopFields.transform((v, ctx) => {
    if (context.recurring && v.frequencyPeriod === null) {
      ctx.addIssue({ code: 'custom', message: MSG_FREQUENCY_REQUIRED, path: ['frequencyPeriod'] });
    }
    const q = v.frequencyQuantity;
    const quantityProblem =
      q === null && context.recurring
        ? 'Number of Shops is required.'
        : q == null
          ? null
          : !Number.isInteger(q)
            ? 'Number of Shops must be a whole number.'
            : q < 1
              ? 'Number of Shops must be at least 1.'
              : q > MAX_SHOP_QUANTITY
                ? `Number of Shops cannot exceed ${MAX_SHOP_QUANTITY}.`
                : null;
    if (quantityProblem)
      ctx.addIssue({ code: 'custom', message: quantityProblem, path: ['frequencyQuantity'] });
    const minimumCents = Math.max(0, context.minimumReimbursementCents);
    const reimbursementCents = checkReimbursement(
      v.reimbursement,
      { required: minimumCents > 0, minimumCents, unit, missingMeansMinimum: false },
      ctx,
    );
    return {
      frequencyPeriod: v.frequencyPeriod ?? SHOP_DEFAULTS.frequencyPeriod,
      frequencyQuantity: q ?? SHOP_DEFAULTS.frequencyQuantity,
      reimbursementCents,
    };
  });
}

/** The Recurring Orders row form: reimbursement in whole dollars; output in cents. */
export const createZActiveShopForm = (context: ActiveShopRuleContext) =>
  createZActiveShop(context, 'dollars');
export type TActiveShopFormValues = z.input<ReturnType<typeof createZActiveShopForm>>;

/** saveShop(_id, input) for an active shop at the API: reimbursement in integer cents. */
export function createZActiveShopInput(context: ActiveShopRuleContext) {
  return createZActiveShop(context, 'cents').transform(({ reimbursementCents, ...rest }) => ({
    ...rest,
    reimbursement: reimbursementCents,
  }));
}
export type TActiveShopInput = z.output<ReturnType<typeof createZActiveShopInput>>;
