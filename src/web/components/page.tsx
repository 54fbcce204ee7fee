import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '../app/page-title';

/** A page with a heading and the '{title} | {brand}' document title. */
export function Page({
  title,
  heading,
  size = 'lg',
  children,
}: {
  title: string;
  heading?: ReactNode;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  children?: ReactNode;
}) {
  usePageTitle(title);
  return (
    <Container size={size} py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          {heading ?? title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/** A route whose screen a later part of the product fills in. */
export function ComingSoon({ title }: { title: string }) {
  return <Page title={title} />;
}
