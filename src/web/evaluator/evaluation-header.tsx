import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateUs } from '../../domain';
import { StatusBadge } from './status-badge';

/** What an evaluation is about: program, location, address and dates, with its status. */
export function EvaluationHeader(props: {
  programName: string;
  locationName: string;
  address?: string | null;
  dueDate?: string | null;
  submittedAt?: string | null;
  status: number;
  /** Shown on the right of the status, e.g. the save indicator. */
  aside?: ReactNode;
}) {
  const dates = [
    props.dueDate ? `Due ${formatDateUs(props.dueDate)}` : null,
    props.submittedAt ? `Submitted ${formatDateUs(props.submittedAt)}` : null,
  ].filter(Boolean);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={1} size="h3" style={{ minWidth: 0 }}>
            {props.programName}
          </Title>
          <StatusBadge status={props.status} />
        </Group>
        <Text fw={600}>{props.locationName}</Text>
        {props.address && (
          <Text size="sm" c="dimmed">
            {props.address}
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {dates.join(' · ')}
          </Text>
          {props.aside}
        </Group>
      </Stack>
    </Paper>
  );
}
