import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A button that asks first, in place: the question ('Are You Sure?' by default), the confirming
 * button and Cancel.
 */
export function InlineConfirm({
  label,
  confirmLabel,
  question = 'Are You Sure?',
  note,
  onConfirm,
  loading,
}: {
  label: string;
  confirmLabel?: string;
  question?: string;
  note?: ReactNode;
  onConfirm: () => Promise<unknown> | undefined;
  loading?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button variant="light" color="red" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={label}>
      <Text size="sm" fw={600}>
        {question}
      </Text>
      {note && (
        <Text size="sm" c="dimmed" w="100%">
          {note}
        </Text>
      )}
      <Button
        color="red"
        loading={loading}
        onClick={async () => {
          await onConfirm();
          setAsking(false);
        }}
      >
        {confirmLabel ?? label}
      </Button>
      <Button variant="default" onClick={() => setAsking(false)} disabled={loading}>
        Cancel
      </Button>
    </Group>
  );
}
