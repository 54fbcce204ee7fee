import '../../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailForward, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatDateTimeUs, outboxErrorLabel } from '../../../domain';
import { appendPage } from '../../account/account-paging';
import { errorMessage, notifyError, notifySuccess } from '../../app/apollo';
import { Page } from '../../components/page';
import type { AdminOutboxQuery } from '../../gql/graphql';
import { ADMIN_PAGE_SIZE } from '../admin-links';
import { EmailStatusBadge } from './email-status-badge';
import { ADMIN_OUTBOX, RUN_DIGEST_NOW } from './emails-documents';
import {
  kindText,
  MSG_NO_EMAILS,
  MSG_NO_MATCHING_EMAILS,
  messageCount,
  type OutboxFilter,
  outboxParams,
  readOutboxFilter,
  STATUS_CHOICES,
} from './outbox-filter';

/** The status choice (applied at once) and the recipient search (applied on Search). */
function OutboxFilterForm({
  filter,
  onChange,
}: {
  filter: OutboxFilter;
  onChange: (f: OutboxFilter) => void;
}) {
  const form = useForm<{ to: string }>({ defaultValues: { to: filter.to } });
  // Five choices do not fit side by side on a phone: there they stack.
  const orientation = useIsPhone() ? 'vertical' : 'horizontal';
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="outbox-status-label">
            Status
          </Text>
          <SegmentedControl
            aria-labelledby="outbox-status-label"
            data={[...STATUS_CHOICES]}
            value={filter.status ?? 'all'}
            onChange={(value) => onChange({ ...filter, status: value === 'all' ? null : readStatus(value) })}
            orientation={orientation}
            fullWidth={orientation === 'vertical'}
            data-testid="outbox-status-filter"
          />
        </Stack>
        <Group
          component="form"
          role="search"
          aria-label="Search messages by recipient"
          align="flex-end"
          gap="sm"
          onSubmit={form.handleSubmit((v) => onChange({ ...filter, to: v.to.trim() }))}
        >
          <TextInput
            label="Search by recipient"
            type="search"
            autoComplete="off"
            style={{ flex: '1 1 240px' }}
            {...form.register('to')}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            Search
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Below Mantine's sm breakpoint, read before the first paint (no flash of the other layout). */
const useIsPhone = () => useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });

const readStatus = (value: string) => readOutboxFilter(new URLSearchParams({ status: value })).status;

function OutboxList({ filter }: { filter: OutboxFilter }) {
  const location = useLocation();
  const phone = useIsPhone();
  const { data, loading, error, fetchMore } = useQuery(ADMIN_OUTBOX, {
    variables: { first: ADMIN_PAGE_SIZE, status: filter.status, to: filter.to || null },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const connection = data?.outbox;

  if (loading && !connection) {
    return (
      <Center py="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  if (error && !connection) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!connection || connection.nodes.length === 0) {
    return (
      <Text c="dimmed" data-testid="outbox-empty">
        {filter.status || filter.to ? MSG_NO_MATCHING_EMAILS : MSG_NO_EMAILS}
      </Text>
    );
  }

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      await fetchMore({
        variables: { after: connection.pageInfo.endCursor },
        updateQuery: (shown, { fetchMoreResult }) => ({
          ...shown,
          outbox: appendPage(shown.outbox, fetchMoreResult.outbox, (m) => m._id),
        }),
      });
    } finally {
      setLoadingMore(false);
    }
  };

  const back: Back = { returnUrl: `${location.pathname}${location.search}`, returnText: 'Back to Emails' };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="outbox-count">
        {messageCount(connection.totalCount)}
      </Text>
      {phone ? (
        <OutboxCards messages={connection.nodes} back={back} />
      ) : (
        <OutboxTable messages={connection.nodes} back={back} />
      )}
      {connection.pageInfo.hasNextPage && (
        <Center>
          <Button variant="default" onClick={loadMore} loading={loadingMore}>
            Load More
          </Button>
        </Center>
      )}
    </Stack>
  );
}

type Listed = NonNullable<AdminOutboxQuery['outbox']>['nodes'][number];
/** The way back from a preview to this list as filtered now. */
type Back = { returnUrl: string; returnText: string };

const previewPath = (id: string) => `/admin/emails/${encodeURIComponent(id)}`;

function OutboxTable({ messages, back }: { messages: readonly Listed[]; back: Back }) {
  const navigate = useNavigate();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" striped highlightOnHover data-testid="outbox-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Tries</Table.Th>
            <Table.Th>Error</Table.Th>
            <Table.Th>Created / Sent (UTC)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((m) => (
            <Table.Tr
              key={m._id}
              data-testid="outbox-row"
              style={{ cursor: 'pointer' }}
              // The subject is the row's link (keyboard and screen readers); a click anywhere opens it too.
              onClick={(e) => {
                if ((e.target as HTMLElement).closest('a')) return;
                navigate(previewPath(m._id), { state: back });
              }}
            >
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.to}</Table.Td>
              <Table.Td>
                <SubjectLink message={m} back={back} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{kindText(m.kind)}</Text>
              </Table.Td>
              <Table.Td>
                <EmailStatusBadge status={m.status} />
              </Table.Td>
              <Table.Td ta="right">{m.tries}</Table.Td>
              <Table.Td maw={200}>
                <LastError status={m.status} error={m.error} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTimeUs(m.createdAt)}
                </Text>
                {m.sentAt && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    Sent {formatDateTimeUs(m.sentAt)}
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

/** On a phone, each message as a card: seven columns do not fit. */
function OutboxCards({ messages, back }: { messages: readonly Listed[]; back: Back }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="outbox-cards">
      {messages.map((m) => (
        <Paper key={m._id} component="li" withBorder p="sm" data-testid="outbox-row">
          <Stack gap={4}>
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <SubjectLink message={m} back={back} />
              <EmailStatusBadge status={m.status} />
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              To {m.to}
            </Text>
            <Text size="sm" c="dimmed">
              {kindText(m.kind)} · {m.tries === 1 ? '1 try' : `${m.tries} tries`} ·{' '}
              {m.sentAt ? `sent ${formatDateTimeUs(m.sentAt)}` : formatDateTimeUs(m.createdAt)} UTC
            </Text>
            {m.error && <LastError status={m.status} error={m.error} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function SubjectLink({ message, back }: { message: Listed; back: Back }) {
  return (
    <Anchor component={Link} to={previewPath(message._id)} state={back} fw={600}>
      {message.subject || '(no subject)'}
    </Anchor>
  );
}

/**
 * The message's error, cut to two lines (the preview shows it whole): as it is while the message is
 * pending or failed; dimmed as an 'Earlier error' once it was sent after all.
 */
function LastError({ status, error }: { status: string; error: string | null | undefined }) {
  const label = outboxErrorLabel(status, error);
  if (!label) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const earlier = label === 'Earlier error';
  return (
    <Text
      size="sm"
      c={earlier ? 'dimmed' : undefined}
      lineClamp={2}
      title={error ?? undefined}
      style={{ overflowWrap: 'anywhere' }}
      data-testid="outbox-error"
    >
      {earlier ? `Earlier error: ${error}` : error}
    </Text>
  );
}

/**
 * Sends the customers' waiting daily digests now, as the daily run at DIGEST_AT does (for an operator
 * who wants them out before that, or runs without the scheduler).
 */
function SendDigestsButton() {
  const [run, { loading }] = useMutation(RUN_DIGEST_NOW, { refetchQueries: ['AdminOutbox'] });
  const send = async () => {
    try {
      const res = await run();
      const n = res.data?.runDigestNow ?? 0;
      notifySuccess(
        n === 0 ? 'No digests were waiting.' : n === 1 ? '1 digest queued.' : `${n} digests queued.`,
      );
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Button
      variant="light"
      leftSection={<IconMailForward size={16} />}
      loading={loading}
      onClick={() => void send()}
    >
      Send waiting digests now
    </Button>
  );
}

/** /admin/emails: the mail outbox, newest first, by status and recipient; a message opens its preview. */
export function AdminEmailsPage() {
  const [params, setParams] = useSearchParams();
  const filter = readOutboxFilter(params);
  return (
    <Page title="Emails">
      <OutboxFilterForm key={filter.to} filter={filter} onChange={(f) => setParams(outboxParams(f))} />
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h3">
              Outbox
            </Title>
            <SendDigestsButton />
          </Group>
          <OutboxList filter={filter} />
        </Stack>
      </Paper>
    </Page>
  );
}
