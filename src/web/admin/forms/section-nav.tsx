import { Badge, Button, Group, NavLink, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import type { FormSection } from '../../../evaluation';

export interface SectionNavItem {
  section: FormSection;
  /** Shown under the name, e.g. '4 questions' or 'Collected'. */
  description: string;
  /** Marks a section with a problem or unanswered required questions. */
  alert?: boolean;
  /** Hidden sections (e.g. none of their elements visible) are dimmed. */
  dimmed?: boolean;
}

/**
 * The list of sections beside the content: links on wide screens, a select on phones. Used by
 * content and entry modes.
 */
export function SectionNav(props: {
  items: SectionNavItem[];
  activeId: string | null;
  onSelect: (sectionId: string) => void;
  onAdd?: () => void;
  label?: string;
}) {
  const { items, activeId, onSelect } = props;
  const label = props.label ?? 'Sections';
  return (
    <>
      <Paper withBorder p="xs" radius="md" visibleFrom="sm">
        <Stack gap={4}>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="xs" pt={4}>
            {label}
          </Text>
          <nav aria-label={label}>
            {items.map(({ section, description, alert, dimmed }, i) => (
              <NavLink
                key={section.localId}
                component="button"
                active={section.localId === activeId}
                label={`${i + 1}. ${section.name || 'Untitled section'}`}
                description={description}
                onClick={() => onSelect(section.localId)}
                opacity={dimmed ? 0.55 : 1}
                aria-current={section.localId === activeId ? 'page' : undefined}
                rightSection={
                  alert ? (
                    <IconAlertCircle
                      size={16}
                      color="var(--mantine-color-red-6)"
                      aria-label="Needs attention"
                    />
                  ) : null
                }
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            ))}
          </nav>
          {props.onAdd && (
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              onClick={props.onAdd}
              justify="flex-start"
            >
              Add section
            </Button>
          )}
        </Stack>
      </Paper>
      <Group hiddenFrom="sm" gap="xs" wrap="nowrap" align="flex-end">
        <Select
          label={label}
          data={items.map(({ section }, i) => ({
            value: section.localId,
            label: `${i + 1}. ${section.name || 'Untitled section'}`,
          }))}
          value={activeId}
          allowDeselect={false}
          onChange={(v) => v && onSelect(v)}
          style={{ flex: 1 }}
          rightSection={
            items.some((i) => i.alert) ? (
              <Badge color="red" size="xs" circle>
                !
              </Badge>
            ) : undefined
          }
        />
        {props.onAdd && (
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
            Section
          </Button>
        )}
      </Group>
    </>
  );
}
