import { Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { CompletionSummary } from '../../evaluation';
import { TONE_COLOR } from './performance';

const ICONS = { error: IconAlertCircle, 'empty-circle': IconCircleDashed, check: IconCircleCheck };

/** The engine's completion summary: its description, icon and tone, with the counts behind it. */
export function CompletionSummaryView({ completion }: { completion: CompletionSummary }) {
  const Icon = ICONS[completion.icon];
  const color = TONE_COLOR[completion.tone];
  const done = completion.available > 0 ? (completion.validated / completion.available) * 100 : 100;
  const details = [
    `${completion.completed} of ${completion.available} complete`,
    completion.incomplete > 0 ? `${completion.incomplete} required unanswered` : null,
    completion.invalid > 0 ? `${completion.invalid} to correct` : null,
  ].filter(Boolean);
  return (
    <Paper withBorder p="sm" data-testid="completion-summary" aria-live="polite">
      <Stack gap={8}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={color} variant="light" size="lg" radius="xl">
            <Icon size={20} />
          </ThemeIcon>
          <div>
            <Text fw={700} c={`${color}.8`} data-testid="completion-description">
              {completion.description}
            </Text>
            <Text size="xs" c="dimmed">
              {details.join(' · ')}
            </Text>
          </div>
        </Group>
        <Progress value={done} color={color} size="sm" aria-label="Completion" />
      </Stack>
    </Paper>
  );
}
