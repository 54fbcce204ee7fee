import '../app/full-styles';
import { useApolloClient, useQuery } from '@apollo/client';
import { Alert, Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { formatDateUs } from '../../domain';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { MY_EVALUATIONS } from './evaluator-documents';
import { keepEvaluationsOffline } from './offline/prefetch';
import { StatusBadge } from './status-badge';

/** /evaluator/evaluations: the shopper's evaluations, newest first, each with its status. */
export function MyEvaluationsPage() {
  usePageTitle('My Evaluations');
  const { data, loading, error } = useQuery(MY_EVALUATIONS, { fetchPolicy: 'cache-and-network' });
  const rows = data?.myEvaluations ?? [];
  const client = useApolloClient();
  const list = data?.myEvaluations;
  // The evaluations in progress are kept on the phone for offline use.
  useEffect(() => {
    if (list) void keepEvaluationsOffline(client, list);
  }, [client, list]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Evaluations
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !data ? (
        <PageLoader />
      ) : rows.length === 0 ? (
        <Alert color="gray" variant="light">
          You have no evaluations yet.{' '}
          <Anchor component={Link} to="/evaluator/visits">
            Find an open visit
          </Anchor>{' '}
          to get started.
        </Alert>
      ) : (
        <Stack gap="sm">
          {rows.map((e) => (
            <Card
              key={e._id}
              withBorder
              radius="md"
              padding="md"
              component={Link}
              to={`/evaluator/evaluations/${e._id}`}
              data-testid="evaluation-row"
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={700}>{e.programName}</Text>
                  <Text size="sm" fw={600} c="dimmed">
                    {e.locationName}
                  </Text>
                  {e.address && (
                    <Text size="sm" c="dimmed">
                      {e.address}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {e.submittedAt
                      ? `Submitted ${formatDateUs(e.submittedAt)}`
                      : e.dueDate
                        ? `Due ${formatDateUs(e.dueDate)}`
                        : null}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <StatusBadge status={e.status} />
                  <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
