import { Text, Textarea } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useState } from 'react';

/** A reviewer's comment on one question, saved when the box loses focus. */
export function CommentBox(props: {
  elementId: string;
  initial: string;
  disabled: boolean;
  onSave: (elementId: string, comment: string) => Promise<boolean>;
}) {
  const [value, setValue] = useState(props.initial);
  const [saved, setSaved] = useState(props.initial);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (value.trim() === saved.trim()) return;
    setBusy(true);
    if (await props.onSave(props.elementId, value)) setSaved(value);
    setBusy(false);
  };
  return (
    <Textarea
      mt="xs"
      size="sm"
      aria-label="Proofing comment"
      placeholder="Add a comment for the shopper"
      autosize
      minRows={1}
      value={value}
      disabled={props.disabled}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={() => void save()}
      data-testid="proofing-comment"
      leftSection={<IconMessageCircle size={16} />}
      leftSectionProps={{ style: { alignItems: 'flex-start', paddingTop: 7 } }}
      // A comment stands out; an empty box stays quiet.
      styles={{ input: value.trim() ? { background: 'var(--mantine-color-yellow-0)' } : {} }}
      description={
        busy ? (
          'Saving…'
        ) : saved.trim() && value.trim() === saved.trim() ? (
          <Text span size="xs" c="green">
            Comment saved
          </Text>
        ) : undefined
      }
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
