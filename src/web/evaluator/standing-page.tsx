import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatCalendarDate, formatDateUs } from '../../domain';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import type { MyStandingQuery } from '../gql/graphql';
import { MY_STANDING, REQUEST_EXTENSION, SAVE_OFFER_SETTINGS } from './standing-documents';

type Hold = MyStandingQuery['myStanding']['holds'][number];

const OUTCOME_LABEL: Record<string, string> = {
  'on-time': 'Submitted on time',
  late: 'Submitted late',
  rejected: 'Sent back for corrections',
  abandoned: 'Given back',
  expired: 'Released: deadline passed',
};

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={`standing-${label.toLowerCase()}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

function HoldCard({ hold }: { hold: Hold }) {
  const [days, setDays] = useState<number | string>(3);
  const [reason, setReason] = useState('');
  const [ask, { loading, error, data }] = useMutation(REQUEST_EXTENSION, { refetchQueries: [MY_STANDING] });
  const state = hold.extensionState;
  return (
    <Card withBorder radius="md" padding="md" data-testid="hold-row">
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700}>{hold.programName}</Text>
          {state && (
            <Badge
              color={state === 'granted' ? 'green' : state === 'refused' ? 'red' : 'yellow'}
              variant="light"
            >
              Extension {state}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {hold.city} {hold.state} · Submit by {formatCalendarDate(hold.submitBy)}
        </Text>
        {!state && !data && (
          <Stack gap="xs">
            <Group grow align="flex-end" wrap="wrap">
              <NumberInput label="More days" min={1} max={14} value={days} onChange={setDays} />
              <TextInput label="Why" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
            </Group>
            {error && (
              <Alert color="red" role="alert">
                {errorMessage(error)}
              </Alert>
            )}
            <Button
              variant="light"
              loading={loading}
              onClick={() =>
                ask({ variables: { evaluationId: hold.evaluationId, days: Number(days), reason } })
              }
            >
              Ask for more time (once)
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function OfferSettingsCard({ receiveOffers, radiusMiles }: { receiveOffers: boolean; radiusMiles: number }) {
  const [on, setOn] = useState(receiveOffers);
  const [miles, setMiles] = useState<number | string>(radiusMiles);
  const [save, { loading, error, data }] = useMutation(SAVE_OFFER_SETTINGS);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Offers by e-mail
        </Title>
        <Text size="sm" c="dimmed">
          At most one e-mail a day, listing visits that opened near your home.
        </Text>
        <Switch
          label="E-mail me new visits near me"
          checked={on}
          onChange={(e) => setOn(e.currentTarget.checked)}
        />
        <NumberInput label="Within (miles)" min={1} max={100} value={miles} onChange={setMiles} />
        {error && (
          <Alert color="red" role="alert">
            {errorMessage(error)}
          </Alert>
        )}
        {data && !error && <Text size="sm">Saved.</Text>}
        <Button
          loading={loading}
          onClick={() => save({ variables: { receiveOffers: on, radiusMiles: Number(miles) } })}
        >
          Save offers settings
        </Button>
      </Stack>
    </Card>
  );
}

/** /evaluator/standing: the shopper's rating and reliability, explained; visits held; offers settings. */
export function StandingPage() {
  usePageTitle('My Standing');
  const { data, loading, error } = useQuery(MY_STANDING, { fetchPolicy: 'cache-and-network' });
  const s = data?.myStanding;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Standing
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !s ? (
        <PageLoader />
      ) : s && data ? (
        <>
          <SimpleGrid cols={2} spacing="sm">
            <Figure
              label="Rating"
              value={s.rating == null ? 'Not yet' : `${s.rating} / 10`}
              hint={s.grades === 1 ? '1 graded visit' : `${s.grades} graded visits`}
            />
            <Figure
              label="Reliability"
              value={s.reliability == null ? 'Not yet' : `${s.reliability}%`}
              hint={s.outcomes === 1 ? '1 finished visit' : `${s.outcomes} finished visits`}
            />
          </SimpleGrid>
          <Text size="sm">{s.explanation}</Text>
          {s.outcomeCounts.length > 0 && (
            <Stack gap={2} component="section" aria-label="How your visits ended">
              {s.outcomeCounts.map((o) => (
                <Text key={o.outcome} size="sm">
                  {OUTCOME_LABEL[o.outcome] ?? o.outcome}: {o.count}
                </Text>
              ))}
            </Stack>
          )}
          <Title order={2} size="h4">
            Visits you hold
          </Title>
          {s.holds.length === 0 ? (
            <Alert color="gray" variant="light">
              You hold no visits now.
            </Alert>
          ) : (
            s.holds.map((h) => <HoldCard key={h.evaluationId} hold={h} />)
          )}
          {s.recentGrades.length > 0 && (
            <Stack gap="xs" component="section" aria-label="Recent grades">
              <Title order={2} size="h4">
                Recent grades
              </Title>
              {s.recentGrades.map((g) => (
                <Text key={`${g.gradedAt}${g.programName}`} size="sm">
                  {g.grade}/10 · {g.programName} · {formatDateUs(g.gradedAt)}: {g.reason}
                </Text>
              ))}
            </Stack>
          )}
          <OfferSettingsCard {...data.myOfferSettings} />
        </>
      ) : null}
    </Stack>
  );
}
