import { Stack, Text, Title } from '@mantine/core';

/** An empty or loading state of a summary widget, in the spec's words. */
export function SummaryEmpty({ title, hint }: { title: string; hint?: string }) {
  return (
    <Stack gap={2} py="lg" align="center" ta="center">
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

export function SummaryLoading({ text }: { text: string }) {
  return (
    <Text size="sm" c="dimmed" py="lg" ta="center" aria-busy="true">
      {text}
    </Text>
  );
}

/**
 * The summary's title, the same while its code loads (dashboard-reports.tsx) as after: a server-rendered
 * dashboard shows it at once, and the loaded summary's is no new, larger paint (Largest Contentful Paint).
 */
export function PerformanceSummaryTitle() {
  return (
    <Title order={2} size="h3">
      Performance Summary
    </Title>
  );
}
