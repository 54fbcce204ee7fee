import '../../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Anchor,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import {
  formatDateTimeUs,
  isOutboxStatus,
  MSG_OUTBOX_EMAIL_NOT_FOUND,
  MSG_SEND_AGAIN_COPY,
  MSG_SEND_AGAIN_RETRY,
  MSG_SEND_AGAIN_WAITING,
  outboxErrorLabel,
  sendAgainPlan,
} from '../../../domain';
import { errorMessage, notifyError, notifySuccess } from '../../app/apollo';
import { PageLoader } from '../../app/session';
import { Page } from '../../components/page';
import type { AdminOutboxEmailQuery } from '../../gql/graphql';
import { BackLink } from '../admin-back-link';
import { useReturnLink } from '../use-return-link';
import { EmailStatusBadge } from './email-status-badge';
import { ADMIN_OUTBOX_EMAIL, SEND_EMAIL_AGAIN } from './emails-documents';
import { kindText, MSG_NO_HTML } from './outbox-filter';

type Email = NonNullable<AdminOutboxEmailQuery['outboxEmail']>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Status, tries and times, the last error, and Send again. */
function Delivery({ email, onCopied }: { email: Email; onCopied: (copyId: string) => void }) {
  const [sendAgain, { loading }] = useMutation(SEND_EMAIL_AGAIN, { refetchQueries: ['AdminOutbox'] });
  const plan = isOutboxStatus(email.status) ? sendAgainPlan(email.status) : 'waiting';
  const send = async () => {
    try {
      const res = await sendAgain({ variables: { id: email._id } });
      const queued = res.data?.sendEmailAgain;
      if (!queued) return;
      if (queued._id === email._id) notifySuccess(MSG_SEND_AGAIN_RETRY);
      else {
        notifySuccess(MSG_SEND_AGAIN_COPY);
        onCopied(queued._id);
      }
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Section title="Delivery">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        <Fact label="Status">
          <EmailStatusBadge status={email.status} />
        </Fact>
        <Fact label="Kind">{kindText(email.kind)}</Fact>
        <Fact label="Tries">{String(email.tries)}</Fact>
        <Fact label="Created (UTC)">{formatDateTimeUs(email.createdAt)}</Fact>
        <Fact label="Last try (UTC)">{formatDateTimeUs(email.lastTriedAt)}</Fact>
        <Fact label="Sent (UTC)">{formatDateTimeUs(email.sentAt)}</Fact>
      </SimpleGrid>
      {email.error && (
        <Alert
          color={email.status === 'failed' ? 'red' : 'gray'}
          title={outboxErrorLabel(email.status, email.error)}
          data-testid="email-error"
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {email.error}
          </Text>
        </Alert>
      )}
      <Group gap="sm" align="center">
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          onClick={send}
          loading={loading}
          disabled={plan === 'waiting'}
          aria-describedby="send-again-note"
        >
          Send again
        </Button>
        <Text size="sm" c="dimmed" id="send-again-note" style={{ flex: '1 1 240px' }}>
          {plan === 'waiting'
            ? MSG_SEND_AGAIN_WAITING
            : plan === 'retry'
              ? 'Queues this message again with a fresh set of tries.'
              : 'Queues a copy of this message as a new message; this one stays as it is.'}
        </Text>
      </Group>
    </Section>
  );
}

function Headers({ email }: { email: Email }) {
  return (
    <Section title="Headers">
      <Table.ScrollContainer minWidth={320}>
        <Table verticalSpacing={4} data-testid="email-headers">
          <Table.Tbody>
            {email.headers.map((h) => (
              <Table.Tr key={h.name}>
                <Table.Th scope="row" w={120} style={{ whiteSpace: 'nowrap' }}>
                  {h.name}
                </Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{h.value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

/**
 * The HTML version in a sandboxed frame: no scripts, forms, popups or navigation of this page, and an
 * opaque origin (no cookies, no access to the app); the page's Content-Security-Policy applies inside.
 */
function Body({ email }: { email: Email }) {
  return (
    <Section title="Message">
      <Tabs defaultValue={email.html ? 'html' : 'text'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">HTML</Tabs.Tab>
          <Tabs.Tab value="text">Plain text</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {email.html ? (
            <iframe
              title={`HTML version of ${email.subject}`}
              srcDoc={email.html}
              sandbox=""
              referrerPolicy="no-referrer"
              data-testid="email-html"
              style={{
                width: '100%',
                height: '70vh',
                minHeight: 320,
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 'var(--mantine-radius-sm)',
                background: 'white',
              }}
            />
          ) : (
            <Text c="dimmed" data-testid="email-no-html">
              {MSG_NO_HTML}
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Code block data-testid="email-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {email.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Section>
  );
}

/** /admin/emails/{id}: one message's delivery, headers and both versions, and Send again. */
export function AdminEmailPage() {
  const { emailId = '' } = useParams();
  // A new page state for each message (Open the copy stays on this route).
  return <EmailDetails key={emailId} emailId={emailId} />;
}

function EmailDetails({ emailId }: { emailId: string }) {
  const back = useReturnLink() ?? { url: '/admin/emails', text: 'Back to Emails' };
  const returnState = useLocation().state;
  const { data, loading, error } = useQuery(ADMIN_OUTBOX_EMAIL, { variables: { id: emailId } });
  const [copyId, setCopyId] = useState<string | null>(null);
  const email = data?.outboxEmail;
  if (loading && !data) return <PageLoader />;
  return (
    <Page title={email?.subject || 'Email'}>
      <BackLink to={back.url}>{back.text}</BackLink>
      {error && !data ? (
        <Alert color="red">{errorMessage(error)}</Alert>
      ) : !email ? (
        <Alert color="red" data-testid="email-not-found">
          {MSG_OUTBOX_EMAIL_NOT_FOUND}
        </Alert>
      ) : (
        <>
          {copyId && (
            <Alert color="green" data-testid="email-copy-queued">
              {MSG_SEND_AGAIN_COPY}{' '}
              <Anchor component={Link} to={`/admin/emails/${encodeURIComponent(copyId)}`} state={returnState}>
                Open the copy
              </Anchor>
            </Alert>
          )}
          <Delivery email={email} onCopied={setCopyId} />
          <Headers email={email} />
          <Body email={email} />
        </>
      )}
    </Page>
  );
}
