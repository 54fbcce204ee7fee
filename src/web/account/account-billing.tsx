import { useMutation, useQuery } from '@apollo/client';
import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { CardEntry } from '../order/card-entry';
import { createTokenThrottle } from '../order/card-format';
import type { CardWidgetHandle, CardWidgetState } from '../order/card-widget';
import { PAYMENT_SETTINGS } from '../order/checkout-documents';
import { BILLING_INFO, SAVE_DEFAULT_CARD } from './account-documents';
import { MSG_CARD_SAVED } from './account-messages';

const pad2 = (n: number) => String(n).padStart(2, '0');

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

/**
 * Billing (at /account/info#billing): the card on file and the payment provider's card entry. Add Card
 * (or Replace Card) waits until the entry is complete, then the provider's token becomes the card on
 * file through saveDefaultCard.
 */
export function BillingSection() {
  const { hash } = useLocation();
  const billing = useQuery(BILLING_INFO);
  const settings = useQuery(PAYMENT_SETTINGS, { fetchPolicy: 'cache-first' });
  const [saveDefaultCard] = useMutation(SAVE_DEFAULT_CARD, {
    refetchQueries: ['BillingInfo'],
    awaitRefetchQueries: true,
  });
  const widget = useRef<CardWidgetHandle>(null);
  const throttle = useRef(createTokenThrottle()).current;
  const [entry, setEntry] = useState<CardWidgetState>({ complete: false, error: null });
  const [cardError, setCardError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A new key gives a fresh, empty card entry after a save (the token request is cleared).
  const [entryKey, setEntryKey] = useState(0);
  const section = useRef<HTMLDivElement>(null);

  const loaded = !!billing.data && !!settings.data;
  useEffect(() => {
    if (loaded && hash === '#billing') section.current?.scrollIntoView({ behavior: 'smooth' });
  }, [loaded, hash]);

  const card = billing.data?.currentUser?.paymentCard ?? null;
  const save = async () => {
    setSaving(true);
    setCardError(null);
    let token: string;
    try {
      const w = widget.current;
      if (!w) throw new Error('The card form is still loading. Please try again.');
      token = await throttle(() => w.createToken());
    } catch (err) {
      setCardError(errorMessage(err));
      setSaving(false);
      return;
    }
    try {
      await saveDefaultCard({ variables: { stripeToken: token } });
      notifySuccess(MSG_CARD_SAVED);
      setEntry({ complete: false, error: null });
      setEntryKey((k) => k + 1);
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="md" id="billing" ref={section} style={{ scrollMarginTop: 80 }}>
      <Stack gap="md">
        <Title order={2} size="h3">
          Billing Information
        </Title>
        {!loaded ? (
          <Loader size="sm" />
        ) : (
          <>
            {card ? (
              <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="current-card">
                <Fact label="Card" value={card.brand} />
                <Fact label="Expires" value={`${pad2(card.expireMonth)} / ${card.expireYear}`} />
                <Fact label="Last 4 Digits" value={card.last4} />
              </SimpleGrid>
            ) : (
              <Text c="dimmed" size="sm" data-testid="current-card">
                There is no card on file yet.
              </Text>
            )}
            <Stack gap="xs" maw={480}>
              <Text fw={600} size="sm">
                {card ? 'Replace your card' : 'Add a card'}
              </Text>
              <CardEntry
                key={entryKey}
                cardOnFile={null}
                provider={settings.data?.paymentSettings.provider ?? 'test'}
                publishableKey={settings.data?.paymentSettings.publishableKey ?? null}
                widgetRef={widget}
                onChange={(state) => {
                  setEntry(state);
                  setCardError(state.error);
                }}
                error={cardError}
                disabled={saving}
              />
              <Group>
                <Button onClick={save} disabled={!entry.complete || !!entry.error || saving} loading={saving}>
                  {card ? 'Replace Card' : 'Add Card'}
                </Button>
              </Group>
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
