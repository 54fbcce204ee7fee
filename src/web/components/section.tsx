import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled, bordered part of a page, named by its title for screen readers. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
