import '../app/full-styles';
import { useQuery } from '@apollo/client';
import { Alert, Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatCalendarDate, formatDateUs } from '../../domain';
import { errorMessage } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import type { MyPayablesQuery } from '../gql/graphql';
import { MY_PAYABLES } from './payments-documents';

type Line = MyPayablesQuery['myPayables']['lines'][number];

function Total({ label, amount, count }: { label: string; amount: string; count: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={`payments-total-${label.toLowerCase()}`}>
        {amount}
      </Text>
      <Text size="xs" c="dimmed">
        {count === 1 ? '1 visit' : `${count} visits`}
      </Text>
    </Paper>
  );
}

function PayableCard({ line }: { line: Line }) {
  const paid = line.status === 'paid';
  return (
    <Card withBorder radius="md" padding="md" data-testid="payable-row">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>{line.programName}</Text>
          <Text size="sm" fw={600} c="dimmed">
            {line.locationName}
          </Text>
          <Text size="xs" c="dimmed">
            Approved {formatDateUs(line.approvedAt)}
            {line.shopDate ? ` · Shop date ${formatCalendarDate(line.shopDate)}` : ''}
          </Text>
          {line.fee.value > 0 && (
            <Text size="xs" c="dimmed">
              {line.reimbursement.displayValue} reimbursement + {line.fee.displayValue} fee
            </Text>
          )}
          {paid && (
            <Text size="xs" c="dimmed">
              Paid {line.paidOn ? formatDateUs(line.paidOn) : ''} · Ref. {line.payoutReference}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={700}>{line.total.displayValue}</Text>
          <Badge color={paid ? 'green' : 'yellow'} variant="light">
            {paid ? 'Paid' : 'Pending'}
          </Badge>
        </Stack>
      </Group>
    </Card>
  );
}

/** /evaluator/payments: what the shopper is owed for approved visits, and what has been paid. */
export function PaymentsPage() {
  usePageTitle('My Payments');
  const { data, loading, error } = useQuery(MY_PAYABLES, { fetchPolicy: 'cache-and-network' });
  const list = data?.myPayables;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        My Payments
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {errorMessage(error)}
        </Alert>
      )}
      {loading && !list ? (
        <PageLoader />
      ) : list ? (
        <>
          <SimpleGrid cols={2} spacing="sm">
            <Total
              label="Pending"
              amount={list.totals.pending.displayValue}
              count={list.totals.pendingCount}
            />
            <Total label="Paid" amount={list.totals.paid.displayValue} count={list.totals.paidCount} />
          </SimpleGrid>
          {list.lines.length === 0 ? (
            <Alert color="gray" variant="light">
              You have no payments yet. A visit is paid once its evaluation is approved.{' '}
              <Anchor component={Link} to="/evaluator/visits">
                Find an open visit
              </Anchor>
              .
            </Alert>
          ) : (
            <Stack gap="sm" component="section" aria-label="Payments">
              {list.lines.map((line) => (
                <PayableCard key={line._id} line={line} />
              ))}
            </Stack>
          )}
        </>
      ) : null}
    </Stack>
  );
}
