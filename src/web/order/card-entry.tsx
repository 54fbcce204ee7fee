import { Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { lazy, type Ref, Suspense } from 'react';
import { Link } from 'react-router';
import { ORDER_PATHS } from '../../domain';
import { TestCardForm } from './card-test-form';
import type { CardWidgetHandle, CardWidgetState } from './card-widget';

// Stripe.js is only fetched when Stripe is the provider.
const StripeCardForm = lazy(() => import('./card-stripe').then((m) => ({ default: m.StripeCardForm })));

export interface PaymentCardOnFile {
  brand: string;
  last4: string;
  expireMonth: number;
  expireYear: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** 'Visa ending in 4242, expires 12/34'. */
export function cardOnFileText(card: PaymentCardOnFile): string {
  return `${card.brand} ending in ${card.last4}, expires ${pad2(card.expireMonth)}/${String(card.expireYear).slice(-2)}`;
}

/**
 * The card part of checkout: the card on file when there is one, else the provider's card widget
 * ('test': our own form, 'stripe': Stripe Elements). Card errors show in the card-errors area.
 */
export function CardEntry({
  cardOnFile,
  provider,
  publishableKey,
  widgetRef,
  onChange,
  error,
  disabled,
}: {
  cardOnFile: PaymentCardOnFile | null;
  provider: string;
  publishableKey: string | null;
  widgetRef: Ref<CardWidgetHandle>;
  onChange: (state: CardWidgetState) => void;
  error: string | null;
  disabled?: boolean;
}) {
  if (cardOnFile) {
    return (
      <Paper withBorder p="sm" data-testid="card-on-file">
        <Group justify="space-between" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconCreditCard size={20} aria-hidden />
            <Text size="sm">
              Card on file: <strong>{cardOnFileText(cardOnFile)}</strong>
            </Text>
          </Group>
          <Anchor component={Link} to={ORDER_PATHS.accountBilling} size="sm">
            Change card
          </Anchor>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap={6}>
      {provider === 'stripe' && publishableKey ? (
        <Suspense fallback={<Loader size="sm" />}>
          <StripeCardForm
            ref={widgetRef}
            publishableKey={publishableKey}
            onChange={onChange}
            disabled={disabled}
          />
        </Suspense>
      ) : provider === 'stripe' ? (
        <Text size="sm" c="red">
          Card payments are not configured. Please contact us to place your order.
        </Text>
      ) : (
        <TestCardForm ref={widgetRef} onChange={onChange} disabled={disabled} />
      )}
      <Text size="sm" c="red" role="alert" data-testid="card-errors">
        {error}
      </Text>
    </Stack>
  );
}
