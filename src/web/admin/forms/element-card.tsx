import {
  ActionIcon,
  Badge,
  Collapse,
  Group,
  Menu,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Textarea,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconDots,
  IconFolderSymlink,
  IconTrash,
} from '@tabler/icons-react';
import {
  CREATABLE_ELEMENT_TYPES,
  ELEMENT_TYPES,
  type ElementType,
  type FormElement,
  type FormSection,
} from '../../../evaluation';
import { ELEMENT_TYPE_ICON, ELEMENT_TYPE_LABEL, hasOptions, hasScoreRanges } from '../../evaluation';
import { ConfigEditor } from './config-editor';
import { ConfirmAction } from './confirm-button';
import { ElementSettings } from './element-settings';
import type { FormOutline } from './form-outline';
import { OptionsEditor } from './options-editor';
import { RulesetEditor } from './ruleset-editor';
import { ScoreRangesEditor } from './score-ranges-editor';

const creatable = new Set(CREATABLE_ELEMENT_TYPES.map((t) => t.typeId));
const TYPE_CHOICES = [
  {
    group: 'Question types',
    items: CREATABLE_ELEMENT_TYPES.map((t) => ({ value: t.typeId, label: t.label })),
  },
  {
    group: 'More types',
    items: ELEMENT_TYPES.filter((t) => !creatable.has(t)).map((t) => ({
      value: t,
      label: ELEMENT_TYPE_LABEL[t],
    })),
  },
];

function Flags({ element }: { element: FormElement }) {
  const scored =
    (hasOptions(element.typeId) && element.options.some((o) => o.score > 0)) ||
    (hasScoreRanges(element.typeId) && element.scoreRanges.some((r) => r.score > 0));
  return (
    <Group gap={4} wrap="nowrap" visibleFrom="xs" data-testid="element-flags" style={{ flexShrink: 0 }}>
      {element.required.when !== 'never' && (
        <Badge size="xs" variant="light" color="red">
          {element.required.when === 'always' ? 'Required' : 'Required if…'}
        </Badge>
      )}
      {element.visible.when !== 'always' && (
        <Badge size="xs" variant="light" color="violet">
          {element.visible.when === 'never' ? 'Hidden' : 'Conditional'}
        </Badge>
      )}
      {scored && (
        <Badge size="xs" variant="light" color="teal">
          Scored
        </Badge>
      )}
      {element.editability !== 'all' && (
        <Badge size="xs" variant="light" color="gray">
          Internal
        </Badge>
      )}
    </Group>
  );
}

export interface ElementCardProps {
  element: FormElement;
  index: number;
  count: number;
  number: number | null;
  sections: readonly FormSection[];
  sectionId: string;
  outline: FormOutline;
  /** The engine's objection to this element, if any. */
  problem: string | null;
  /** How many conditions of other questions read this one (removed with it). */
  readBy: number;
  open: boolean;
  onToggle: () => void;
  onChange: (element: FormElement) => void;
  onMove: (delta: -1 | 1) => void;
  onMoveToSection: (sectionId: string) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

/** One element: a summary line that opens into its editor (question, logic, settings). */
export function ElementCard(props: ElementCardProps) {
  const { element, open, onChange } = props;
  const Icon = ELEMENT_TYPE_ICON[element.typeId];
  const title =
    element.typeId === 'remark' ? element.prompt || element.config.content || 'Remark' : element.prompt;
  return (
    <Paper
      withBorder
      radius="md"
      data-testid="element-card"
      data-element-id={element.localId}
      style={props.problem ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Group gap="xs" wrap="nowrap" p="xs" pl="sm">
        <UnstyledButton onClick={props.onToggle} aria-expanded={open} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            {/* Named by its text, "Edit Q1 Title ..." (WCAG 2.5.3: the visible label is part of the name). */}
            <VisuallyHidden component="span">{open ? 'Close' : 'Edit'}</VisuallyHidden>
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Tooltip label={ELEMENT_TYPE_LABEL[element.typeId]}>
              <ThemeIcon variant="light" size="md" radius="sm">
                <Icon size={16} />
              </ThemeIcon>
            </Tooltip>
            {props.number != null && (
              <Text fw={700} size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                Q{props.number}
              </Text>
            )}
            <Text size="sm" fw={500} truncate c={title ? undefined : 'dimmed'} style={{ minWidth: 0 }}>
              {title || 'Untitled question'}
            </Text>
            <Flags element={element} />
          </Group>
        </UnstyledButton>
        <Group gap={2} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Move up"
            disabled={props.index === 0}
            onClick={() => props.onMove(-1)}
            visibleFrom="sm"
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label="Move down"
            disabled={props.index === props.count - 1}
            onClick={() => props.onMove(1)}
            visibleFrom="sm"
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="More actions">
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                hiddenFrom="sm"
                leftSection={<IconArrowUp size={14} />}
                disabled={props.index === 0}
                onClick={() => props.onMove(-1)}
              >
                Move up
              </Menu.Item>
              <Menu.Item
                hiddenFrom="sm"
                leftSection={<IconArrowDown size={14} />}
                disabled={props.index === props.count - 1}
                onClick={() => props.onMove(1)}
              >
                Move down
              </Menu.Item>
              <Menu.Item leftSection={<IconCopy size={14} />} onClick={props.onDuplicate}>
                Duplicate
              </Menu.Item>
              {props.sections.length > 1 && <Menu.Label>Move to section</Menu.Label>}
              {props.sections
                .filter((s) => s.localId !== props.sectionId)
                .map((s) => (
                  <Menu.Item
                    key={s.localId}
                    leftSection={<IconFolderSymlink size={14} />}
                    onClick={() => props.onMoveToSection(s.localId)}
                  >
                    {s.name || 'Untitled section'}
                  </Menu.Item>
                ))}
            </Menu.Dropdown>
          </Menu>
          <ConfirmAction
            message="Delete this question?"
            detail={
              props.readBy > 0
                ? `${props.readBy} condition${props.readBy === 1 ? '' : 's'} of other questions read it and will be removed too.`
                : null
            }
            confirmLabel="Delete"
            onConfirm={props.onRemove}
            target={(toggle) => (
              <ActionIcon variant="subtle" color="red" aria-label="Delete question" onClick={toggle}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          />
        </Group>
      </Group>
      {props.problem && (
        <Text size="xs" c="red" px="sm" pb="xs" role="alert">
          {props.problem}
        </Text>
      )}
      <Collapse in={open}>
        <Tabs defaultValue="question" px="sm" pb="sm" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="question">Question</Tabs.Tab>
            <Tabs.Tab value="logic">Logic</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="question" pt="sm">
            <Stack gap="md">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <Select
                  label="Type"
                  data={TYPE_CHOICES}
                  value={element.typeId}
                  allowDeselect={false}
                  w={200}
                  onChange={(v) => v && onChange({ ...element, typeId: v as ElementType })}
                />
                <Textarea
                  label={element.typeId === 'remark' ? 'Title (optional)' : 'Question'}
                  placeholder={
                    element.typeId === 'remark' ? 'A heading for the remark' : 'What should be answered?'
                  }
                  autosize
                  minRows={1}
                  value={element.prompt}
                  onChange={(e) => onChange({ ...element, prompt: e.currentTarget.value })}
                  style={{ flex: 1, minWidth: 220 }}
                  data-autofocus
                />
              </Group>
              {hasOptions(element.typeId) && <OptionsEditor element={element} onChange={onChange} />}
              <ConfigEditor element={element} onChange={onChange} />
              {hasScoreRanges(element.typeId) && <ScoreRangesEditor element={element} onChange={onChange} />}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="logic" pt="sm">
            <Stack gap="sm">
              <RulesetEditor element={element} kind="visible" outline={props.outline} onChange={onChange} />
              {element.typeId !== 'remark' && (
                <RulesetEditor
                  element={element}
                  kind="required"
                  outline={props.outline}
                  onChange={onChange}
                />
              )}
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="settings" pt="sm">
            <ElementSettings element={element} onChange={onChange} />
          </Tabs.Panel>
        </Tabs>
      </Collapse>
    </Paper>
  );
}
