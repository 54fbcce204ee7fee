import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { errorMessage, notifySuccess } from '../app/apollo';
import { PageLoader } from '../app/session';
import { Page } from '../components/page';
import { EndpointForm, endpointInput, eventTypeOf, NEW_ENDPOINT } from './webhook-endpoint-form';
import { CREATE_WEBHOOK_ENDPOINT, WEBHOOK_ENDPOINTS } from './webhooks-documents';

export const MSG_NO_ENDPOINTS = 'No endpoints yet. Add one below to be told of orders, reports and invoices.';

/**
 * /account/webhooks (owners and admins): the account's webhook endpoints and Add an Endpoint. Each
 * endpoint's page has its secret, test event and delivery log.
 */
export function WebhooksPage() {
  const navigate = useNavigate();
  const list = useQuery(WEBHOOK_ENDPOINTS, { fetchPolicy: 'cache-and-network' });
  const [create] = useMutation(CREATE_WEBHOOK_ENDPOINT, {
    refetchQueries: ['WebhookEndpoints'],
    awaitRefetchQueries: true,
  });
  if (list.error && !list.data) {
    const message = errorMessage(list.error);
    return (
      <Page title={message === 'Not Authorized' ? message : 'Webhooks'}>
        <Alert color="red" data-testid="webhooks-error">
          {message}
        </Alert>
      </Page>
    );
  }
  if (!list.data) {
    return (
      <Page title="Webhooks">
        <PageLoader />
      </Page>
    );
  }
  const endpoints = list.data.webhookEndpoints;
  return (
    <Page title="Webhooks">
      <Text size="sm" c="dimmed">
        Webhooks send your systems a signed HTTPS request when something happens in your account: an order is
        placed, a report is ready, an invoice is paid. Each request is signed with the endpoint's secret
        (Standard Webhooks), and retried for several hours if your endpoint does not answer.
      </Text>
      <Paper withBorder p="md" component="section" aria-labelledby="webhook-endpoints-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="webhook-endpoints-heading">
            Endpoints
          </Title>
          {endpoints.length === 0 ? (
            <Text c="dimmed" size="sm" data-testid="webhooks-empty">
              {MSG_NO_ENDPOINTS}
            </Text>
          ) : (
            <Table verticalSpacing="sm" horizontalSpacing="xs" striped data-testid="webhook-endpoints">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Endpoint</Table.Th>
                  <Table.Th>Events</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {endpoints.map((e) => (
                  <Table.Tr key={e._id} data-testid="webhook-endpoint-row">
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Anchor component={Link} to={`/account/webhooks/${e._id}`} fw={600} size="sm">
                        {e.url}
                      </Anchor>
                      {e.description && (
                        <Text size="sm" c="dimmed">
                          {e.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {e.events.length === 1 ? eventTypeOf(e.events[0]!) : `${e.events.length} events`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={e.enabled ? 'green' : 'gray'} variant="light">
                        {e.enabled ? 'Enabled' : 'Disabled'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="webhook-add-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="webhook-add-heading">
            Add an Endpoint
          </Title>
          <EndpointForm
            idPrefix="new-endpoint"
            initial={NEW_ENDPOINT}
            submitLabel="Add Endpoint"
            onSubmit={async (values) => {
              const { data } = await create({ variables: { input: endpointInput(values) } });
              notifySuccess('Endpoint added. Reveal its signing secret on its page.');
              if (data) navigate(`/account/webhooks/${data.createWebhookEndpoint._id}`);
            }}
          />
        </Stack>
      </Paper>
    </Page>
  );
}
