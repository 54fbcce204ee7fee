import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '../app/apollo';
import type { ShoppersForVisitQuery } from '../gql/graphql';
import { ASSIGN_VISITS, SCHEDULER_DESK, SHOPPERS_FOR_VISIT } from './desk-documents';

type Candidate = ShoppersForVisitQuery['shoppersForVisit'][number];

/** "12.3 mi · Rating 8.4 · Reliability 90% · Holds 1": what a scheduler weighs, in one line. */
function facts(c: Candidate): string {
  return [
    c.miles == null ? null : `${c.miles} mi`,
    c.rating == null ? 'No rating yet' : `Rating ${c.rating}`,
    c.reliability == null ? null : `Reliability ${c.reliability}%`,
    `Holds ${c.holding}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

function CandidateOption({ c }: { c: Candidate }) {
  return (
    <Paper withBorder radius="md" p="xs" data-testid="desk-candidate">
      <Radio
        value={c.shopperId}
        disabled={!!c.unmet}
        label={
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {c.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[c.city, c.state].filter(Boolean).join(', ')}
            </Text>
            <Text size="xs">{facts(c)}</Text>
            {c.unmet && (
              <Text size="xs" c="red.8">
                Not eligible: {c.unmet}
              </Text>
            )}
          </Stack>
        }
      />
    </Paper>
  );
}

/**
 * Assigns one or more visits to a chosen shopper: shoppers near the first visit (or found by name or
 * e-mail), with distance, rating, reliability and whether they qualify; the server checks again.
 */
export function AssignModal({
  visitIds,
  title,
  onClose,
}: {
  visitIds: string[];
  title: string;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [miles, setMiles] = useState<number | string>(50);
  const [shopperId, setShopperId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [term] = useDebouncedValue(search.trim(), 300);
  const [within] = useDebouncedValue(Number(miles) || 50, 300);
  const { data, loading, error } = useQuery(SHOPPERS_FOR_VISIT, {
    variables: { visitId: visitIds[0] ?? '', maxMiles: within, search: term || null },
    skip: visitIds.length === 0,
    fetchPolicy: 'network-only',
  });
  const [assign, assigning] = useMutation(ASSIGN_VISITS, { refetchQueries: [SCHEDULER_DESK] });
  const candidates = data?.shoppersForVisit ?? [];
  const chosen = candidates.find((c) => c.shopperId === shopperId) ?? null;

  const submit = async () => {
    try {
      await assign({ variables: { visitIds, shopperId, reason } });
      notifySuccess(
        visitIds.length === 1
          ? `Visit assigned to ${chosen?.name ?? 'the shopper'}.`
          : `${visitIds.length} visits assigned to ${chosen?.name ?? 'the shopper'}.`,
      );
      onClose();
    } catch {
      // Shown below, in the server's words.
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={false}>
      <Stack gap="sm">
        <Group grow align="flex-end" wrap="wrap">
          <TextInput
            label="Find a shopper"
            description="Name or e-mail; empty: the nearest"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <NumberInput
            label="Within (miles)"
            min={1}
            max={500}
            value={miles}
            onChange={setMiles}
            disabled={!!term}
          />
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {loading && !data ? (
          <Loader size="sm" aria-label="Finding shoppers" />
        ) : candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No shopper found. Widen the distance or search by name.
          </Text>
        ) : (
          <Radio.Group label="Shopper" value={shopperId} onChange={setShopperId}>
            <Stack gap="xs" mt="xs">
              {candidates.map((c) => (
                <CandidateOption key={c.shopperId} c={c} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <TextInput
          label="Why"
          placeholder="e.g. due in 2 days and nobody took it"
          value={reason}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            if (assigning.error) assigning.reset();
          }}
        />
        {assigning.error && (
          <Alert color="red" role="alert" data-testid="assign-error">
            {errorMessage(assigning.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen} loading={assigning.loading} onClick={() => void submit()}>
            {chosen ? `Assign to ${chosen.name}` : 'Assign'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
