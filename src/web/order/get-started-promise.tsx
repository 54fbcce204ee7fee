import { Alert, Stack, Text } from '@mantine/core';
import { IconDiscount2 } from '@tabler/icons-react';
import { formatMoney } from '../../domain';
import type { SurveyPromise } from './get-started-rules';

/** 'Save 25% by selecting an Annual plan', with the survey price per location and unlimited surveys. */
export function SurveyPromiseText({
  promise,
  compact = false,
}: {
  promise: SurveyPromise;
  compact?: boolean;
}) {
  const body = (
    <Stack gap={2}>
      <Text fw={700} size="sm" c={compact ? 'brand' : undefined}>
        Save {promise.discountPercent}% by selecting an Annual plan
      </Text>
      <Text size="sm">
        Unlimited customer surveys from {formatMoney(promise.monthlyPerLocation)} per location per month, or{' '}
        {formatMoney(promise.annualPerLocation)} per location per year on the Annual plan.
      </Text>
    </Stack>
  );
  if (compact) return body;
  return (
    <Alert variant="light" color="brand" icon={<IconDiscount2 aria-hidden />} data-testid="survey-promise">
      {body}
    </Alert>
  );
}
