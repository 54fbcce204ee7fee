import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormElement } from '../../../evaluation';
import { addScoreRange, removeScoreRange, updateScoreRange } from './element-edits';

/** 125 seconds as '2:05'. */
export function formatSeconds(total: number): string {
  const s = Math.max(0, Math.trunc(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** Score ranges of a number or timespan (in seconds) question: inclusive bounds and a score. */
export function ScoreRangesEditor(props: { element: FormElement; onChange: (element: FormElement) => void }) {
  const { element, onChange } = props;
  const timespan = element.typeId === 'timespan';
  const unit = timespan ? ' (seconds)' : '';
  const hint = (v: number) => (timespan ? formatSeconds(v) : undefined);
  return (
    <Stack gap="xs" data-testid="score-ranges-editor">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Score ranges
        </Text>
        <Text size="xs" c="dimmed">
          Bounds are inclusive; the first range that holds the answer gives the score.
        </Text>
      </Group>
      {element.scoreRanges.length === 0 && (
        <Text size="sm" c="dimmed">
          No score ranges: the question is not scored.
        </Text>
      )}
      {element.scoreRanges.map((range, i) => {
        const n = i + 1;
        const set = (key: 'lowerValue' | 'upperValue' | 'score') => (v: number | string) =>
          onChange(updateScoreRange(element, i, { [key]: typeof v === 'number' ? v : 0 }));
        return (
          <Group key={range.localId ?? i} gap="xs" wrap="wrap" align="flex-end">
            <NumberInput
              label={`From${unit}`}
              aria-label={`Range ${n} from`}
              value={range.lowerValue}
              onChange={set('lowerValue')}
              description={hint(range.lowerValue)}
              w={130}
            />
            <NumberInput
              label={`To${unit}`}
              aria-label={`Range ${n} to`}
              value={range.upperValue}
              onChange={set('upperValue')}
              description={hint(range.upperValue)}
              error={range.lowerValue > range.upperValue ? 'Below From' : undefined}
              w={130}
            />
            <NumberInput
              label="Score"
              aria-label={`Range ${n} score`}
              value={range.score}
              onChange={set('score')}
              w={100}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mb={4}
              aria-label={`Remove range ${n}`}
              onClick={() => onChange(removeScoreRange(element, i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange(addScoreRange(element))}
        >
          Add score range
        </Button>
      </Group>
    </Stack>
  );
}
