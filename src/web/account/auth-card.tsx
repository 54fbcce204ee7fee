import { Alert, Container, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../app/page-title';

/** The centred card every account form sits in, with its red error area. */
export function AuthCard({
  title,
  error,
  children,
}: {
  title: string;
  error?: string | null;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size={460} py={48}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {error}
            </Alert>
          )}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
