import { Button, Group, Popover, Stack, Text } from '@mantine/core';
import { type ReactElement, useState } from 'react';

/** A destructive action behind an inline confirmation (the trigger is any button). */
export function ConfirmAction(props: {
  target: (open: () => void) => ReactElement;
  message: string;
  detail?: string | null;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>{props.target(() => setOpened((o) => !o))}</Popover.Target>
      <Popover.Dropdown maw={300}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {props.message}
          </Text>
          {props.detail && (
            <Text size="xs" c="dimmed">
              {props.detail}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button
              size="xs"
              color="red"
              onClick={() => {
                setOpened(false);
                props.onConfirm();
              }}
            >
              {props.confirmLabel}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
