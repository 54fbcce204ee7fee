import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Badge,
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
import {
  IconCalendarDue,
  IconCash,
  IconClock,
  IconCurrentLocation,
  IconHome,
  IconMapPin,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatDateUs, formatMoney } from '../../domain';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import type { ShopboardQuery, ShopboardSort } from '../gql/graphql';
import { ACCEPT_VISIT } from './evaluator-documents';
import { SHOPBOARD } from './shopboard-documents';

type Visit = ShopboardQuery['shopboard']['items'][number];
type Point = { latitude: number; longitude: number };
type Filter = { radiusMiles: number; sort: ShopboardSort; dueTo: string; minPay: string };

const PAGE = 20;
const RADII = [5, 10, 25, 50, 100, 250];
const SORTS: { value: ShopboardSort; label: string }[] = [
  { value: 'distance', label: 'Nearest first' },
  { value: 'dueDate', label: 'Due soonest' },
  { value: 'pay', label: 'Best pay' },
];
const DEFAULT_FILTER: Filter = { radiusMiles: 25, sort: 'distance', dueTo: '', minPay: '' };

const miles = (n: number) => (n < 0.1 ? 'under 0.1 mi' : `${n.toFixed(1)} mi`);

function VisitCard({
  visit,
  onAccept,
  accepting,
  refusal,
}: {
  visit: Visit;
  onAccept: () => void;
  accepting: boolean;
  refusal: string | null;
}) {
  const where = `${visit.city}, ${visit.state}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="visit-card"
      component="article"
      aria-label={visit.locationName}
    >
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
          <IconMapPin size={16} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
          <Text size="sm" data-testid="visit-area">
            <b>{miles(visit.distanceMiles)}</b>
            {visit.direction ? ` ${visit.direction}` : ''} · {where}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCalendarDue size={16} aria-hidden />
          <Text size="sm">
            {formatDateUs(visit.earliestDate)} – due <b>{formatDateUs(visit.dueDate)}</b>
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCash size={16} aria-hidden />
          <Text size="sm">
            Fee <b>{formatMoney(visit.fee)}</b> + reimbursement <b>{formatMoney(visit.reimbursement)}</b>
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text size="sm">
            About {visit.estimatedMinutes} min · {visit.questionCount}{' '}
            {visit.questionCount === 1 ? 'question' : 'questions'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          The exact address is shown once you accept.
        </Text>
        {refusal && (
          <Alert color="orange" variant="light" role="alert" p="xs">
            {refusal}
          </Alert>
        )}
        <Button onClick={onAccept} loading={accepting} fullWidth mt="auto">
          Accept
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /evaluator/visits, the shopboard: open visits near the shopper's home (or where they stand, asked only
 * when they tap), nearest first, with filters; the street address comes after accepting.
 */
export function VisitsPage() {
  usePageTitle('Open Visits');
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>(DEFAULT_FILTER);
  const [draft, setDraft] = useState<Filter>(DEFAULT_FILTER);
  const [here, setHere] = useState<Point | null>(null);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const minPayCents = filter.minPay.trim() ? Math.round(Number(filter.minPay) * 100) : null;
  const variables = {
    radiusMiles: filter.radiusMiles,
    sort: filter.sort,
    dueTo: filter.dueTo || null,
    minPay: Number.isFinite(minPayCents) ? minPayCents : null,
    latitude: here?.latitude ?? null,
    longitude: here?.longitude ?? null,
    offset: 0,
    limit: PAGE,
  };
  const { data, loading, error, refetch, fetchMore } = useQuery(SHOPBOARD, {
    variables,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [accept] = useMutation(ACCEPT_VISIT);
  const [accepting, setAccepting] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [more, setMore] = useState(false);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
  };

  /** The browser's position, asked only now; kept in this page's memory for the query, never saved. */
  const locateMe = () => {
    setLocateError(null);
    if (!('geolocation' in navigator)) {
      setLocateError('This browser cannot tell where you are.');
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false);
        setHere({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
      },
      () => {
        setLocating(false);
        setLocateError('Your location could not be read. Allow location access, or search from home.');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  };

  const acceptVisit = async (visitId: string) => {
    setAccepting(visitId);
    try {
      const res = await accept({ variables: { visitId } });
      const id = res.data?.acceptVisit._id;
      if (id) navigate(`/evaluator/evaluations/${id}`);
    } catch (err) {
      setRefusals((r) => ({ ...r, [visitId]: errorMessage(err) }));
    } finally {
      setAccepting(null);
    }
  };

  const loadMore = async () => {
    setMore(true);
    try {
      await fetchMore({
        variables: { ...variables, offset: data?.shopboard.items.length ?? 0 },
        updateQuery: (prev, { fetchMoreResult }) => ({
          ...prev,
          shopboard: {
            ...fetchMoreResult.shopboard,
            items: [...prev.shopboard.items, ...fetchMoreResult.shopboard.items],
          },
        }),
      });
    } finally {
      setMore(false);
    }
  };

  const board = data?.shopboard;
  const visits = board?.items ?? [];
  const noHome = !!error && /home address/i.test(errorMessage(error)) && !here;
  const from = here ? 'where you are' : 'your home';
  const sortLabel = SORTS.find((s) => s.value === filter.sort)?.label.toLowerCase() ?? '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={1} size="h2">
          Open Visits
        </Title>
        <Anchor component={Link} to="/evaluator/profile" size="sm">
          My profile and home address
        </Anchor>
      </Group>
      <Group gap="xs" wrap="wrap">
        {here ? (
          <Button
            variant="light"
            leftSection={<IconHome size={16} />}
            onClick={() => setHere(null)}
            aria-label="Search from my home address"
          >
            Search from home
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconCurrentLocation size={16} />}
            loading={locating}
            onClick={locateMe}
          >
            Use my current location
          </Button>
        )}
        {here && (
          <Badge variant="outline" color="teal">
            Near where you are
          </Badge>
        )}
      </Group>
      {locateError && (
        <Alert color="orange" role="alert">
          {locateError}
        </Alert>
      )}
      <form onSubmit={apply} aria-label="Filter visits">
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" verticalSpacing="xs">
          <NativeSelect
            label="Distance"
            data={RADII.map((r) => ({ value: String(r), label: `Within ${r} mi` }))}
            value={String(draft.radiusMiles)}
            onChange={(e) => setDraft({ ...draft, radiusMiles: Number(e.currentTarget.value) })}
          />
          <NativeSelect
            label="Sort by"
            data={SORTS}
            value={draft.sort}
            onChange={(e) => setDraft({ ...draft, sort: e.currentTarget.value as ShopboardSort })}
          />
          <TextInput
            label="Due by"
            type="date"
            value={draft.dueTo}
            onChange={(e) => setDraft({ ...draft, dueTo: e.currentTarget.value })}
          />
          <TextInput
            label="Minimum pay ($)"
            inputMode="decimal"
            placeholder="Any"
            value={draft.minPay}
            onChange={(e) => setDraft({ ...draft, minPay: e.currentTarget.value.replace(/[^\d.]/g, '') })}
          />
          <Button type="submit" variant="filled" style={{ alignSelf: 'flex-end' }}>
            Apply
          </Button>
        </SimpleGrid>
      </form>
      {noHome ? (
        <Alert color="blue" variant="light" role="status">
          <Stack gap="xs">
            <Text size="sm">{errorMessage(error)}</Text>
            <Group gap="xs">
              <Button component={Link} to="/evaluator/profile" size="xs" variant="white">
                Add my home address
              </Button>
              <Button size="xs" variant="white" onClick={locateMe} loading={locating}>
                Use my current location
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : error ? (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : null}
      {loading && !board ? (
        <PageLoader />
      ) : !board ? null : visits.length === 0 ? (
        <Alert color="gray" variant="light" role="status">
          There are no open visits for you within {board.radiusMiles} miles of {from} right now. Try a wider
          distance, or check back soon.
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {visits.length}
            {board.hasMore ? '+' : ''} open {visits.length === 1 ? 'visit' : 'visits'} within{' '}
            {board.radiusMiles} miles of {from}, {sortLabel}.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {visits.map((v) => (
              <VisitCard
                key={v._id}
                visit={v}
                accepting={accepting === v._id}
                refusal={refusals[v._id] ?? null}
                onAccept={() => void acceptVisit(v._id)}
              />
            ))}
          </SimpleGrid>
          {board.hasMore && (
            <Button variant="default" onClick={() => void loadMore()} loading={more}>
              Show more visits
            </Button>
          )}
          <Button variant="subtle" size="xs" onClick={() => void refetch()} style={{ alignSelf: 'center' }}>
            Refresh
          </Button>
        </>
      )}
    </Stack>
  );
}
