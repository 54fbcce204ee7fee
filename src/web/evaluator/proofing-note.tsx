import { Alert, Text } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';

/** A reviewer's comment on one question, shown to the shopper beside it. */
export function ProofingNote({ comment }: { comment: string }) {
  return (
    <Alert
      mt="xs"
      p="xs"
      color="orange"
      variant="light"
      icon={<IconMessageCircle size={18} />}
      data-testid="proofing-note"
    >
      <Text size="sm">
        <b>Reviewer:</b> {comment}
      </Text>
    </Alert>
  );
}
