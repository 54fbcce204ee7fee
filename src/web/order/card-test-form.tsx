import { useMutation } from '@apollo/client';
import { Group, TextInput } from '@mantine/core';
import { type Ref, useImperativeHandle, useState } from 'react';
import { errorMessage } from '../app/apollo';
import {
  type CardFields,
  cardComplete,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseExpiry,
} from './card-format';
import type { CardWidgetHandle, CardWidgetState } from './card-widget';
import { TOKENIZE_TEST_CARD } from './checkout-documents';

/**
 * The built-in test processor's card form: number with spacing, MM/YY expiry and CVC. The card goes to
 * tokenizeTestCard, which answers with a token the way Stripe Elements would.
 */
export function TestCardForm({
  ref,
  onChange,
  disabled,
}: {
  ref: Ref<CardWidgetHandle>;
  onChange: (state: CardWidgetState) => void;
  disabled?: boolean;
}) {
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [tokenize] = useMutation(TOKENIZE_TEST_CARD);

  const update = (change: Partial<CardFields>) => {
    const next = { ...card, ...change };
    setCard(next);
    onChange({ complete: cardComplete(next), error: null });
  };

  useImperativeHandle(
    ref,
    () => ({
      async createToken() {
        const expiry = parseExpiry(card.expiry);
        try {
          const { data } = await tokenize({
            variables: {
              input: {
                number: card.number.replace(/\s/g, ''),
                expireMonth: expiry?.month ?? 0,
                expireYear: expiry?.year ?? 0,
                cvc: card.cvc,
              },
            },
          });
          if (!data) throw new Error('The card could not be read. Please enter it again.');
          return data.tokenizeTestCard.token;
        } catch (err) {
          throw new Error(errorMessage(err));
        }
      },
    }),
    [card, tokenize],
  );

  return (
    <div>
      <TextInput
        label="Card Number"
        placeholder="1234 1234 1234 1234"
        inputMode="numeric"
        autoComplete="cc-number"
        value={card.number}
        disabled={disabled}
        onChange={(e) => update({ number: formatCardNumber(e.currentTarget.value) })}
      />
      <Group grow mt="sm" gap="sm" align="flex-start">
        <TextInput
          label="Expiration (MM/YY)"
          placeholder="MM/YY"
          inputMode="numeric"
          autoComplete="cc-exp"
          value={card.expiry}
          disabled={disabled}
          onChange={(e) => update({ expiry: formatExpiry(e.currentTarget.value) })}
        />
        <TextInput
          label="CVC"
          placeholder="123"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={card.cvc}
          disabled={disabled}
          onChange={(e) => update({ cvc: formatCvc(e.currentTarget.value) })}
        />
      </Group>
    </div>
  );
}
