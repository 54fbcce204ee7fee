import '../app/full-styles';
import { useApolloClient, useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { InlineConfirm } from './account-confirm';
import { DeliveryLog } from './webhook-deliveries';
import { EndpointForm, endpointInput, eventTypeOf } from './webhook-endpoint-form';
import {
  DELETE_WEBHOOK_ENDPOINT,
  ROLL_WEBHOOK_SECRET,
  SEND_TEST_WEBHOOK,
  UPDATE_WEBHOOK_ENDPOINT,
  WEBHOOK_ENDPOINT,
  WEBHOOK_ENDPOINT_SECRET,
} from './webhooks-documents';

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** The signing secret: hidden until revealed (as Stripe does), and Roll Secret for a new one. */
function SigningSecret({ endpointId }: { endpointId: string }) {
  const client = useApolloClient();
  const [secret, setSecret] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [roll, { loading: rolling }] = useMutation(ROLL_WEBHOOK_SECRET);
  return (
    <Section title="Signing Secret" id="webhook-secret-heading">
      <Text size="sm" c="dimmed">
        Use it to check that a request comes from us: see "Webhooks" in our API documentation.
      </Text>
      <Group gap="sm" wrap="wrap">
        <Code data-testid="webhook-secret" style={{ overflowWrap: 'anywhere' }}>
          {secret ?? 'whsec_••••••••••••••••'}
        </Code>
        <Button
          size="xs"
          variant="default"
          loading={revealing}
          onClick={async () => {
            if (secret) return setSecret(null);
            setRevealing(true);
            try {
              const { data } = await client.query({
                query: WEBHOOK_ENDPOINT_SECRET,
                variables: { id: endpointId },
                fetchPolicy: 'no-cache',
              });
              setSecret(data.webhookEndpointSecret);
            } catch (err) {
              notifyError(err);
            } finally {
              setRevealing(false);
            }
          }}
        >
          {secret ? 'Hide' : 'Reveal'}
        </Button>
      </Group>
      <Group>
        <InlineConfirm
          label="Roll Secret"
          confirmLabel="Roll Secret"
          question="Requests are signed with the new secret at once. Roll it?"
          loading={rolling}
          onConfirm={async () => {
            try {
              const { data } = await roll({ variables: { id: endpointId } });
              setSecret(data?.rollWebhookSecret ?? null);
              notifySuccess('A new signing secret is in use.');
            } catch (err) {
              notifyError(err);
            }
          }}
        />
      </Group>
    </Section>
  );
}

/**
 * /account/webhooks/:id (owners and admins): one endpoint, its signing secret, Send Test Event, its
 * settings, Delete, and the delivery log (refreshed while anything is still being sent).
 */
export function WebhookEndpointPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const query = useQuery(WEBHOOK_ENDPOINT, {
    variables: { id, first: 50 },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: false,
  });
  const sending = query.data?.webhookEndpoint.deliveries.some(
    (d) => d.status === 'pending' || d.status === 'retrying',
  );
  const { startPolling, stopPolling } = query;
  // While something is on its way, the log follows it.
  useEffect(() => {
    if (!sending) return;
    startPolling(1500);
    return () => stopPolling();
  }, [sending, startPolling, stopPolling]);
  const [sendTest, { loading: testing }] = useMutation(SEND_TEST_WEBHOOK, {
    refetchQueries: ['WebhookEndpoint'],
    awaitRefetchQueries: true,
  });
  const [update] = useMutation(UPDATE_WEBHOOK_ENDPOINT);
  const [remove, { loading: deleting }] = useMutation(DELETE_WEBHOOK_ENDPOINT, {
    refetchQueries: ['WebhookEndpoints'],
  });

  if (query.error && !query.data) {
    const message = errorMessage(query.error);
    return (
      <Page title={message === 'Not Authorized' ? message : 'Webhook Endpoint'}>
        <Alert color="red" data-testid="webhook-error">
          {message}
        </Alert>
        <Anchor component={Link} to="/account/webhooks">
          Back to Webhooks
        </Anchor>
      </Page>
    );
  }
  if (!query.data) {
    return (
      <Page title="Webhook Endpoint">
        <PageLoader />
      </Page>
    );
  }
  const endpoint = query.data.webhookEndpoint;
  return (
    <Page title="Webhook Endpoint">
      <Anchor component={Link} to="/account/webhooks" size="sm">
        ← All endpoints
      </Anchor>
      <Section title="Endpoint" id="webhook-endpoint-heading">
        {editing ? (
          <EndpointForm
            idPrefix="edit-endpoint"
            initial={{
              url: endpoint.url,
              description: endpoint.description,
              events: endpoint.events.map(eventTypeOf),
              enabled: endpoint.enabled,
            }}
            submitLabel="Save"
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              await update({ variables: { id, input: endpointInput(values) } });
              notifySuccess('Endpoint saved.');
              setEditing(false);
            }}
          />
        ) : (
          <Stack gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="webhook-url">
              {endpoint.url}
            </Text>
            {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
            <Group gap={6}>
              <Badge color={endpoint.enabled ? 'green' : 'gray'} variant="light">
                {endpoint.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
              {endpoint.events.map((e) => (
                <Badge key={e} variant="outline" color="gray" tt="none">
                  {eventTypeOf(e)}
                </Badge>
              ))}
            </Group>
            <Group gap="sm" mt="xs" wrap="wrap">
              <Button
                loading={testing}
                onClick={async () => {
                  try {
                    await sendTest({ variables: { id } });
                    notifySuccess('Test event queued.');
                  } catch (err) {
                    notifyError(err);
                  }
                }}
              >
                Send Test Event
              </Button>
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit
              </Button>
              <InlineConfirm
                label="Delete Endpoint"
                confirmLabel="Delete"
                question="Delete this endpoint and its delivery log?"
                loading={deleting}
                onConfirm={async () => {
                  try {
                    await remove({ variables: { id } });
                    notifySuccess('Endpoint deleted.');
                    navigate('/account/webhooks');
                  } catch (err) {
                    notifyError(err);
                  }
                }}
              />
            </Group>
          </Stack>
        )}
      </Section>
      <SigningSecret endpointId={id} />
      <Section title="Deliveries" id="webhook-deliveries-heading">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            The latest 50, newest first.
          </Text>
          <Button size="xs" variant="default" onClick={() => query.refetch()}>
            Refresh
          </Button>
        </Group>
        <DeliveryLog deliveries={endpoint.deliveries} />
      </Section>
    </Page>
  );
}
