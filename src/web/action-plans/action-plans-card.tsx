import { useQuery } from '@apollo/client';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ACTION_PLAN_STATE_LABELS, type ActionPlanDisplayState } from '../../domain';
import { ACTION_PLAN_COUNTS } from './action-plan-documents';
import { STATE_COLOR } from './plan-rules';

const SHOWN: readonly ActionPlanDisplayState[] = ['open', 'overdue', 'submitted'];

/**
 * The dashboard's Action plans card: how many plans wait on the locations (open, overdue) and on
 * review (submitted), and the way to the Action Plans page. One small query; a failure hides the card
 * rather than the dashboard.
 */
export function ActionPlansCard() {
  const { data, error } = useQuery(ACTION_PLAN_COUNTS, { variables: { filter: {} } });
  const counts = data?.actionPlanCounts;
  if (error && !counts) return null;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="action-plans-card"
      data-testid="action-plans-card"
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="action-plans-card">
            Action Plans
          </Title>
          <Button
            component={Link}
            to="/account/action-plans"
            variant="subtle"
            size="compact-sm"
            rightSection={<IconArrowRight size={14} aria-hidden />}
          >
            View Action Plans
          </Button>
        </Group>
        <SimpleGrid cols={3} spacing="sm">
          {SHOWN.map((s) => (
            <Stack key={s} gap={0} data-testid={`card-count-${s}`}>
              {counts ? (
                <Text fz={24} fw={700} lh={1.2} c={counts[s] > 0 ? STATE_COLOR[s] : 'dimmed'}>
                  {counts[s]}
                </Text>
              ) : (
                <Skeleton h={29} w={32} />
              )}
              <Text size="sm" c="dimmed">
                {ACTION_PLAN_STATE_LABELS[s]}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
