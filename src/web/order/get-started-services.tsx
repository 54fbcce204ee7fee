import { Button, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck, IconMessageStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type QuestionnaireType, SERVICE_LABELS } from '../../domain';
import { SurveyPromiseText } from './get-started-promise';
import type { SurveyPromise } from './get-started-rules';

const DESCRIPTIONS: Record<QuestionnaireType, string> = {
  mysteryShop: 'A trained shopper visits or calls your location and scores the experience.',
  customerSurvey: 'Your own customers rate their visit through a link or QR code.',
};

const ICONS: Record<QuestionnaireType, ReactNode> = {
  mysteryShop: <IconClipboardCheck size={32} stroke={1.5} aria-hidden />,
  customerSurvey: <IconMessageStar size={32} stroke={1.5} aria-hidden />,
};

/** Step 1: which services to order; mystery shops is ticked by default and both may be chosen. */
export function GetStartedServices({
  offered,
  value,
  onChange,
  onNext,
  promise,
}: {
  offered: readonly QuestionnaireType[];
  value: readonly QuestionnaireType[];
  onChange: (services: QuestionnaireType[]) => void;
  onNext: () => void;
  promise: SurveyPromise | null;
}) {
  const toggle = (service: QuestionnaireType) =>
    onChange(
      value.includes(service)
        ? value.filter((s) => s !== service)
        : offered.filter((s) => s === service || value.includes(s)),
    );
  return (
    <Stack gap="md" data-testid="service-step">
      <div>
        <Title order={2} size="h3">
          What would you like to order?
        </Title>
        <Text c="dimmed">Choose one service or both.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {offered.map((service) => {
          const checked = value.includes(service);
          return (
            <Checkbox.Card
              key={service}
              checked={checked}
              onClick={() => toggle(service)}
              radius="md"
              p="lg"
              aria-label={SERVICE_LABELS[service]}
              style={{
                display: 'flex',
                alignItems: 'flex-start',
                borderColor: checked ? 'var(--mantine-color-brand-6)' : undefined,
                borderWidth: checked ? 2 : 1,
                background: checked ? 'var(--mantine-color-brand-0)' : undefined,
              }}
            >
              <Group align="flex-start" wrap="nowrap">
                <Checkbox.Indicator mt={4} />
                <Stack gap={6}>
                  <Group gap="xs" c="brand" wrap="nowrap">
                    {ICONS[service]}
                    <Text fw={700} size="lg">
                      {SERVICE_LABELS[service]}
                    </Text>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {DESCRIPTIONS[service]}
                  </Text>
                  {service === 'customerSurvey' && promise && <SurveyPromiseText promise={promise} compact />}
                </Stack>
              </Group>
            </Checkbox.Card>
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button size="md" onClick={onNext} disabled={value.length === 0}>
          Next
        </Button>
      </Group>
    </Stack>
  );
}
