import { useMutation, useQuery } from '@apollo/client';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateUs } from '../../domain';
import { notifyError } from '../app/apollo';
import { ACKNOWLEDGE_SCORE_ALERT, SCORE_ALERTS } from './score-alert-documents';

/**
 * The dashboard's score alerts (issue 48): each unacknowledged alert of the caller's locations, with the
 * shop's report, the action plan the trigger made for the same shop, and Acknowledge. Loaded after the
 * dashboard's first render (lazy); nothing shows when there is no alert or the call fails.
 */
export default function ScoreAlertsCard() {
  const { data } = useQuery(SCORE_ALERTS, { variables: { includeAcknowledged: false } });
  const [acknowledge, { loading }] = useMutation(ACKNOWLEDGE_SCORE_ALERT, {
    refetchQueries: ['ScoreAlerts'],
    awaitRefetchQueries: true,
  });
  const alerts = data?.scoreAlerts ?? [];
  if (!alerts.length) return null;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      id="score-alerts"
      aria-labelledby="score-alerts-title"
      data-testid="score-alerts"
      style={{ borderColor: 'var(--mantine-color-red-6)' }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="score-alerts-title">
          Score Alerts
        </Title>
        {alerts.map((a) => (
          <Group
            key={a._id}
            justify="space-between"
            align="flex-start"
            gap="sm"
            wrap="wrap"
            data-testid="score-alert"
          >
            <Stack gap={2} style={{ flex: '1 1 16rem' }}>
              <Group gap="xs">
                <Text fw={600}>{a.locationName || 'Unknown location'}</Text>
                <Badge color="red" variant="light">
                  {Math.round(a.percentage)}%
                </Badge>
              </Group>
              <Text size="sm">
                {a.programName}
                {a.shopDate ? ` · ${formatDateUs(a.shopDate)}` : ''}
                {a.trailingAverage !== null ? ` · recent average ${Math.round(a.trailingAverage)}%` : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {a.reasonLabel}
              </Text>
              <Group gap="md">
                <Anchor component={Link} to={`/account/reports/shop/${a.evaluationId}`} size="sm">
                  View report
                </Anchor>
                {a.actionPlanId && (
                  <Anchor component={Link} to={`/account/action-plans/${a.actionPlanId}`} size="sm">
                    Open action plan
                  </Anchor>
                )}
              </Group>
            </Stack>
            <Button
              variant="light"
              size="compact-sm"
              loading={loading}
              onClick={() => acknowledge({ variables: { id: a._id } }).catch(notifyError)}
              aria-label={`Acknowledge the alert for ${a.locationName}`}
            >
              Acknowledge
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
