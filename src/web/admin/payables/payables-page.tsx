import '../../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconCash, IconFileExport, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCalendarDate, formatDateUs, formatMoney, groupByShopper, toDateKey } from '../../../domain';
import { errorMessage, fieldErrors, notifyError, notifySuccess } from '../../app/apollo';
import { Page } from '../../components/page';
import type { AdminPayablesQuery } from '../../gql/graphql';
import {
  ADMIN_PAYABLES,
  CREATE_PAYOUT_CSV_LINK,
  MARK_PAYABLES_PAID,
  PAYOUT_BATCHES,
} from './payables-documents';

type Line = AdminPayablesQuery['payables']['lines'][number];
type Status = 'pending' | 'paid' | 'all';

interface Filter {
  shopperSearch: string;
  from: string | null;
  to: string | null;
  status: Status;
}

const STATUS_CHOICES = [
  { value: 'pending', label: 'Pending' },
  { value: 'paid', label: 'Paid' },
  { value: 'all', label: 'All' },
];

function FilterForm({ filter, onChange }: { filter: Filter; onChange: (f: Filter) => void }) {
  const [search, setSearch] = useState(filter.shopperSearch);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group
          component="form"
          role="search"
          aria-label="Search payables by shopper"
          align="flex-end"
          gap="sm"
          onSubmit={(e) => {
            e.preventDefault();
            onChange({ ...filter, shopperSearch: search.trim() });
          }}
        >
          <TextInput
            label="Shopper"
            description="Part of the name or e-mail"
            type="search"
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 14rem' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DatePickerInput
            label="Approved from"
            valueFormat="MM/DD/YYYY"
            placeholder="Any day"
            clearable
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={filter.from}
            onChange={(from) => onChange({ ...filter, from })}
            popoverProps={{ withinPortal: true }}
          />
          <DatePickerInput
            label="Approved to"
            valueFormat="MM/DD/YYYY"
            placeholder="Any day"
            clearable
            leftSection={<IconCalendar size={16} aria-hidden />}
            value={filter.to}
            onChange={(to) => onChange({ ...filter, to })}
            popoverProps={{ withinPortal: true }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="payables-status-label">
              Status
            </Text>
            <SegmentedControl
              aria-labelledby="payables-status-label"
              data={STATUS_CHOICES}
              value={filter.status}
              onChange={(status) => onChange({ ...filter, status: status as Status })}
              fullWidth
            />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function MarkPaidModal({
  ids,
  total,
  onClose,
  onPaid,
}: {
  ids: string[];
  total: string;
  onClose: () => void;
  onPaid: () => void;
}) {
  const today = toDateKey(new Date());
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState<string | null>(today);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [markPaid, { loading }] = useMutation(MARK_PAYABLES_PAID, {
    refetchQueries: ['AdminPayables', 'PayoutBatches'],
    awaitRefetchQueries: true,
  });
  const submit = async () => {
    const local: Record<string, string> = {};
    if (!reference.trim()) local.reference = 'Please enter the payout reference.';
    if (!paidOn) local.paidOn = 'Please enter the date paid (YYYY-MM-DD).';
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length) return;
    try {
      const { data } = await markPaid({ variables: { payableIds: ids, reference, paidOn: paidOn! } });
      const batch = data?.markPayablesPaid;
      notifySuccess(
        `Marked ${batch?.lineCount ?? ids.length} lines paid (${batch?.total.displayValue ?? total}).`,
      );
      onPaid();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(fields);
      if (!fields.reference && !fields.paidOn) setFailure(errorMessage(err));
    }
  };
  return (
    <Modal opened onClose={onClose} title="Mark paid" centered>
      <Stack
        gap="sm"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Text size="sm">
          {ids.length === 1 ? '1 line' : `${ids.length} lines`}, {total} in all.
        </Text>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Payout reference"
          description="The bank transfer or payout batch id"
          withAsterisk
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
          error={errors.reference}
          data-autofocus
        />
        <DatePickerInput
          label="Date paid"
          withAsterisk
          valueFormat="MM/DD/YYYY"
          maxDate={today}
          leftSection={<IconCalendar size={16} aria-hidden />}
          value={paidOn}
          onChange={setPaidOn}
          error={errors.paidOn}
          popoverProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={loading}>
            Mark paid
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function CsvLink({ batchId }: { batchId: string }) {
  const [createLink, { loading }] = useMutation(CREATE_PAYOUT_CSV_LINK);
  const download = async () => {
    if (loading) return;
    try {
      const { data } = await createLink({ variables: { batchId } });
      if (!data) throw new Error('The download could not be started.');
      window.location.assign(data.createPayoutCsvLink.url);
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Anchor component="button" type="button" onClick={download} fw={600} aria-busy={loading}>
      <Group gap={6} component="span" wrap="nowrap">
        {loading ? <Loader size={16} /> : <IconFileExport size={18} aria-hidden />}
        Download CSV
      </Group>
    </Anchor>
  );
}

function Batches() {
  const { data, loading, error } = useQuery(PAYOUT_BATCHES, { fetchPolicy: 'cache-and-network' });
  const batches = data?.payoutBatches ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="payout-batches">
      <Title order={2} size="h4" id="payout-batches">
        Payouts
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !data ? (
        <Loader size="sm" />
      ) : batches.length === 0 ? (
        <Text c="dimmed">No payouts yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="payout-batches">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Paid on</Table.Th>
                <Table.Th>Reference</Table.Th>
                <Table.Th ta="right">Lines</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>
                  <VisuallyHidden>CSV</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {batches.map((b) => (
                <Table.Tr key={b._id}>
                  <Table.Td>{formatDateUs(b.paidOn)}</Table.Td>
                  <Table.Td>{b.reference}</Table.Td>
                  <Table.Td ta="right">{b.lineCount}</Table.Td>
                  <Table.Td ta="right">{b.total.displayValue}</Table.Td>
                  <Table.Td>{b.createdByEmail ?? ''}</Table.Td>
                  <Table.Td>
                    <CsvLink batchId={b._id} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function LineRow({
  line,
  selected,
  onToggle,
}: {
  line: Line;
  selected: boolean;
  onToggle: (id: string) => void;
}) {
  const paid = line.status === 'paid';
  return (
    <Table.Tr data-testid="admin-payable-row">
      <Table.Td>
        {!paid && (
          <Checkbox
            aria-label={`Select ${line.programName} at ${line.locationName}, ${line.total.displayValue}`}
            checked={selected}
            onChange={() => onToggle(line._id)}
          />
        )}
      </Table.Td>
      <Table.Td>{formatDateUs(line.approvedAt)}</Table.Td>
      <Table.Td>{line.programName}</Table.Td>
      <Table.Td>{line.locationName}</Table.Td>
      <Table.Td>{line.shopDate ? formatCalendarDate(line.shopDate) : ''}</Table.Td>
      <Table.Td ta="right">{line.total.displayValue}</Table.Td>
      <Table.Td>
        {paid ? (
          <Stack gap={0}>
            <Badge color="green" variant="light">
              Paid
            </Badge>
            <Text size="xs" c="dimmed">
              {line.paidOn ? formatDateUs(line.paidOn) : ''} · {line.payoutReference}
            </Text>
          </Stack>
        ) : (
          <Badge color="yellow" variant="light">
            Pending
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** /admin/payables: what shoppers are owed, by shopper; mark a batch paid; download a payout's CSV. */
export function AdminPayablesPage() {
  const [filter, setFilter] = useState<Filter>({
    shopperSearch: '',
    from: null,
    to: null,
    status: 'pending',
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [paying, setPaying] = useState(false);
  const { data, loading, error } = useQuery(ADMIN_PAYABLES, {
    variables: {
      shopperSearch: filter.shopperSearch || null,
      from: filter.from,
      to: filter.to,
      status: filter.status,
    },
    fetchPolicy: 'cache-and-network',
  });
  const list = data?.payables;
  const lines = list?.lines ?? [];
  const pendingIds = lines.filter((l) => l.status === 'pending').map((l) => l._id);
  // Only what is in view can be selected: a changed filter drops lines no longer shown.
  const chosen = pendingIds.filter((id) => selected.has(id));
  const chosenTotal = lines.filter((l) => chosen.includes(l._id)).reduce((s, l) => s + l.total.value, 0);
  const allChosen = pendingIds.length > 0 && chosen.length === pendingIds.length;
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const changeFilter = (f: Filter) => {
    setFilter(f);
    setSelected(new Set());
  };

  return (
    <Page title="Shopper Payments" size="xl">
      <FilterForm filter={filter} onChange={changeFilter} />
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {list && (
        <SimpleGrid cols={{ base: 2 }} spacing="sm" maw={480}>
          <Paper withBorder p="sm">
            <Text size="sm" c="dimmed" fw={600}>
              Pending in view
            </Text>
            <Text fw={700} data-testid="admin-total-pending">
              {list.totals.pending.displayValue}
            </Text>
            <Text size="xs" c="dimmed">
              {list.totals.pendingCount} lines
            </Text>
          </Paper>
          <Paper withBorder p="sm">
            <Text size="sm" c="dimmed" fw={600}>
              Paid in view
            </Text>
            <Text fw={700}>{list.totals.paid.displayValue}</Text>
            <Text size="xs" c="dimmed">
              {list.totals.paidCount} lines
            </Text>
          </Paper>
        </SimpleGrid>
      )}
      <Group justify="space-between" gap="sm">
        <Checkbox
          label="Select all pending in view"
          checked={allChosen}
          indeterminate={chosen.length > 0 && !allChosen}
          disabled={pendingIds.length === 0}
          onChange={() => setSelected(allChosen ? new Set() : new Set(pendingIds))}
        />
        <Button
          leftSection={<IconCash size={16} aria-hidden />}
          disabled={chosen.length === 0}
          onClick={() => setPaying(true)}
        >
          {chosen.length ? `Mark ${chosen.length} paid (${formatMoney(chosenTotal)})` : 'Mark paid'}
        </Button>
      </Group>
      {list?.truncated && (
        <Alert color="yellow">
          Only the first 1,000 lines are shown. Narrow the filters to see the rest.
        </Alert>
      )}
      {loading && !list ? (
        <Loader />
      ) : lines.length === 0 ? (
        <Text c="dimmed">No payables match these filters.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table data-testid="admin-payables">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>Select</VisuallyHidden>
                </Table.Th>
                <Table.Th>Approved</Table.Th>
                <Table.Th>Program</Table.Th>
                <Table.Th>Location</Table.Th>
                <Table.Th>Shop date</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            {groupByShopper(lines).map((group) => {
              const first = group.lines[0]!;
              return (
                <Table.Tbody key={group.shopperId}>
                  <Table.Tr bg="var(--mantine-color-gray-light)">
                    <Table.Th colSpan={5} scope="rowgroup">
                      {first.shopperName || first.shopperEmail}{' '}
                      <Text span size="sm" c="dimmed" fw={400}>
                        {first.shopperEmail}
                      </Text>
                    </Table.Th>
                    <Table.Td ta="right" fw={700}>
                      {formatMoney(group.totals.pending + group.totals.paid)}
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {formatMoney(group.totals.pending)} pending
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                  {group.lines.map((line) => (
                    <LineRow key={line._id} line={line} selected={selected.has(line._id)} onToggle={toggle} />
                  ))}
                </Table.Tbody>
              );
            })}
          </Table>
        </Table.ScrollContainer>
      )}
      <Batches />
      {paying && (
        <MarkPaidModal
          ids={chosen}
          total={formatMoney(chosenTotal)}
          onClose={() => setPaying(false)}
          onPaid={() => {
            setPaying(false);
            setSelected(new Set());
          }}
        />
      )}
    </Page>
  );
}
