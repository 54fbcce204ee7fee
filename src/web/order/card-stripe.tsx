import { Box, Input, useMantineTheme } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type Ref, useImperativeHandle } from 'react';
import type { CardWidgetHandle, CardWidgetState } from './card-widget';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js is loaded once per publishable key (and only on checkout, when Stripe is the provider). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripes.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripes.set(publishableKey, promise);
  }
  return promise;
}

type Props = {
  ref: Ref<CardWidgetHandle>;
  onChange: (state: CardWidgetState) => void;
  disabled?: boolean;
};

function StripeCardInput({ ref, onChange, disabled }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useMantineTheme();

  useImperativeHandle(
    ref,
    () => ({
      async createToken() {
        const card = elements?.getElement(CardElement);
        if (!stripe || !card) throw new Error('The card form is still loading. Please try again.');
        const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
        if (error || !paymentMethod) throw new Error(error?.message ?? 'Your card could not be read.');
        return paymentMethod.id;
      },
    }),
    [stripe, elements],
  );

  return (
    <Input.Wrapper label="Card Details">
      <Box
        p="sm"
        style={{
          border: `1px solid ${theme.colors.gray[4]}`,
          borderRadius: theme.radius.md,
          background: disabled ? theme.colors.gray[0] : theme.white,
        }}
      >
        <CardElement
          options={{
            disabled,
            hidePostalCode: false,
            style: { base: { fontSize: '16px', fontFamily: theme.fontFamily, color: theme.black } },
          }}
          onChange={(e) => onChange({ complete: e.complete, error: e.error?.message ?? null })}
        />
      </Box>
    </Input.Wrapper>
  );
}

/** Stripe Elements' card field with the publishable key from paymentSettings. */
export function StripeCardForm({ publishableKey, ...props }: Props & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardInput {...props} />
    </Elements>
  );
}
