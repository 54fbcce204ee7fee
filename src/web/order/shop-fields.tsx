import { Input, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { ReactNode } from 'react';
import {
  centsToWholeDollars,
  FREQUENCY_PERIODS,
  type FrequencyPeriod,
  feeSuffix,
  formatMoney,
  minimumStartDate,
  perPeriod,
  toDateKey,
} from '../../domain';
import { isSurveyQuestionnaire, type OrderUserQuestionnaire, type useShopEditor } from './shop-editor';

type Editor = ReturnType<typeof useShopEditor>;

const PERIOD_OPTIONS = FREQUENCY_PERIODS.map((p) => ({ value: p, label: perPeriod(p) }));

/** '$95.00/shop', '$49.00/month' or '$441.00/year'. */
export function questionnaireFee(uq: OrderUserQuestionnaire): string {
  const type = isSurveyQuestionnaire(uq) ? 'customerSurvey' : 'mysteryShop';
  return `${formatMoney(uq.questionnaire.cost)}${feeSuffix({ questionnaireType: type, monthsPurchased: uq.questionnaire.monthsPurchased })}`;
}

/** Which fields a questionnaire's row has: surveys only pick a start date. */
export function shopRowFields(uq: OrderUserQuestionnaire) {
  const survey = isSurveyQuestionnaire(uq);
  return { schedule: !survey, reimbursement: !survey && uq.questionnaire.showReimbursement };
}

/**
 * The controls of one shop row, laid out by the caller (cards or the automotive table). With
 * `labels` false the controls carry only accessible names (the table's headers are the labels).
 */
export function shopFieldControls(options: {
  editor: Editor;
  uq: OrderUserQuestionnaire;
  rowName: string;
  labels: boolean;
}): Record<'recurring' | 'startDate' | 'quantity' | 'period' | 'reimbursement', ReactNode> {
  const { editor, uq, rowName, labels } = options;
  const { values, errors, change } = editor;
  const survey = isSurveyQuestionnaire(uq);
  const minDate = toDateKey(minimumStartDate(survey, new Date()));
  const name = (label: string) => (labels ? { label } : { 'aria-label': `${label}, ${rowName}` });
  const recurringControl = (
    <SegmentedControl
      size={labels ? 'sm' : 'xs'}
      color="brand"
      value={values.recurring ? 'recurring' : 'one-time'}
      onChange={(v) => change({ recurring: v === 'recurring' })}
      data={[
        { value: 'one-time', label: 'One-Time' },
        { value: 'recurring', label: 'Recurring' },
      ]}
      aria-label={`One-Time or Recurring, ${rowName}`}
    />
  );
  return {
    recurring: labels ? (
      <Input.Wrapper label="One-Time or Recurring">
        <div>{recurringControl}</div>
      </Input.Wrapper>
    ) : (
      recurringControl
    ),
    startDate: (
      <DateInput
        {...name('Desired Start Date')}
        value={values.startDate}
        onChange={(v) => change({ startDate: v })}
        minDate={minDate}
        valueFormat="MM/DD/YYYY"
        placeholder="MM/DD/YYYY"
        error={!!errors.startDate}
        popoverProps={{ withinPortal: true }}
        miw={130}
      />
    ),
    quantity: values.recurring ? (
      <NumberInput
        {...name('Number of Shops')}
        value={values.frequencyQuantity}
        onChange={(v) => change({ frequencyQuantity: v === '' ? '' : Number(v) })}
        min={1}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        error={!!errors.frequencyQuantity}
        miw={90}
      />
    ) : (
      <NumberInput
        {...name('Number of Shops')}
        value={values.totalQuantity}
        onChange={(v) => change({ totalQuantity: v === '' ? '' : Number(v) })}
        min={1}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        error={!!errors.totalQuantity}
        miw={90}
      />
    ),
    period: values.recurring ? (
      <Select
        {...name('Frequency')}
        data={PERIOD_OPTIONS}
        value={values.frequencyPeriod}
        onChange={(v) => v && change({ frequencyPeriod: v as FrequencyPeriod })}
        allowDeselect={false}
        error={!!errors.frequencyPeriod}
        miw={120}
      />
    ) : null,
    reimbursement: (
      <NumberInput
        {...name('Shopper Reimbursement per Shop')}
        value={values.reimbursement}
        onChange={(v) => change({ reimbursement: v === '' ? '' : Number(v) })}
        prefix="$"
        suffix=".00"
        min={centsToWholeDollars(uq.questionnaire.minimumReimbursement)}
        placeholder="0"
        step={1}
        allowDecimal={false}
        allowNegative={false}
        error={!!errors.reimbursement}
        miw={110}
      />
    ),
  };
}

/** Form errors under a shop row (spec 8). */
export function ShopRowErrors({ errors }: { errors: Record<string, string> }) {
  const messages = [...new Set(Object.values(errors))];
  if (messages.length === 0) return null;
  return (
    <Stack gap={2} role="alert">
      {messages.map((m) => (
        <Text key={m} size="sm" c="red">
          {m}
        </Text>
      ))}
    </Stack>
  );
}
