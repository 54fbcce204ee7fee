import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import {
  multiServiceProgress,
  type QuestionnaireType,
  singleServiceProgress,
  usesMultiServiceProgress,
} from '../../domain';
import { useBrand } from '../app/brand';

/** The wizard's status bar: the single-service steps, or the two-section multi-service bar (spec 2). */
export function OrderProgress({
  services,
  hasLocations,
  hasSurveysSelected,
}: {
  services: readonly QuestionnaireType[];
  hasLocations: boolean;
  hasSurveysSelected: boolean;
}) {
  const brand = useBrand();
  const { pathname, hash } = useLocation();
  const small = useMediaQuery('(max-width: 768px)');
  if (usesMultiServiceProgress(services)) {
    const sections = multiServiceProgress({
      orderServices: services,
      hasLocations,
      hasSurveysSelected,
      pathname,
      hash,
    });
    return (
      <Paper withBorder p="sm" component="nav" aria-label="Order progress" data-testid="order-progress">
        <Stack gap="xs">
          {sections.map((section) => (
            <Group key={section.service} gap="xs" wrap="wrap">
              <Text fw={700} size="sm" w={110}>
                {section.title}
              </Text>
              {section.items.map((item, i) => (
                <ProgressItem
                  key={item.link}
                  number={i + 1}
                  label={item.label}
                  link={item.disabled ? null : item.link}
                  active={item.active}
                  small={!!small}
                />
              ))}
            </Group>
          ))}
        </Stack>
      </Paper>
    );
  }
  const steps = singleServiceProgress({ brand, orderServices: services, hasLocations, pathname });
  return (
    <Paper withBorder p="sm" component="nav" aria-label="Order progress" data-testid="order-progress">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        {steps.map((s) => (
          <ProgressItem
            key={s.number}
            number={s.number}
            label={s.label}
            link={s.link}
            active={s.active}
            small={!!small}
          />
        ))}
      </Group>
    </Paper>
  );
}

function ProgressItem(p: {
  number: number;
  label: string;
  link: string | null;
  active: boolean;
  small: boolean;
}) {
  const content = (
    <Group gap={6} wrap="nowrap">
      <Badge
        circle
        size="lg"
        variant={p.active ? 'filled' : 'light'}
        color={p.link || p.active ? 'brand' : 'gray'}
      >
        {p.number}
      </Badge>
      {!p.small && (
        <Text size="sm" fw={p.active ? 700 : 500} c={p.link || p.active ? undefined : 'dimmed'}>
          {p.label}
        </Text>
      )}
    </Group>
  );
  if (!p.link || p.active) {
    return (
      <span aria-current={p.active ? 'step' : undefined} aria-disabled={!p.link || undefined} title={p.label}>
        {content}
      </span>
    );
  }
  return (
    <Anchor component={Link} to={p.link} underline="never" title={p.label}>
      {content}
    </Anchor>
  );
}
