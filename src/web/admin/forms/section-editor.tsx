import { ActionIcon, Group, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { ElementType, EvaluationError, Form, FormSection } from '../../../evaluation';
import { AddElementMenu } from './add-element-menu';
import { ConfirmAction } from './confirm-button';
import {
  addElement,
  conditionsReading,
  duplicateElement,
  moveElement,
  moveElementToSection,
  moveSection,
  removeElement,
  removeSection,
  renameSection,
  updateElement,
} from './draft-edits';
import { ElementCard } from './element-card';
import type { FormOutline } from './form-outline';

/** One section in content mode: its name and order, and its elements with their editors. */
export function SectionEditor(props: {
  section: FormSection;
  index: number;
  outline: FormOutline;
  problem: EvaluationError | null;
  open: ReadonlySet<string>;
  onToggle: (elementId: string, open?: boolean) => void;
  onChange: (form: Form) => void;
  onSectionRemoved: () => void;
}) {
  const { section, outline, index } = props;
  const form = outline.form;
  const count = form.sections.length;
  const change = (next: Form) => props.onChange(next);
  const add = (typeId: ElementType) => {
    const [next, id] = addElement(form, section.localId, typeId);
    change(next);
    props.onToggle(id, true);
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="section-editor">
      <Stack gap="md">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={`Section ${index + 1} name`}
            value={section.name}
            onChange={(e) => change(renameSection(form, section.localId, e.currentTarget.value))}
            style={{ flex: 1 }}
          />
          <Tooltip label="Move section up">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Move section up"
              disabled={index === 0}
              onClick={() => change(moveSection(form, section.localId, -1))}
            >
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move section down">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Move section down"
              disabled={index === count - 1}
              onClick={() => change(moveSection(form, section.localId, 1))}
            >
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <ConfirmAction
            message="Delete this section?"
            detail={
              section.elements.length > 0
                ? `Its ${section.elements.length} question${section.elements.length === 1 ? '' : 's'} will be deleted too.`
                : null
            }
            confirmLabel="Delete section"
            onConfirm={() => {
              change(removeSection(form, section.localId));
              props.onSectionRemoved();
            }}
            target={(toggle) => (
              <Tooltip label={count === 1 ? 'A form keeps at least one section' : 'Delete section'}>
                <ActionIcon
                  variant="default"
                  color="red"
                  size="lg"
                  aria-label="Delete section"
                  disabled={count === 1}
                  onClick={toggle}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            )}
          />
        </Group>

        {section.elements.length === 0 ? (
          <Paper withBorder p="lg" radius="md" style={{ borderStyle: 'dashed' }}>
            <Text c="dimmed" ta="center" size="sm">
              No questions in this section yet. Add the first one below.
            </Text>
          </Paper>
        ) : (
          <Stack gap="xs">
            {section.elements.map((element, i) => (
              <ElementCard
                key={element.localId}
                element={element}
                index={i}
                count={section.elements.length}
                number={outline.numbers[element.localId] ?? null}
                sections={form.sections}
                sectionId={section.localId}
                outline={outline}
                problem={props.problem?.elementId === element.localId ? props.problem.message : null}
                readBy={conditionsReading(form, element.localId)}
                open={props.open.has(element.localId)}
                onToggle={() => props.onToggle(element.localId)}
                onChange={(next) => change(updateElement(form, element.localId, () => next))}
                onMove={(delta) => change(moveElement(form, element.localId, delta))}
                onMoveToSection={(to) => change(moveElementToSection(form, element.localId, to))}
                onDuplicate={() => {
                  const [next, id] = duplicateElement(form, element.localId);
                  change(next);
                  props.onToggle(id, true);
                }}
                onRemove={() => change(removeElement(form, element.localId))}
              />
            ))}
          </Stack>
        )}
        <Group>
          <AddElementMenu onAdd={add} />
        </Group>
      </Stack>
    </Paper>
  );
}
