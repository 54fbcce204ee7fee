import { Anchor, Badge, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { scoreColor } from '../../domain';

/** A titled report block. */
export function ReportSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** A report table that scrolls sideways on narrow screens; loading and empty states as one row. */
export function ReportTable({
  head,
  loading,
  empty,
  emptyText = 'Nothing to show yet.',
  children,
  minWidth = 640,
  testId,
}: {
  head: string[];
  loading: boolean;
  empty: boolean;
  emptyText?: string;
  children: ReactNode;
  minWidth?: number;
  testId?: string;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table
        striped
        verticalSpacing="xs"
        horizontalSpacing={8}
        fz="sm"
        data-testid={testId}
        aria-busy={loading}
      >
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              // Short headers stay on one line; long ones (section names) may wrap.
              <Table.Th key={h} style={{ whiteSpace: h.length > 14 ? 'normal' : 'nowrap' }}>
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading || empty ? (
            <Table.Tr>
              <Table.Td colSpan={head.length}>
                {loading ? (
                  <Center py="xs">
                    <Loader size="sm" />
                  </Center>
                ) : (
                  <Text size="sm" c="dimmed">
                    {emptyText}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ) : (
            children
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A percent coloured as report tables colour scores: up to 69 red, 70 to 89 blue, 90 and above green. */
export function ScoreBadge({ percent, children }: { percent: number; children?: ReactNode }) {
  return (
    <Badge variant="light" color={scoreColor(percent)} tt="none" size="lg">
      {children ?? `${percent}%`}
    </Badge>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} w="fit-content" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Anchor>
  );
}
