import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateUs } from '../../domain';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader, useCurrentUser } from '../app/session';
import { QA_QUEUE } from './evaluator-documents';
import { isStaff } from './evaluator-roles';
import { StatusBadge } from './status-badge';

/** /evaluator/qa: submitted and in-review evaluations, oldest submission first (QA staff only). */
export function QaQueuePage() {
  usePageTitle('QA Queue');
  const { user } = useCurrentUser();
  const staff = isStaff(user);
  const { data, loading, error } = useQuery(QA_QUEUE, { skip: !staff, fetchPolicy: 'cache-and-network' });
  if (!staff) {
    return (
      <Alert color="red" title="Not Authorized">
        The QA queue is for employees, proofers and admins.
      </Alert>
    );
  }
  const rows = data?.qaQueue ?? [];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        QA Queue
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
          Nothing to review right now.
        </Alert>
      ) : (
        <Stack gap="sm">
          {rows.map((e) => (
            <Card key={e._id} withBorder radius="md" padding="md" data-testid="qa-row">
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Group gap="xs">
                    <Text fw={700}>{e.programName}</Text>
                    <StatusBadge status={e.status} />
                  </Group>
                  <Text size="sm" fw={600} c="dimmed">
                    {e.locationName}
                  </Text>
                  {e.address && (
                    <Text size="sm" c="dimmed">
                      {e.address}
                    </Text>
                  )}
                  {e.submittedAt && (
                    <Text size="xs" c="dimmed">
                      Submitted {formatDateUs(e.submittedAt)}
                    </Text>
                  )}
                </Stack>
                <Button component={Link} to={`/evaluator/qa/${e._id}`} variant="light">
                  Review
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
