import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDateUs, PROOF_FLAG_LABELS, type ProofFlagCode, timeInQueue } from '../../domain';
import { errorMessage, notifyError, notifySuccess } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader, useCurrentUser } from '../app/session';
import { CLAIM_NEXT_EVALUATION, QA_QUEUE } from './evaluator-documents';
import { isStaff } from './evaluator-roles';
import { StatusBadge } from './status-badge';

/**
 * /evaluator/qa: submitted and in-review evaluations (QA staff only), the visit due soonest first and,
 * on the same day, flagged ones first. "Claim next" takes the first one nobody is reviewing.
 */
export function QaQueuePage() {
  usePageTitle('QA Queue');
  const { user } = useCurrentUser();
  const staff = isStaff(user);
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(QA_QUEUE, {
    skip: !staff,
    fetchPolicy: 'cache-and-network',
  });
  const [claimNext, { loading: claiming }] = useMutation(CLAIM_NEXT_EVALUATION);
  if (!staff) {
    return (
      <Alert color="red" title="Not Authorized">
        The QA queue is for employees, proofers and admins.
      </Alert>
    );
  }
  const rows = data?.qaQueue ?? [];
  const now = new Date();
  const claim = async () => {
    try {
      const res = await claimNext();
      const next = res.data?.claimNextEvaluation;
      if (next) navigate(`/evaluator/qa/${next._id}`);
      else {
        notifySuccess('Nothing is waiting: every submitted evaluation is being reviewed.');
        void refetch();
      }
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          QA Queue
        </Title>
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          loading={claiming}
          disabled={rows.length === 0}
          onClick={() => void claim()}
        >
          Claim next
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Soonest due first; on the same due date, flagged visits first.
      </Text>
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
                  <Text size="xs" c="dimmed">
                    {[
                      e.dueDate && `Due ${formatDateUs(e.dueDate)}`,
                      e.submittedAt &&
                        `Submitted ${formatDateUs(e.submittedAt)} · In queue ${timeInQueue(new Date(e.submittedAt), now)}`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  {(e.proofFlags ?? []).length > 0 && (
                    <Group gap={4} mt={2}>
                      {(e.proofFlags ?? []).map((f) => (
                        <Badge
                          key={f.code}
                          size="sm"
                          variant="light"
                          color={f.level === 'flag' ? 'red' : 'yellow'}
                          title={f.message}
                          data-testid="qa-flag"
                        >
                          {PROOF_FLAG_LABELS[f.code as ProofFlagCode] ?? f.code}
                        </Badge>
                      ))}
                    </Group>
                  )}
                  {e.reviewerName && (
                    <Text size="xs" fw={600}>
                      Reviewing: {e.reviewedByMe ? 'you' : e.reviewerName}
                    </Text>
                  )}
                </Stack>
                <Button component={Link} to={`/evaluator/qa/${e._id}`} variant="light">
                  {e.reviewerName && !e.reviewedByMe ? 'View' : 'Review'}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
