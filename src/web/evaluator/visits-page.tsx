import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarDue, IconCash, IconMapPin, IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { formatDateUs, formatMoney } from '../../domain';
import { errorMessage, notifyError } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import type { OpenVisitsQuery } from '../gql/graphql';
import { ACCEPT_VISIT, OPEN_VISITS } from './evaluator-documents';
import { STATE_OPTIONS } from './us-states';

type Visit = OpenVisitsQuery['openVisits'][number];
type Filter = { state: string; city: string };

function VisitCard({
  visit,
  onAccept,
  accepting,
}: {
  visit: Visit;
  onAccept: () => void;
  accepting: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="visit-card">
      <Stack gap="xs" h="100%">
        <div>
          <Text fw={700} size="lg" lh={1.25}>
            {visit.questionnaireTitle}
          </Text>
          <Text fw={600} c="dimmed">
            {visit.locationName}
          </Text>
        </div>
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3 }} />
          <Text size="sm">{visit.address}</Text>
        </Group>
        <Group gap="lg">
          <Group gap={6} wrap="nowrap">
            <IconCalendarDue size={16} />
            <Text size="sm">
              Due <b>{formatDateUs(visit.dueDate)}</b>
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap">
            <IconCash size={16} />
            <Text size="sm">
              Reimbursement <b>{formatMoney(visit.reimbursement)}</b>
            </Text>
          </Group>
        </Group>
        <Button onClick={onAccept} loading={accepting} fullWidth mt="auto">
          Accept
        </Button>
      </Stack>
    </Card>
  );
}

/** /evaluator/visits: open visits near the shopper (their state unless they pick another), to accept. */
export function VisitsPage() {
  usePageTitle('Open Visits');
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>({ state: '', city: '' });
  const [draft, setDraft] = useState<Filter>(filter);
  const { data, loading, error, refetch } = useQuery(OPEN_VISITS, {
    variables: { state: filter.state || null, city: filter.city.trim() || null },
    fetchPolicy: 'cache-and-network',
  });
  const [accept] = useMutation(ACCEPT_VISIT);
  const [accepting, setAccepting] = useState<string | null>(null);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
  };
  const acceptVisit = async (visitId: string) => {
    setAccepting(visitId);
    try {
      const res = await accept({ variables: { visitId } });
      const id = res.data?.acceptVisit._id;
      if (id) navigate(`/evaluator/evaluations/${id}`);
    } catch (err) {
      notifyError(err);
      void refetch();
    } finally {
      setAccepting(null);
    }
  };

  const visits = data?.openVisits ?? [];
  const where = filter.city.trim()
    ? `${filter.city.trim()}${filter.state ? `, ${filter.state}` : ''}`
    : filter.state || 'your state';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Open Visits
      </Title>
      <form onSubmit={search} aria-label="Filter visits">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="State"
            data={[{ value: '', label: 'My state' }, ...STATE_OPTIONS]}
            value={draft.state}
            onChange={(e) => setDraft({ ...draft, state: e.currentTarget.value })}
            style={{ flex: '1 1 140px' }}
          />
          <TextInput
            label="City"
            placeholder="Any city"
            value={draft.city}
            onChange={(e) => setDraft({ ...draft, city: e.currentTarget.value })}
            style={{ flex: '1 1 140px' }}
          />
          <Button type="submit" variant="light" leftSection={<IconSearch size={16} />}>
            Search
          </Button>
        </Group>
      </form>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !data ? (
        <PageLoader />
      ) : visits.length === 0 ? (
        <Alert color="gray" variant="light">
          There are no open visits in {where} right now. Try another city or state, or check back soon.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {visits.length} open {visits.length === 1 ? 'visit' : 'visits'} in {where}, soonest due first.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {visits.map((v) => (
              <VisitCard
                key={v._id}
                visit={v}
                accepting={accepting === v._id}
                onAccept={() => void acceptVisit(v._id)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
