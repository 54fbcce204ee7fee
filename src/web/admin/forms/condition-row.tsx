import { ActionIcon, Grid, NumberInput, Paper, Select, TextInput, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  COMPARATORS,
  type FormElement,
  type RulesetCondition,
  SOURCE_FIELDS,
  type SourceField,
} from '../../../evaluation';
import type { FormOutline } from './form-outline';
import { COMPARATOR_LABEL, elementName, readsQuestion, SOURCE_FIELD_LABEL } from './rule-labels';

const ROLES = ['shopper', 'employee', 'proofer'];

/** The questions a condition may read: every other element that takes an answer, by section. */
function sourceChoices(outline: FormOutline, self: string) {
  return outline.form.sections
    .map((s) => ({
      group: s.name || 'Untitled section',
      items: s.elements
        .filter((e) => e.localId !== self && e.typeId !== 'remark')
        .map((e) => ({ value: e.localId, label: elementName(e, outline.numbers[e.localId]) })),
    }))
    .filter((g) => g.items.length > 0);
}

function ValueInput(props: {
  condition: RulesetCondition;
  source: FormElement | undefined;
  label: string;
  onChange: (value: RulesetCondition['value']) => void;
}) {
  const { condition, source, label, onChange } = props;
  const value = condition.value;
  const numeric = (v: number | string) => onChange(typeof v === 'number' ? v : null);
  const field = condition.sourceField;
  if (
    field === 'question-option' &&
    source &&
    (source.typeId === 'choice' || source.typeId === 'multichoice')
  ) {
    return (
      <Select
        aria-label={label}
        placeholder="Pick an option"
        data={source.options.map((o) => ({ value: o.localId, label: o.prompt || o.localId }))}
        value={value == null ? null : String(value)}
        onChange={(v) => onChange(v)}
        allowDeselect={false}
      />
    );
  }
  const isNumber =
    field === 'question-score' ||
    field === 'shopper-age' ||
    (field === 'question-option' && (source?.typeId === 'number' || source?.typeId === 'timespan'));
  if (isNumber) {
    return (
      <NumberInput
        aria-label={label}
        placeholder={source?.typeId === 'timespan' && field === 'question-option' ? 'Seconds' : 'Number'}
        value={typeof value === 'number' ? value : value == null ? '' : Number(value)}
        onChange={numeric}
      />
    );
  }
  if (field === 'shopper-role') {
    return (
      <Select
        aria-label={label}
        placeholder="Role"
        data={ROLES}
        value={value == null ? null : String(value)}
        onChange={(v) => onChange(v)}
      />
    );
  }
  return (
    <TextInput
      aria-label={label}
      placeholder={field === 'location-state' ? 'e.g. NV' : 'Value'}
      value={value == null ? '' : String(value)}
      onChange={(e) => onChange(e.currentTarget.value || null)}
    />
  );
}

/** One condition: what it reads (and which question), the comparison and the value. */
export function ConditionRow(props: {
  condition: RulesetCondition;
  index: number;
  elementId: string;
  outline: FormOutline;
  onChange: (patch: Partial<RulesetCondition>) => void;
  onRemove: () => void;
}) {
  const { condition, outline, index } = props;
  const question = readsQuestion(condition.sourceField);
  const source = condition.sourceRef ? outline.byId.get(condition.sourceRef) : undefined;
  const n = index + 1;
  const remove = (
    <Tooltip label="Remove condition">
      <ActionIcon variant="subtle" color="red" aria-label={`Remove condition ${n}`} onClick={props.onRemove}>
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Paper p="xs" radius="sm" bg="var(--mantine-color-gray-0)" data-testid={`condition-${n}`}>
      <Grid gutter="xs" align="center">
        <Grid.Col span={{ base: 12, md: question ? 5 : 4 }}>
          <Select
            aria-label={`Condition ${n} source`}
            data={SOURCE_FIELDS.map((f) => ({ value: f, label: SOURCE_FIELD_LABEL[f] }))}
            value={condition.sourceField}
            allowDeselect={false}
            onChange={(v) => {
              const sourceField = (v ?? 'question-option') as SourceField;
              props.onChange({
                sourceField,
                sourceRef: readsQuestion(sourceField) ? condition.sourceRef : null,
                value: null,
              });
            }}
          />
        </Grid.Col>
        {question && (
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Select
              aria-label={`Condition ${n} question`}
              placeholder="Pick a question"
              data={sourceChoices(outline, props.elementId)}
              value={condition.sourceRef ?? null}
              searchable
              allowDeselect={false}
              error={condition.sourceRef && !source ? 'This question was removed' : undefined}
              onChange={(v) => props.onChange({ sourceRef: v, value: null })}
            />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 5, md: question ? 5 : 3 }}>
          <Select
            aria-label={`Condition ${n} comparator`}
            data={COMPARATORS.map((c) => ({ value: c, label: COMPARATOR_LABEL[c] }))}
            value={condition.comparator}
            allowDeselect={false}
            onChange={(v) => v && props.onChange({ comparator: v as RulesetCondition['comparator'] })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, md: question ? 6 : 4 }}>
          <ValueInput
            condition={condition}
            source={source}
            label={`Condition ${n} value`}
            onChange={(value) => props.onChange({ value })}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 2, md: 1 }}>{remove}</Grid.Col>
      </Grid>
    </Paper>
  );
}
