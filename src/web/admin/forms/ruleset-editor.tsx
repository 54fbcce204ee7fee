import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type FormElement, RULESET_WHEN, type RulesetWhen } from '../../../evaluation';
import { ConditionRow } from './condition-row';
import { addCondition, type RulesetKind, removeCondition, setWhen, updateCondition } from './element-edits';
import type { FormOutline } from './form-outline';
import { WHEN_LABEL } from './rule-labels';

const TITLES: Record<RulesetKind, { title: string; hint: string }> = {
  visible: { title: 'Visible', hint: 'When the question is shown. A hidden question’s answer is cleared.' },
  required: { title: 'Required', hint: 'When an answer is needed before the evaluation can be submitted.' },
};

/** A visible or required ruleset: when it holds, and its conditions. */
export function RulesetEditor(props: {
  element: FormElement;
  kind: RulesetKind;
  outline: FormOutline;
  onChange: (element: FormElement) => void;
}) {
  const { element, kind, outline, onChange } = props;
  const ruleset = element[kind];
  const conditional = ruleset.when.startsWith('when-');
  // A new condition reads the question just before this one (the usual follow-up), else the first.
  const all = outline.form.sections.flatMap((s) => s.elements).filter((e) => e.typeId !== 'remark');
  const at = all.findIndex((e) => e.localId === element.localId);
  const defaultSource =
    (at > 0 ? all[at - 1] : all.find((e) => e.localId !== element.localId))?.localId ?? null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`ruleset-${kind}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <div>
            <Text fw={600} size="sm">
              {TITLES[kind].title}
            </Text>
            <Text size="xs" c="dimmed">
              {TITLES[kind].hint}
            </Text>
          </div>
          <Select
            aria-label={`${TITLES[kind].title} when`}
            data={RULESET_WHEN.map((w) => ({ value: w, label: WHEN_LABEL[w] }))}
            value={ruleset.when}
            allowDeselect={false}
            w={240}
            onChange={(v) => {
              if (!v) return;
              const next = setWhen(element, kind, v as RulesetWhen);
              const needsCondition = v.startsWith('when-') && next[kind].conditions.length === 0;
              onChange(needsCondition ? addCondition(next, kind, defaultSource) : next);
            }}
          />
        </Group>
        {conditional && (
          <Stack gap="xs">
            {ruleset.conditions.length === 0 && (
              <Text size="xs" c="dimmed">
                No conditions yet.
              </Text>
            )}
            {ruleset.conditions.map((condition, i) => (
              <ConditionRow
                key={condition.localId ?? i}
                condition={condition}
                index={i}
                elementId={element.localId}
                outline={outline}
                onChange={(patch) => onChange(updateCondition(element, kind, i, patch))}
                onRemove={() => onChange(removeCondition(element, kind, i))}
              />
            ))}
            <Group>
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => onChange(addCondition(element, kind, defaultSource))}
              >
                Add condition
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
