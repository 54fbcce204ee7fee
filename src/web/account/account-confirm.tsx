import { Button, Group, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A button that asks first, in place: the question ('Are You Sure?' by default), the confirming
 * button and Cancel. For the keyboard: asking puts the focus on Cancel (the safe choice), Escape
 * cancels, and the focus returns to the button once the question closes.
 */
export function InlineConfirm({
  label,
  confirmLabel,
  question = 'Are You Sure?',
  note,
  onConfirm,
  loading,
  ariaLabel,
}: {
  label: string;
  /** The buttons' accessible names where `label` alone is ambiguous (one per row of a table). */
  ariaLabel?: string;
  confirmLabel?: string;
  question?: string;
  note?: ReactNode;
  onConfirm: () => Promise<unknown> | undefined;
  loading?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (asking) cancel.current?.focus();
    else if (opened.current) trigger.current?.focus();
    opened.current = asking;
  }, [asking]);
  if (!asking) {
    return (
      <Button
        ref={trigger}
        variant="light"
        color="red"
        aria-label={ariaLabel}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
    );
  }
  return (
    <Group
      gap="xs"
      role="group"
      aria-label={ariaLabel ?? label}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && !loading) setAsking(false);
      }}
    >
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
      <Button ref={cancel} variant="default" onClick={() => setAsking(false)} disabled={loading}>
        Cancel
      </Button>
    </Group>
  );
}
