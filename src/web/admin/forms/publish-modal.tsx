import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Confirms publishing: what a new version means, and that unsaved changes are saved first. */
export function PublishModal(props: {
  opened: boolean;
  onClose: () => void;
  nextVersion: number;
  dirty: boolean;
  problem: string | null;
  publishing: boolean;
  onPublish: () => void;
}) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={`Publish version ${props.nextVersion}?`}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          New evaluations will use version {props.nextVersion}. Evaluations already started keep the version
          they began on, and published versions never change.
        </Text>
        {props.dirty && !props.problem && (
          <Text size="sm" c="dimmed">
            Your unsaved changes will be saved first.
          </Text>
        )}
        {props.problem && (
          <Alert color="red" title="Fix the draft first">
            {props.problem}
          </Alert>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            onClick={props.onPublish}
            loading={props.publishing}
            disabled={!!props.problem}
            data-autofocus
          >
            Publish version {props.nextVersion}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
