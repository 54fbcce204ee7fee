import { useQuery } from '@apollo/client';
import { Alert, Loader, Text } from '@mantine/core';
import { ApiKeyTable } from '../account/api-key-table';
import { CUSTOMER_API_KEYS } from '../account/api-keys-documents';
import { errorMessage } from '../app/apollo';

/** The customer's API keys (issue 20): a platform admin sees them and revokes one for support. */
export function CustomerApiKeys({ uid }: { uid: string }) {
  const { data, error } = useQuery(CUSTOMER_API_KEYS, { variables: { clientId: uid } });
  if (error && !data) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return <Loader size="sm" />;
  if (data.apiKeys.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No API keys.
      </Text>
    );
  }
  return <ApiKeyTable keys={data.apiKeys} refetchQuery="CustomerApiKeys" />;
}
