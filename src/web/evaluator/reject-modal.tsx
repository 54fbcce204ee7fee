import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

export const MSG_REJECT_NOTE = 'Please say what the shopper needs to correct.';

/** Reject with a note to the shopper (required); the note is e-mailed and shown on the evaluation. */
export function RejectModal(props: {
  opened: boolean;
  onClose: () => void;
  onReject: (note: string) => Promise<void>;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reject = async () => {
    if (!note.trim()) {
      setError(MSG_REJECT_NOTE);
      return;
    }
    setBusy(true);
    try {
      await props.onReject(note.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Reject this evaluation" centered>
      <Stack gap="sm">
        <Text size="sm">
          The shopper gets your note by e-mail and sees it, with your comments on the questions, when they
          open the evaluation to correct it.
        </Text>
        <Textarea
          label="Note to the shopper"
          required
          autosize
          minRows={3}
          value={note}
          error={error}
          data-autofocus
          onChange={(e) => {
            setNote(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void reject()}>
            Reject evaluation
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
