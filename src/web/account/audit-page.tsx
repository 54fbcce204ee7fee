import '../app/full-styles';
import { useApolloClient, useQuery } from '@apollo/client';
import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { describeUserAgent } from '../../domain';
import { errorMessage } from '../app/apollo';
import { Page } from '../components/page';
import { AUDIT_LOG, AUDIT_LOG_CSV } from './audit-documents';
import { MSG_AUDIT_EMPTY, MSG_AUDIT_INTRO } from './audit-messages';

const PAGE_SIZE = 25;

type Filter = { actor: string; action: string; from: string; to: string; accountId: string };
const EMPTY: Filter = { actor: '', action: '', from: '', to: '', accountId: '' };

/** The filter as the API takes it: empty fields left out. */
const apiFilter = (f: Filter, admin: boolean) => ({
  ...(f.actor.trim() && { actor: f.actor.trim() }),
  ...(f.action && { action: f.action }),
  ...(f.from && { from: f.from }),
  ...(f.to && { to: f.to }),
  ...(admin && f.accountId.trim() && { accountId: f.accountId.trim() }),
});

function download(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The log: filters (actor, action, dates; an account for platform admins), pages, CSV export. */
export function AuditLog({ admin = false }: { admin?: boolean }) {
  const client = useApolloClient();
  const [draft, setDraft] = useState<Filter>(EMPTY);
  const [filter, setFilter] = useState<Filter>(EMPTY);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const variables = { filter: apiFilter(filter, admin), page, pageSize: PAGE_SIZE };
  const { data, loading, error } = useQuery(AUDIT_LOG, { variables, fetchPolicy: 'cache-and-network' });
  const log = data?.auditLog;
  const pages = log ? Math.max(1, Math.ceil(log.total / log.pageSize)) : 1;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilter(draft);
    setPage(1);
  };
  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const { data: csv } = await client.query({
        query: AUDIT_LOG_CSV,
        variables: { filter: apiFilter(filter, admin) },
        fetchPolicy: 'network-only',
      });
      download(csv.auditLogCsv, `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (err) {
      setExportError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="form" onSubmit={apply} aria-label="Filter the audit log">
        <SimpleGrid cols={{ base: 1, sm: 2, md: admin ? 5 : 4 }}>
          <TextInput
            label="Who"
            placeholder="E-mail"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.currentTarget.value })}
          />
          <Select
            label="Action"
            placeholder="Any action"
            clearable
            data={(data?.auditActions ?? []).map((a) => ({ value: a.value, label: a.label }))}
            value={draft.action || null}
            onChange={(v) => setDraft({ ...draft, action: v ?? '' })}
          />
          <TextInput
            label="From"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })}
          />
          <TextInput
            label="To"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })}
          />
          {admin && (
            <TextInput
              label="Customer account id"
              value={draft.accountId}
              onChange={(e) => setDraft({ ...draft, accountId: e.currentTarget.value })}
            />
          )}
        </SimpleGrid>
        <Group mt="md" justify="space-between">
          <Group>
            <Button type="submit">Apply filters</Button>
            <Button
              variant="subtle"
              onClick={() => {
                setDraft(EMPTY);
                setFilter(EMPTY);
                setPage(1);
              }}
            >
              Clear
            </Button>
          </Group>
          <Button
            variant="default"
            onClick={exportCsv}
            loading={exporting}
            disabled={!log || log.total === 0}
          >
            Export CSV
          </Button>
        </Group>
      </Paper>
      {exportError && (
        <Alert color="red" role="alert">
          {exportError}
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !log && (
        <Center py="xl">
          <Loader aria-label="Loading the audit log" />
        </Center>
      )}
      {log && (
        <>
          <Text size="sm" c="dimmed">
            {log.total === 1 ? '1 entry' : `${log.total} entries`}. Entries are kept for {log.retentionDays}{' '}
            days and cannot be changed or deleted.
          </Text>
          {log.entries.length === 0 ? (
            <Text>{MSG_AUDIT_EMPTY}</Text>
          ) : (
            <Stack
              gap="sm"
              component="ol"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label="Audit entries"
            >
              {log.entries.map((e) => (
                <Paper key={e._id} withBorder p="sm" component="li">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text fw={600}>{e.actionLabel}</Text>
                      {e.subjectLabel && (
                        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {e.subjectLabel}
                        </Text>
                      )}
                    </Stack>
                    <Text size="sm" c="dimmed">
                      <time dateTime={e.at}>{e.at.slice(0, 16).replace('T', ' ')} UTC</time>
                    </Text>
                  </Group>
                  <Group gap="xs" mt={4} wrap="wrap">
                    <Badge variant="light">{e.actorRoleLabel}</Badge>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {e.actorEmail ?? (e.actorRoleLabel === 'API key' ? 'An API key' : 'The system')}
                    </Text>
                    {e.ip && (
                      <Text size="sm" c="dimmed">
                        from {e.ip}
                        {e.userAgent ? ` · ${describeUserAgent(e.userAgent)}` : ''}
                      </Text>
                    )}
                    {admin && e.accountId && (
                      <Text size="xs" c="dimmed">
                        account {e.accountId}
                      </Text>
                    )}
                  </Group>
                  {e.changes.length > 0 && (
                    <Stack gap={0} mt={6} component="ul" style={{ paddingLeft: '1.2em', margin: 0 }}>
                      {e.changes.map((c) => (
                        <Text key={c.field} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
                          {c.field}: {c.before || '—'} → {c.after || '—'}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}

/** /account/audit: the account's audit log, for its owner and admins. */
export function AuditPage() {
  return (
    <Page title="Audit Log">
      <Text>{MSG_AUDIT_INTRO}</Text>
      <AuditLog />
    </Page>
  );
}

/** /admin/audit: every account's log, for platform admins. */
export function AdminAuditPage() {
  return (
    <Page title="Audit Log">
      <Text>Every customer's audit log, and the platform admins' own reads and exports.</Text>
      <AuditLog admin />
    </Page>
  );
}
