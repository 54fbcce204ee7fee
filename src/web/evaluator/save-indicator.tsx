import { Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudOff } from '@tabler/icons-react';
import type { SaveState } from './use-autosave';

/** 'Saved', 'Saving…', 'Saved on this phone' (offline) or 'Not saved' with a retry: the autosave as the shopper sees it. */
export function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  if (state === 'error') {
    return (
      <Group gap={6} wrap="nowrap" data-testid="save-state" data-state={state}>
        <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" />
        <Text size="sm" c="red" fw={600}>
          Not saved
        </Text>
        <Button size="compact-xs" variant="light" color="red" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    );
  }
  if (state === 'offline') {
    return (
      <Group gap={6} wrap="nowrap" data-testid="save-state" data-state={state}>
        <IconCloudOff size={16} color="var(--mantine-color-yellow-8)" />
        <Text size="sm" fw={600}>
          Saved on this phone
        </Text>
      </Group>
    );
  }
  const busy = state !== 'saved';
  return (
    <Group gap={6} wrap="nowrap" data-testid="save-state" data-state={state} aria-live="polite">
      {busy ? <Loader size={14} /> : <IconCheck size={16} color="var(--mantine-color-green-7)" />}
      <Text size="sm" c={busy ? 'dimmed' : 'green'} fw={600}>
        {busy ? 'Saving…' : 'Saved'}
      </Text>
    </Group>
  );
}
