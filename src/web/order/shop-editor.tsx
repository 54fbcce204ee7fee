import { useMutation } from '@apollo/client';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  centsToWholeDollars,
  createZShopForm,
  type FrequencyPeriod,
  minimumStartDate,
  SHOP_DEFAULTS,
  type ShopRuleContext,
  fieldErrors as schemaFieldErrors,
  type TShopFormValues,
  toDateKey,
} from '../../domain';
import { notifyError, fieldErrors as serverFieldErrors } from '../app/apollo';
import { graphql } from '../gql';
import { useRegisterFlush } from './frequency-saves';
import type { WizardOrder } from './use-order';

export type OrderUserQuestionnaire = WizardOrder['userQuestionnaires'][number];
export type CartShop = WizardOrder['locations'][number]['shops'][number];

/** Edits autosave this long after the last change (spec 9). */
export const AUTOSAVE_DELAY_MS = 250;

const SAVE_SHOP = graphql(`
  mutation SaveShop($_id: String, $input: ShopInput!) {
    saveShop(_id: $_id, input: $input) {
      _id
      recurring
      startDate
      totalQuantity
      frequencyQuantity
      frequencyPeriod
      reimbursement
      initialDue {
        value
        displayValue
      }
    }
  }
`);

const REMOVE_CART_SHOP = graphql(`
  mutation RemoveCartShop($_id: String!, $oid: String!) {
    removeCartShop(_id: $_id, oid: $oid) {
      _id
    }
  }
`);

export type ShopFormState = {
  recurring: boolean;
  startDate: string | null;
  totalQuantity: number | '';
  frequencyQuantity: number | '';
  frequencyPeriod: FrequencyPeriod;
  /** Whole dollars. */
  reimbursement: number | '';
};

export type ShopRowTarget = { oid: string; locationId: string; uq: OrderUserQuestionnaire };

export const isSurveyQuestionnaire = (uq: OrderUserQuestionnaire) =>
  uq.questionnaire.type === 'customerSurvey';

/** The questionnaire facts the shared shop schema checks the row against. */
export function shopRuleContext(uq: OrderUserQuestionnaire, today: Date): ShopRuleContext {
  return {
    questionnaireType: isSurveyQuestionnaire(uq) ? 'customerSurvey' : 'mysteryShop',
    minimumReimbursementCents: uq.questionnaire.minimumReimbursement,
    today,
  };
}

function fromShop(shop: CartShop): ShopFormState {
  return {
    recurring: shop.recurring,
    startDate: shop.startDate.slice(0, 10),
    totalQuantity: shop.totalQuantity,
    frequencyQuantity: shop.frequencyQuantity,
    frequencyPeriod: (shop.frequencyPeriod as FrequencyPeriod) ?? SHOP_DEFAULTS.frequencyPeriod,
    reimbursement: centsToWholeDollars(shop.reimbursement),
  };
}

const toSchemaInput = (v: ShopFormState): TShopFormValues => ({
  ...v,
  totalQuantity: v.totalQuantity === '' ? null : v.totalQuantity,
  frequencyQuantity: v.frequencyQuantity === '' ? null : v.frequencyQuantity,
  reimbursement: v.reimbursement === '' ? null : v.reimbursement,
});

/** Ticking a questionnaire: saveShop with the defaults and the earliest allowed start date. */
export function useToggleShop(target: ShopRowTarget, onChanged: () => unknown) {
  const [save, { loading: saving }] = useMutation(SAVE_SHOP);
  const [remove, { loading: removing }] = useMutation(REMOVE_CART_SHOP);
  // The box shows the user's choice at once, while the shop is created or deleted.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const toggle = async (checked: boolean, shop: CartShop | null) => {
    const { uq } = target;
    setOptimistic(checked);
    try {
      if (checked) {
        await save({
          variables: {
            input: {
              oid: target.oid,
              locationId: target.locationId,
              qid: uq.qid,
              uqid: uq._id,
              recurring: false,
              totalQuantity: SHOP_DEFAULTS.totalQuantity,
              frequencyQuantity: SHOP_DEFAULTS.frequencyQuantity,
              frequencyPeriod: SHOP_DEFAULTS.frequencyPeriod,
              reimbursement: uq.questionnaire.minimumReimbursement,
              startDate: toDateKey(minimumStartDate(isSurveyQuestionnaire(uq), new Date())),
            },
          },
        });
      } else if (shop) {
        await remove({ variables: { _id: shop._id, oid: target.oid } });
      }
      await onChanged();
    } catch (err) {
      notifyError(err);
    } finally {
      setOptimistic(null);
    }
  };
  const isChecked = (shop: CartShop | null) => optimistic ?? !!shop;
  return { toggle, isChecked, busy: saving || removing };
}

/**
 * One shop row's fields: checked against the shared shop schema on every edit, saved 250 ms after the
 * last valid edit (debounced saveShop), with field errors shown under the row. Next flushes pending saves.
 */
export function useShopEditor(target: ShopRowTarget, shop: CartShop, onSaved: () => unknown) {
  const [values, setValues] = useState<ShopFormState>(() => fromShop(shop));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, { loading: saving }] = useMutation(SAVE_SHOP);
  const schema = useMemo(() => createZShopForm(shopRuleContext(target.uq, new Date())), [target.uq]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<ShopFormState | null>(null);
  const inFlight = useRef<Promise<boolean>>(Promise.resolve(true));
  const valid = useRef(true);

  const check = (next: ShopFormState) => {
    const result = schema.safeParse(toSchemaInput(next));
    const found: Record<string, string> = {};
    if (!result.success) for (const e of schemaFieldErrors(result.error)) found[e.field] ??= e.message;
    setErrors(found);
    valid.current = result.success;
    return result.success ? result.data : null;
  };

  const run = (next: ShopFormState): Promise<boolean> => {
    const parsed = check(next);
    if (!parsed) return Promise.resolve(false);
    const input = {
      oid: target.oid,
      locationId: target.locationId,
      qid: target.uq.qid,
      uqid: target.uq._id,
      recurring: parsed.recurring,
      startDate: parsed.startDate ? toDateKey(parsed.startDate) : undefined,
      totalQuantity: parsed.totalQuantity,
      frequencyQuantity: parsed.frequencyQuantity,
      frequencyPeriod: parsed.frequencyPeriod,
      reimbursement: parsed.reimbursementCents,
    };
    const previous = inFlight.current;
    // Saves of one row run one after another so that the last edit wins.
    const current = previous.then(async () => {
      try {
        await save({ variables: { _id: shop._id, input } });
        await onSaved();
        return true;
      } catch (err) {
        const fields = serverFieldErrors(err);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else notifyError(err);
        return false;
      }
    });
    inFlight.current = current;
    return current;
  };

  const flush = (): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next) return run(next);
    return valid.current ? inFlight.current : Promise.resolve(false);
  };

  const change = (patch: Partial<ShopFormState>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (!check(next)) {
      pending.current = null;
      if (timer.current) clearTimeout(timer.current);
      return;
    }
    pending.current = next;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
  };

  useRegisterFlush(flush);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { values, errors, change, saving };
}
