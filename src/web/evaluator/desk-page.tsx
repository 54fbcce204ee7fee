import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { formatCalendarDate, formatDateTimeUs } from '../../domain';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import type { SchedulerDeskQuery } from '../gql/graphql';
import { AssignModal } from './desk-assign-modal';
import { DECIDE_EXTENSION, SCHEDULER_DESK, VISIT_HISTORY } from './desk-documents';

type AtRisk = SchedulerDeskQuery['visitsAtRisk'][number];
type Show = 'all' | 'open' | 'held' | 'late';

const today = () => new Date().toISOString().slice(0, 10);

function HistoryModal({ visit, onClose }: { visit: AtRisk; onClose: () => void }) {
  const { data, loading, error } = useQuery(VISIT_HISTORY, {
    variables: { visitId: visit.visitId },
    fetchPolicy: 'network-only',
  });
  const lines = data?.visitHistory ?? [];
  return (
    <Modal opened onClose={onClose} title={`History: ${visit.locationName}`}>
      {error ? (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      ) : loading || !data ? (
        <PageLoader />
      ) : lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody has held this visit yet.
        </Text>
      ) : (
        <Timeline active={lines.length - 1} bulletSize={12} lineWidth={2}>
          {lines.map((l) => (
            <Timeline.Item key={l._id} title={l.label}>
              <Text size="xs" c="dimmed">
                {formatDateTimeUs(l.at)} · by {l.actorName ?? 'the system'}
                {l.shopperName ? ` · shopper ${l.shopperName}` : ''}
              </Text>
              {l.reason && <Text size="sm">{l.reason}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Modal>
  );
}

function ExtensionButtons({ visit }: { visit: AtRisk }) {
  const [decide, { loading }] = useMutation(DECIDE_EXTENSION, { refetchQueries: [SCHEDULER_DESK] });
  const answer = async (grant: boolean) => {
    try {
      await decide({ variables: { visitId: visit.visitId, grant } });
      notifySuccess(grant ? 'Extension granted.' : 'Extension refused.');
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <>
      <Button size="xs" color="green" variant="light" loading={loading} onClick={() => void answer(true)}>
        Grant extension
      </Button>
      <Button size="xs" color="red" variant="light" loading={loading} onClick={() => void answer(false)}>
        Refuse extension
      </Button>
    </>
  );
}

function AtRiskCard(props: {
  visit: AtRisk;
  late: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onAssign: () => void;
  onHistory: () => void;
}) {
  const { visit: v, late } = props;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="desk-visit">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Checkbox
            checked={props.selected}
            onChange={(e) => props.onSelect(e.currentTarget.checked)}
            aria-label={`Select ${v.locationName}, due ${formatCalendarDate(v.dueDate)}`}
            label={
              <Stack gap={0}>
                <Text fw={700} size="sm">
                  {v.locationName}
                </Text>
                <Text size="xs" c="dimmed">
                  {v.programName} · {v.city}, {v.state}
                </Text>
              </Stack>
            }
          />
          <Badge color={late ? 'red' : v.held ? 'yellow' : 'blue'} variant="light" style={{ flexShrink: 0 }}>
            {late ? 'Late' : v.held ? 'Held' : 'Open'}
          </Badge>
        </Group>
        <Text size="sm">
          Due {formatCalendarDate(v.dueDate)}
          {v.shopperName ? ` · ${v.shopperName}` : ''}
        </Text>
        <Text size="sm" c={late ? 'red.8' : undefined} data-testid="desk-why">
          {v.why}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={props.onAssign}>
            Assign
          </Button>
          <Button size="xs" variant="default" onClick={props.onHistory}>
            History
          </Button>
          {v.extensionState === 'requested' && <ExtensionButtons visit={v} />}
        </Group>
      </Stack>
    </Card>
  );
}

function CountsTable({ rows }: { rows: SchedulerDeskQuery['schedulerDesk'] }) {
  if (rows.length === 0) return <Text c="dimmed">No program has visits in this selection.</Text>;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped data-testid="desk-counts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Program</Table.Th>
            <Table.Th>Region</Table.Th>
            <Table.Th>Open</Table.Th>
            <Table.Th>Accepted</Table.Th>
            <Table.Th>With QA</Table.Th>
            <Table.Th>Complete</Table.Th>
            <Table.Th>Late</Table.Th>
            <Table.Th>Fill rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.programId}-${r.region}`}>
              <Table.Td>{r.programName}</Table.Td>
              <Table.Td>{r.region}</Table.Td>
              <Table.Td>{r.open}</Table.Td>
              <Table.Td>{r.accepted}</Table.Td>
              <Table.Td>{r.submitted}</Table.Td>
              <Table.Td>{r.complete}</Table.Td>
              <Table.Td c={r.late ? 'red.8' : undefined}>{r.late}</Table.Td>
              <Table.Td>{r.fillRate == null ? '–' : `${r.fillRate}%`}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const uniq = (values: string[]) => [...new Set(values)].sort((a, b) => a.localeCompare(b));

/**
 * /evaluator/desk (schedulers and admins; the server refuses anyone else): the visits at risk, soonest
 * due first, each to assign to a chosen shopper, its extension to decide and its history; how each
 * program fills per region (issue 47).
 */
export function DeskPage() {
  usePageTitle("Scheduler's Desk");
  const { data, loading, error } = useQuery(SCHEDULER_DESK, { fetchPolicy: 'cache-and-network' });
  const [program, setProgram] = useState<string | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const [show, setShow] = useState<Show>('all');
  const [selected, setSelected] = useState<string[]>([]);
  const [assigning, setAssigning] = useState<AtRisk[] | null>(null);
  const [history, setHistory] = useState<AtRisk | null>(null);
  const day = today();

  const counts = data?.schedulerDesk ?? [];
  const atRisk = data?.visitsAtRisk ?? [];
  const programs = useMemo(() => uniq(counts.map((r) => r.programName)), [counts]);
  const regions = useMemo(() => uniq(counts.map((r) => r.region)), [counts]);
  const isLate = (v: AtRisk) => v.dueDate < day;
  const visible = atRisk.filter(
    (v) =>
      (!program || v.programName === program) &&
      (!region || v.state.toUpperCase() === region) &&
      (show === 'all' || (show === 'late' ? isLate(v) : show === 'held' ? v.held : !v.held && !isLate(v))),
  );
  const shownCounts = counts.filter(
    (r) => (!program || r.programName === program) && (!region || r.region === region),
  );
  const chosen = atRisk.filter((v) => selected.includes(v.visitId));

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Scheduler's Desk
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !data ? (
        <PageLoader />
      ) : data ? (
        <>
          <Group grow wrap="wrap" align="flex-end">
            <Select
              label="Program"
              placeholder="All programs"
              data={programs}
              value={program}
              onChange={setProgram}
              clearable
            />
            <Select
              label="Region"
              placeholder="All regions"
              data={regions}
              value={region}
              onChange={setRegion}
              clearable
            />
          </Group>
          <SegmentedControl
            aria-label="Show"
            value={show}
            onChange={(v) => setShow(v as Show)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'open', label: 'Open' },
              { value: 'held', label: 'Held' },
              { value: 'late', label: 'Late' },
            ]}
            fullWidth
          />
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              Visits at risk ({visible.length})
            </Title>
            {chosen.length > 0 && (
              <Button size="xs" variant="light" onClick={() => setAssigning(chosen)}>
                Assign {chosen.length} selected
              </Button>
            )}
          </Group>
          {visible.length === 0 ? (
            <Alert color="green" variant="light">
              No visit is at risk in this selection.
            </Alert>
          ) : (
            visible.map((v) => (
              <AtRiskCard
                key={v.visitId}
                visit={v}
                late={isLate(v)}
                selected={selected.includes(v.visitId)}
                onSelect={(on) =>
                  setSelected((s) => (on ? [...s, v.visitId] : s.filter((id) => id !== v.visitId)))
                }
                onAssign={() => setAssigning([v])}
                onHistory={() => setHistory(v)}
              />
            ))
          )}
          <Title order={2} size="h4">
            Programs by region
          </Title>
          <Text size="sm" c="dimmed">
            Fill rate: of the visits due in the next 14 days (or late), the share a shopper holds or has done.
          </Text>
          <CountsTable rows={shownCounts} />
        </>
      ) : null}
      {assigning && (
        <AssignModal
          visitIds={assigning.map((v) => v.visitId)}
          title={
            assigning.length === 1
              ? `Assign ${assigning[0]!.locationName}, due ${formatCalendarDate(assigning[0]!.dueDate)}`
              : `Assign ${assigning.length} visits`
          }
          onClose={() => {
            setAssigning(null);
            setSelected([]);
          }}
        />
      )}
      {history && <HistoryModal visit={history} onClose={() => setHistory(null)} />}
    </Stack>
  );
}
