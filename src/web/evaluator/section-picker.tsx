import { NativeSelect, NavLink, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import type { Evaluation, FormSection } from '../../evaluation';

export interface SectionProgress {
  section: FormSection;
  /** 'Not started', '2 required left' or 'Complete'. */
  description: string;
  /** Something to correct in a started section. */
  alert: boolean;
  complete: boolean;
}

/** Each section's progress as the engine sees it. */
export function sectionProgress(evaluation: Evaluation, showAll = false): SectionProgress[] {
  const statuses = evaluation.status.elements;
  return evaluation.form.sections.map((section) => {
    const visible = section.elements.filter((e) => statuses[e.localId]?.visible && e.typeId !== 'remark');
    const open = visible.filter((e) => statuses[e.localId]?.required && !statuses[e.localId]?.populated);
    const collected = evaluation.status.sections[section.localId]?.collected ?? false;
    const alert = (collected || showAll) && visible.some((e) => statuses[e.localId]?.message);
    const complete = open.length === 0 && !visible.some((e) => statuses[e.localId]?.message);
    return {
      section,
      description: !collected
        ? complete
          ? 'Nothing required'
          : 'Not started'
        : open.length > 0
          ? `${open.length} required left`
          : alert
            ? 'To correct'
            : 'Complete',
      alert,
      complete: collected && complete,
    };
  });
}

const title = (s: FormSection, i: number) => `${i + 1}. ${s.name || 'Untitled section'}`;

/** The section list: a select on phones, links beside the questions on wider screens. */
export function SectionPicker(props: {
  items: SectionProgress[];
  activeId: string | null;
  onSelect: (sectionId: string) => void;
}) {
  const { items, activeId, onSelect } = props;
  return (
    <>
      <NativeSelect
        hiddenFrom="sm"
        label="Section"
        value={activeId ?? ''}
        onChange={(e) => onSelect(e.currentTarget.value)}
        data={items.map(({ section, description, alert }, i) => ({
          value: section.localId,
          label: `${title(section, i)} — ${alert ? '⚠ ' : ''}${description}`,
        }))}
      />
      <Paper withBorder p="xs" radius="md" visibleFrom="sm">
        <Stack gap={2}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs" pt={4}>
            Sections
          </Text>
          <nav aria-label="Sections">
            {items.map(({ section, description, alert, complete }, i) => (
              <NavLink
                key={section.localId}
                component="button"
                active={section.localId === activeId}
                aria-current={section.localId === activeId ? 'step' : undefined}
                label={title(section, i)}
                description={description}
                onClick={() => onSelect(section.localId)}
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                rightSection={
                  alert ? (
                    <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-label="To correct" />
                  ) : complete ? (
                    <IconCircleCheck size={16} color="var(--mantine-color-green-6)" aria-label="Complete" />
                  ) : null
                }
              />
            ))}
          </nav>
        </Stack>
      </Paper>
    </>
  );
}
