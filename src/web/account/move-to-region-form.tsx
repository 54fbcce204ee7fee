import { Button, Checkbox, Group, Paper, Select, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { type Region, regionChoices } from './regions-panel';

/**
 * Move to region on Location Management (owners and admins): Select all ticks every location of the
 * page (the locations below each have their own box), and Move Locations puts the ticked ones in the
 * chosen region, or in none, with one call; the ticks clear once they moved.
 */
export function MoveToRegionForm({
  locationIds,
  regions,
  selected,
  onSelect,
  move,
  moving,
}: {
  locationIds: string[];
  regions: Region[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  move: (locationIds: string[], choice: string) => Promise<boolean>;
  moving: boolean;
}) {
  const [choice, setChoice] = useState<string | null>(null);
  const ticked = locationIds.filter((id) => selected.has(id));
  const all = ticked.length > 0 && ticked.length === locationIds.length;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (ticked.length === 0 || choice === null) return;
    if (await move(ticked, choice)) onSelect(new Set());
  };
  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label="Move locations to a region"
    >
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="md" wrap="nowrap" mih={36}>
          <Checkbox
            label="Select all"
            checked={all}
            indeterminate={ticked.length > 0 && !all}
            disabled={moving}
            onChange={(e) => onSelect(new Set(e.currentTarget.checked ? locationIds : []))}
          />
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="selected-count">
            {ticked.length} of {locationIds.length} selected
          </Text>
        </Group>
        <Group gap="xs" align="flex-end" wrap="nowrap" w={{ base: '100%', xs: 'auto' }}>
          <Select
            label="Move to region"
            placeholder="Choose a region"
            data={regionChoices(regions)}
            value={choice}
            onChange={setChoice}
            allowDeselect={false}
            disabled={moving}
            flex={1}
            miw={0}
            w={{ xs: 220 }}
          />
          <Button type="submit" loading={moving} disabled={ticked.length === 0 || choice === null}>
            Move Locations
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
