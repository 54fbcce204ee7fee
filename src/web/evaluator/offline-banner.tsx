import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconCloudCheck, IconCloudOff } from '@tabler/icons-react';
import type { OutboxState } from './offline/outbox';
import { bannerText } from './offline/outbox-logic';

/**
 * The top of the evaluation page: "Offline: N changes waiting" while changes are on the phone only,
 * "All changes saved" once the server has them; when the server refuses a save, why and what to do.
 */
export function OfflineBanner({
  state,
  waiting,
  onReloadNewest,
  onKeepMine,
  busy,
}: {
  state: OutboxState;
  /** Saves in the outbox plus changes the debounce holds. */
  waiting: number;
  onReloadNewest: () => void;
  onKeepMine: () => void;
  busy: boolean;
}) {
  const text = bannerText({ online: state.online, waiting });
  const saved = waiting === 0;
  return (
    <>
      <Paper
        withBorder
        radius="md"
        px="sm"
        py={6}
        bg={saved ? undefined : 'var(--mantine-color-yellow-light)'}
        data-testid="offline-banner"
        data-waiting={waiting}
      >
        <Group gap={8} wrap="nowrap" aria-live="polite">
          {state.online ? <IconCloudCheck size={18} aria-hidden /> : <IconCloudOff size={18} aria-hidden />}
          <Text size="sm" fw={600}>
            {text}
          </Text>
        </Group>
      </Paper>
      {state.problem && (
        <Alert
          color="red"
          role="alert"
          data-testid="save-problem"
          title={
            state.problem.kind === 'conflict'
              ? 'Changed on another device'
              : `Your ${waiting === 1 ? 'change was' : 'changes were'} not saved`
          }
        >
          <Text size="sm">{state.problem.message}</Text>
          <Text size="sm" mt={4} c="dimmed">
            Your answers are still on this page.{' '}
            {state.problem.kind === 'conflict'
              ? 'Reload the newest answers (yours are dropped), or keep yours and save them over the newest.'
              : 'Reload to see the evaluation as it is now (your waiting changes are dropped).'}
          </Text>
          <Group gap="xs" mt="sm">
            <Button size="compact-sm" variant="light" color="red" onClick={onReloadNewest} loading={busy}>
              Reload newest
            </Button>
            {state.problem.kind === 'conflict' && (
              <Button size="compact-sm" onClick={onKeepMine} loading={busy}>
                Keep mine
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </>
  );
}
