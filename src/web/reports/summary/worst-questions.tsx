import { Group, Paper, Stack, Text } from '@mantine/core';
import { worstQuestionView } from '../../../domain';
import { STATUS_COLOR } from './status-color';
import { SummaryEmpty, SummaryLoading } from './summary-texts';
import type { Summary } from './use-summary';

/** 'Most under-performing questions from Shops' for the current filters (limit 3). */
export function WorstQuestions({ summary }: { summary: Summary }) {
  const { rows, loading } = summary.questions;
  if (loading) return <SummaryLoading text="Loading question data..." />;
  if (rows.length === 0) return <SummaryEmpty title="No question data available for the selected filters." />;
  return (
    <Stack gap="xs" data-testid="worst-questions">
      {rows.map((row) => {
        const q = worstQuestionView(row);
        return (
          <Paper
            key={`${q.programName}/${q.quotedPrompt}`}
            withBorder
            p="sm"
            radius="md"
            data-testid="worst-question"
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2}>
                <Text size="sm" fw={500} data-testid="question-prompt">
                  {q.quotedPrompt}
                </Text>
                <Text size="xs" c="dimmed" data-testid="question-program">
                  {q.programName}
                </Text>
              </Stack>
              <Text fw={700} c={STATUS_COLOR[q.status]} data-testid="question-score">
                {q.percent}%
              </Text>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
