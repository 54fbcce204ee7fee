import { useMutation } from '@apollo/client';
import { Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatDateTimeUs, formatDateUs } from '../../domain';
import { notifyError, notifySuccess } from '../app/apollo';
import classes from '../components/stacked-table.module.css';
import { InlineConfirm } from './account-confirm';
import { MSG_API_KEY_REVOKED, MSG_REVOKE_NOTE } from './api-key-messages';
import { REVOKE_API_KEY } from './api-keys-documents';

/** What a row shows of a key (the ApiKey fields both lists ask for). */
export type ApiKeyRow = {
  _id: string;
  name: string;
  prefix: string;
  scopeLabels: string[];
  createdByEmail?: string | null;
  createdAt: string;
  lastUsedAt?: string | null;
  revokedAt?: string | null;
};

function RevokeKey({ apiKey, refetchQuery }: { apiKey: ApiKeyRow; refetchQuery: string }) {
  const [revoke, { loading }] = useMutation(REVOKE_API_KEY, {
    refetchQueries: [refetchQuery],
    awaitRefetchQueries: true,
  });
  return (
    <InlineConfirm
      label="Revoke"
      ariaLabel={`Revoke ${apiKey.name}`}
      question="Revoke this key?"
      note={MSG_REVOKE_NOTE}
      loading={loading}
      onConfirm={async () => {
        try {
          await revoke({ variables: { _id: apiKey._id } });
          notifySuccess(MSG_API_KEY_REVOKED(apiKey.name));
        } catch (err) {
          notifyError(err);
        }
      }}
    />
  );
}

/**
 * An account's keys: name and prefix, scope and times, and Revoke (after a confirmation; then the
 * `refetchQuery` list is read again). Three columns on a desk, a card per key on a phone. The owner's page and the
 * admin's customer page share it.
 */
export function ApiKeyTable({ keys, refetchQuery }: { keys: ApiKeyRow[]; refetchQuery: string }) {
  return (
    <Table
      verticalSpacing="sm"
      horizontalSpacing="xs"
      striped
      className={classes.stacked}
      data-testid="api-keys"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Key</Table.Th>
          <Table.Th>Scope and use</Table.Th>
          <Table.Th>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {keys.map((k) => (
          <Table.Tr key={k._id} data-testid="api-key">
            <Table.Td>
              <Stack gap={2} style={{ overflowWrap: 'break-word' }}>
                <Text fw={600} size="sm">
                  {k.name}
                </Text>
                <Text size="sm" ff="monospace">
                  {k.prefix}…
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Text size="sm" fw={700}>
                  {k.scopeLabels.join(', ')}
                </Text>
                <Text size="sm" c="dimmed">
                  Created {formatDateUs(k.createdAt)}
                  {k.createdByEmail && ' '}
                  {k.createdByEmail && (
                    // An address moves to the next line whole rather than breaking at its hyphen.
                    <span style={{ display: 'inline-block', overflowWrap: 'anywhere' }}>
                      by {k.createdByEmail}
                    </span>
                  )}
                </Text>
                <Text size="sm" c="dimmed" data-testid="api-key-last-used">
                  {k.lastUsedAt ? `Last used ${formatDateTimeUs(k.lastUsedAt)} UTC` : 'Never used'}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td ta="right">
              {k.revokedAt ? (
                <Badge color="red" variant="light" component="span">
                  Revoked {formatDateUs(k.revokedAt)}
                </Badge>
              ) : (
                <RevokeKey apiKey={k} refetchQuery={refetchQuery} />
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
