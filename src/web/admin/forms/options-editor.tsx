import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormElement } from '../../../evaluation';
import { addOption, moveOption, removeOption, updateOption } from './element-edits';

/** The options of a choice or multiple-choice question: prompt, score and N/A (precludes scoring). */
export function OptionsEditor(props: { element: FormElement; onChange: (element: FormElement) => void }) {
  const { element, onChange } = props;
  const last = element.options.length - 1;
  return (
    <Stack gap="xs" data-testid="options-editor">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Options
        </Text>
        <Text size="xs" c="dimmed">
          N/A options give no score and leave the question out of the possible score.
        </Text>
      </Group>
      {element.options.length === 0 && (
        <Text size="sm" c="dimmed">
          No options yet.
        </Text>
      )}
      {element.options.map((option, i) => {
        const n = i + 1;
        return (
          <Group key={option.localId} gap="xs" wrap="wrap" align="center" style={{ rowGap: 4 }}>
            <TextInput
              aria-label={`Option ${n} text`}
              placeholder={`Option ${n}`}
              value={option.prompt}
              onChange={(e) =>
                onChange(updateOption(element, option.localId, { prompt: e.currentTarget.value }))
              }
              style={{ flex: '1 1 220px' }}
            />
            <NumberInput
              aria-label={`Option ${n} score`}
              value={option.score}
              onChange={(v) =>
                onChange(updateOption(element, option.localId, { score: typeof v === 'number' ? v : 0 }))
              }
              w={84}
              disabled={option.precludesScoring}
              leftSection={
                <Text size="xs" c="dimmed">
                  pts
                </Text>
              }
            />
            <Tooltip label="Not applicable: precludes scoring">
              <Checkbox
                label="N/A"
                aria-label={`Option ${n} precludes scoring`}
                checked={option.precludesScoring}
                onChange={(e) =>
                  onChange(
                    updateOption(element, option.localId, { precludesScoring: e.currentTarget.checked }),
                  )
                }
              />
            </Tooltip>
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move option ${n} up`}
                disabled={i === 0}
                onClick={() => onChange(moveOption(element, option.localId, -1))}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move option ${n} down`}
                disabled={i === last}
                onClick={() => onChange(moveOption(element, option.localId, 1))}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove option ${n}`}
                onClick={() => onChange(removeOption(element, option.localId))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange(addOption(element))}
        >
          Add option
        </Button>
      </Group>
    </Stack>
  );
}
