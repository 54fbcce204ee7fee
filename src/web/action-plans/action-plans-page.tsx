import '../app/full-styles';
import { useApolloClient, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
  useMatches,
  VisuallyHidden,
} from '@mantine/core';
import { IconAdjustments, IconChecklist, IconDownload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  ACTION_PLAN_STATE_LABELS,
  type ActionPlanDisplayState,
  ALL_LOCATIONS,
  ALL_PROGRAMS,
  formatCalendarDate,
  formatDateUs,
} from '../../domain';
import { errorMessage, notifyError } from '../app/apollo';
import { saveFile } from '../app/save-file';
import { useCurrentUser } from '../app/session';
import { OnDemandSelect } from '../components/on-demand-select';
import { Page } from '../components/page';
import { usePrograms } from '../reports/programs-table';
import { OWN_REPORTS } from '../reports/report-scope';
import { ACTION_PLAN_CHOICES, ACTION_PLAN_COUNTS, ACTION_PLANS } from './action-plan-documents';
import classes from './action-plans.module.css';
import { StateBadge } from './plan-badges';
import {
  MSG_NO_MATCHING_PLANS,
  MSG_NO_PLANS,
  type PlanRow,
  planPercent,
  plansCsv,
  plansCsvFileName,
  STATE_CARDS,
  STATE_COLOR,
} from './plan-rules';
import { PlanTriggersModal } from './plan-triggers';

/** Plans asked for at a time; Show More asks for this many more. */
const PAGE = 100;
/** Rows per request of the CSV: the most the API lists at once. */
const CSV_PAGE = 500;
const ALL = 'all';
const ALL_REGIONS = 'All Regions';

export type Counts = Record<ActionPlanDisplayState, number> & { total: number };

/** A count per state; each card filters the list by its state (again: all states). */
function CountCards({
  counts,
  state,
  onState,
}: {
  counts: Counts | undefined;
  state: ActionPlanDisplayState | null;
  onState: (s: ActionPlanDisplayState | null) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing="sm" data-testid="plan-counts">
      {STATE_CARDS.map((s) => (
        <UnstyledButton
          key={s}
          className={classes.card}
          aria-pressed={state === s}
          data-active={state === s || undefined}
          onClick={() => onState(state === s ? null : s)}
          data-testid={`plan-count-${s}`}
        >
          <Text size="sm" fw={600}>
            <VisuallyHidden component="span">Show </VisuallyHidden>
            {ACTION_PLAN_STATE_LABELS[s]}
          </Text>
          {counts ? (
            <Text fz={28} fw={700} lh={1.2} c={counts[s] > 0 ? STATE_COLOR[s] : 'dimmed'}>
              {counts[s]}
            </Text>
          ) : (
            <Skeleton h={34} w={40} mt={2} />
          )}
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The plans, each linked by its location. On a phone two columns: the location with its program, shop
 * date and scores under it, and the state with the due date under it; from `sm` up, a column each.
 */
function PlansTable({ plans }: { plans: (PlanRow & { _id: string; displayState: string })[] }) {
  const minWidth = useMatches({ base: 0, sm: 720 });
  const wide = 'sm';
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        horizontalSpacing="xs"
        fz="sm"
        data-testid="plans-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Location</Table.Th>
            <Table.Th visibleFrom={wide}>Program</Table.Th>
            <Table.Th visibleFrom={wide} style={nowrap}>
              Shop Date
            </Table.Th>
            <Table.Th visibleFrom={wide}>Score</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th visibleFrom={wide} style={nowrap}>
              Due Date
            </Table.Th>
            <Table.Th visibleFrom={wide} style={nowrap}>
              Next Visit
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((p) => (
            <Table.Tr key={p._id} data-testid="plan-row">
              <Table.Td>
                <Anchor component={Link} to={`/account/action-plans/${p._id}`} fw={600} size="sm">
                  {p.locationName || 'Location removed'}
                </Anchor>
                {p.regionName && (
                  <Text size="xs" c="dimmed">
                    {p.regionName}
                  </Text>
                )}
                <Stack gap={0} hiddenFrom={wide}>
                  <Text size="xs" c="dimmed">
                    {p.programName} · {formatCalendarDate(p.shopDate)}
                  </Text>
                  <Text size="xs">
                    Score <b>{planPercent(p.percentage)}</b>
                    {p.followUpPercentage != null && (
                      <>
                        {' '}
                        · Next visit <b>{planPercent(p.followUpPercentage)}</b>
                      </>
                    )}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom={wide}>
                {p.programName}
                <Text size="xs" c="dimmed">
                  {p.questionCount} {p.questionCount === 1 ? 'question' : 'questions'}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom={wide} style={nowrap}>
                {formatCalendarDate(p.shopDate)}
              </Table.Td>
              <Table.Td visibleFrom={wide} fw={600}>
                {planPercent(p.percentage)}
              </Table.Td>
              <Table.Td style={nowrap}>
                <StateBadge state={p.displayState} label={p.stateLabel} />
                <Text size="xs" c={p.displayState === 'overdue' ? 'red' : 'dimmed'} hiddenFrom={wide} mt={4}>
                  Due {formatDateUs(p.dueDate)}
                </Text>
              </Table.Td>
              <Table.Td
                visibleFrom={wide}
                style={nowrap}
                c={p.displayState === 'overdue' ? 'red' : undefined}
              >
                {formatDateUs(p.dueDate)}
              </Table.Td>
              <Table.Td visibleFrom={wide}>
                {planPercent(p.followUpPercentage) || (
                  <Text span c="dimmed" size="sm">
                    —
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TableSkeleton() {
  return (
    <Stack gap="xs" aria-busy="true" data-testid="plans-loading">
      <VisuallyHidden>Loading action plans...</VisuallyHidden>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={36} />
      ))}
    </Stack>
  );
}

function EmptyPlans({ filtered }: { filtered: boolean }) {
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="plans-empty">
      <IconChecklist size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
      <Text c="dimmed" ta="center" maw={520} size="sm">
        {filtered ? MSG_NO_MATCHING_PLANS : MSG_NO_PLANS}
      </Text>
    </Stack>
  );
}

/**
 * /account/action-plans: the account's plans (a manager's: of their locations), counted per state, with
 * the Region, Location and Program filters, the list, its CSV, and (owners and admins) the program
 * triggers.
 */
export function ActionPlansPage() {
  const { role } = useCurrentUser();
  const reviewer = role !== null && role !== 'manager';
  const [state, setState] = useState<ActionPlanDisplayState | null>(null);
  const [regionId, setRegionId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  const [limit, setLimit] = useState(PAGE);
  const [triggers, setTriggers] = useState(false);
  const [exporting, setExporting] = useState(false);
  const client = useApolloClient();

  const filter = { regionId, locationId, programId };
  const counts = useQuery(ACTION_PLAN_COUNTS, { variables: { filter } });
  const list = useQuery(ACTION_PLANS, { variables: { filter: { ...filter, state }, first: limit } });
  const choices = useQuery(ACTION_PLAN_CHOICES, { fetchPolicy: 'cache-first' });
  const programRows = usePrograms(OWN_REPORTS).rows;
  const programs = useMemo(() => programRows.filter((p) => p.programType === 'shop'), [programRows]);

  const regions = choices.data?.regions ?? [];
  const locations = (choices.data?.currentUser?.locations ?? []).filter(
    (l) => !regionId || l.regionId === regionId,
  );
  const plans = (list.data ?? list.previousData)?.actionPlans;
  const filtered = !!(state || regionId || locationId || programId);
  const error = list.error ?? counts.error;

  return (
    <Page
      title="Action Plans"
      size="xl"
      heading={
        <Group justify="space-between" gap="sm">
          <span>Action Plans</span>
          <Group gap="xs" wrap="nowrap">
            {reviewer && (
              <Button
                size="sm"
                variant="default"
                leftSection={<IconAdjustments size={16} aria-hidden />}
                onClick={() => setTriggers(true)}
              >
                Plan Triggers
              </Button>
            )}
            <Button
              size="sm"
              variant="subtle"
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={!plans?.length}
              loading={exporting}
              onClick={async () => {
                // Every plan the filters match, not only the rows shown: read in pages of the API's largest.
                setExporting(true);
                try {
                  const all: NonNullable<typeof plans>[number][] = [];
                  for (let offset = 0; ; offset += CSV_PAGE) {
                    const page = await client.query({
                      query: ACTION_PLANS,
                      variables: { filter: { ...filter, state }, first: CSV_PAGE, offset },
                      fetchPolicy: 'network-only',
                    });
                    all.push(...page.data.actionPlans);
                    if (page.data.actionPlans.length < CSV_PAGE) break;
                  }
                  saveFile(plansCsv(all), plansCsvFileName(new Date()), 'text/csv;charset=utf-8');
                } catch (e) {
                  notifyError(e);
                } finally {
                  setExporting(false);
                }
              }}
            >
              Download CSV
            </Button>
          </Group>
        </Group>
      }
    >
      <Text size="sm" c="dimmed" mt={-8}>
        {reviewer
          ? "The locations' managers say how each failed question will be fixed and submit the plan; you return it with a note or resolve it."
          : 'Say how each failed question will be fixed, who is responsible and by when, and submit the plan for review.'}
      </Text>
      <CountCards counts={counts.data?.actionPlanCounts} state={state} onState={setState} />
      <Paper withBorder p="md" component="section" aria-label="Action plans list">
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: regions.length ? 3 : 2 }} spacing="sm">
            {regions.length > 0 && (
              <OnDemandSelect
                label="Region"
                data={[
                  { value: ALL, label: ALL_REGIONS },
                  ...regions.map((r) => ({ value: r._id, label: r.name })),
                ]}
                value={regionId ?? ALL}
                onChange={(v) => {
                  const next = v && v !== ALL ? v : null;
                  setRegionId(next);
                  const loc = choices.data?.currentUser?.locations.find((l) => l._id === locationId);
                  if (next && loc && loc.regionId !== next) setLocationId(null);
                }}
                allowDeselect={false}
              />
            )}
            <OnDemandSelect
              label="Location"
              data={[
                { value: ALL, label: ALL_LOCATIONS },
                ...locations.map((l) => ({ value: l._id, label: l.name })),
              ]}
              value={locationId ?? ALL}
              onChange={(v) => setLocationId(v && v !== ALL ? v : null)}
              allowDeselect={false}
              searchable={locations.length > 10}
            />
            <Select
              label="Program"
              data={[
                { value: ALL, label: ALL_PROGRAMS },
                ...programs.map((p) => ({ value: p.programId, label: p.programName })),
              ]}
              value={programId ?? ALL}
              onChange={(v) => setProgramId(v && v !== ALL ? v : null)}
              allowDeselect={false}
            />
          </SimpleGrid>
          {state && (
            <Group gap="xs">
              <Text size="sm">
                Showing <b>{ACTION_PLAN_STATE_LABELS[state]}</b> plans only.
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={() => setState(null)}>
                Show all states
              </Button>
            </Group>
          )}
          {error && !plans ? (
            <Alert color="red" data-testid="plans-error">
              {errorMessage(error)}
            </Alert>
          ) : !plans ? (
            <TableSkeleton />
          ) : plans.length === 0 ? (
            <EmptyPlans filtered={filtered} />
          ) : (
            <PlansTable plans={plans} />
          )}
          {plans && plans.length >= limit && (
            <Group justify="center">
              <Button variant="default" loading={list.loading} onClick={() => setLimit(limit + PAGE)}>
                Show More
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
      {reviewer && (
        <PlanTriggersModal opened={triggers} onClose={() => setTriggers(false)} programs={programs} />
      )}
    </Page>
  );
}
