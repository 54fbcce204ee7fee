import { Anchor, Badge, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { type QuestionnaireType, SERVICE_LABELS } from '../../domain';
import { type ListedQuestionnaire, questionnairePrice, startupFeeText } from './get-started-rules';

export interface ChecklistQuestionnaire extends ListedQuestionnaire {
  sampleLink: string | null;
}

/**
 * The questionnaires to tick: title, price with its fee suffix, startup fee, and the sample report
 * in a new tab when the flow offers samples. With several services the list is grouped by service.
 */
export function QuestionnaireChecklist({
  questionnaires,
  value,
  onChange,
  showSampleLinks,
  services,
}: {
  questionnaires: readonly ChecklistQuestionnaire[];
  value: readonly string[];
  onChange: (qids: string[]) => void;
  showSampleLinks: boolean;
  /** Group headings are shown when more than one service is listed. */
  services: readonly QuestionnaireType[];
}) {
  const grouped = services.length > 1;
  const groups = services
    .map((service) => ({ service, items: questionnaires.filter((q) => q.type === service) }))
    .filter((g) => g.items.length > 0);
  return (
    <Checkbox.Group value={[...value]} onChange={onChange} aria-label="Questionnaires">
      <Stack gap="lg">
        {groups.map((group) => (
          <Stack key={group.service} gap="xs">
            {grouped && (
              <Title order={3} size="h5" c="dimmed" tt="uppercase">
                {SERVICE_LABELS[group.service]}
              </Title>
            )}
            {group.items.map((q) => (
              <ChecklistItem
                key={q._id}
                questionnaire={q}
                checked={value.includes(q._id)}
                showSampleLink={showSampleLinks}
              />
            ))}
          </Stack>
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

function ChecklistItem({
  questionnaire: q,
  checked,
  showSampleLink,
}: {
  questionnaire: ChecklistQuestionnaire;
  checked: boolean;
  showSampleLink: boolean;
}) {
  const startupFee = startupFeeText(q);
  return (
    <Paper
      withBorder
      p="sm"
      style={{ borderColor: checked ? 'var(--mantine-color-brand-6)' : undefined }}
      bg={checked ? 'brand.0' : undefined}
      data-testid="questionnaire-option"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Checkbox
          value={q._id}
          label={<Text fw={600}>{q.title}</Text>}
          description={
            <Group gap={6} component="span" wrap="wrap">
              <span>{questionnairePrice(q)}</span>
              {startupFee && (
                <Badge component="span" variant="light" color="orange" size="sm" tt="none">
                  {startupFee}
                </Badge>
              )}
            </Group>
          }
          styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { cursor: 'pointer' } }}
        />
        {showSampleLink && q.sampleLink && (
          <Anchor
            href={q.sampleLink}
            target="_blank"
            rel="noopener noreferrer"
            size="sm"
            style={{ whiteSpace: 'nowrap' }}
            aria-label={`Sample report for ${q.title} (opens in a new tab)`}
          >
            <Group gap={4} wrap="nowrap" component="span">
              Sample Report
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
      </Group>
    </Paper>
  );
}
