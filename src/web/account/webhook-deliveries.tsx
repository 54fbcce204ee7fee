import { useMutation } from '@apollo/client';
import { Button, Code, ColorSwatch, Group, Stack, Table, Text } from '@mantine/core';
import { Fragment, useState } from 'react';
import { formatDateTimeUs } from '../../domain';
import { notifyError, notifySuccess } from '../app/apollo';
import classes from '../components/stacked-table.module.css';
import type { WebhookEndpointQuery } from '../gql/graphql';
import { RESEND_WEBHOOK_DELIVERY } from './webhooks-documents';

type Delivery = NonNullable<WebhookEndpointQuery['webhookEndpoint']>['deliveries'][number];

const STATUS_COLORS: Record<string, string> = {
  delivered: 'green',
  failed: 'red',
  retrying: 'orange',
  pending: 'gray',
};

export const MSG_NO_DELIVERIES = 'Nothing sent yet. Send a test event to check your endpoint.';

/**
 * An endpoint's delivery log, newest first: event, status, HTTP code, tries and time; Details shows
 * the answer's start (or the error) and the body sent; Resend sends a finished one again. A card per
 * delivery on a phone.
 */
export function DeliveryLog({ deliveries }: { deliveries: Delivery[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const [resend, { loading }] = useMutation(RESEND_WEBHOOK_DELIVERY, {
    refetchQueries: ['WebhookEndpoint'],
    awaitRefetchQueries: true,
  });
  if (deliveries.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="webhook-deliveries-empty">
        {MSG_NO_DELIVERIES}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table
        verticalSpacing="xs"
        horizontalSpacing="xs"
        striped
        className={classes.stacked}
        data-testid="webhook-deliveries"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => {
            const finished = d.status === 'delivered' || d.status === 'failed';
            const shown = open === d._id;
            return (
              <Fragment key={d._id}>
                <Table.Tr data-testid="webhook-delivery" data-event={d.eventType} data-status={d.status}>
                  <Table.Td style={{ overflowWrap: 'break-word' }}>
                    <Text size="sm" ff="monospace">
                      {d.eventType}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTimeUs(d.lastAttemptAt ?? d.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap={6} wrap="nowrap">
                        <ColorSwatch
                          color={`var(--mantine-color-${STATUS_COLORS[d.status] ?? 'gray'}-6)`}
                          size={10}
                          withShadow={false}
                          aria-hidden
                        />
                        <Text size="sm" fw={700}>
                          {d.statusLabel}
                        </Text>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {d.httpStatus !== null ? `HTTP ${d.httpStatus}` : 'No answer'} ·{' '}
                        {d.attempts === 1 ? '1 try' : `${d.attempts} tries`}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Button
                        size="xs"
                        variant="default"
                        aria-expanded={shown}
                        aria-controls={`delivery-${d._id}`}
                        aria-label={`Details of ${d.eventType} sent ${formatDateTimeUs(d.createdAt)}`}
                        onClick={() => setOpen(shown ? null : d._id)}
                      >
                        Details
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={!finished || loading}
                        aria-label={`Resend ${d.eventType} sent ${formatDateTimeUs(d.createdAt)}`}
                        onClick={async () => {
                          try {
                            await resend({ variables: { id: d._id } });
                            notifySuccess('Queued to be sent again.');
                          } catch (err) {
                            notifyError(err);
                          }
                        }}
                      >
                        Resend
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {shown && (
                  <Table.Tr id={`delivery-${d._id}`}>
                    <Table.Td colSpan={3}>
                      <Stack gap="xs" style={{ overflowWrap: 'anywhere' }}>
                        <Text size="sm">
                          Message <Code>{d._id}</Code> · event <Code>{d.eventId}</Code>
                        </Text>
                        {d.error && (
                          <Text size="sm" c="red.8">
                            {d.error}
                          </Text>
                        )}
                        <Text size="sm" fw={600}>
                          Response
                        </Text>
                        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {d.responseExcerpt || '(empty)'}
                        </Code>
                        <Text size="sm" fw={600}>
                          Body sent
                        </Text>
                        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {d.payload}
                        </Code>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
