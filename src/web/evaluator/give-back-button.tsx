import { useMutation } from '@apollo/client';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError, notifySuccess } from '../app/apollo';
import { RELEASE_EVALUATION } from './evaluator-documents';

/** 'Give back this visit': after a confirmation the visit is offered to other shoppers again. */
export function GiveBackButton({
  evaluationId,
  beforeRelease,
}: {
  evaluationId: string;
  beforeRelease: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [release, { loading }] = useMutation(RELEASE_EVALUATION);
  const navigate = useNavigate();
  const confirm = async () => {
    beforeRelease();
    try {
      await release({ variables: { id: evaluationId } });
      notifySuccess('You gave back this visit. It is open for other shoppers again.');
      navigate('/evaluator/visits');
    } catch (err) {
      notifyError(err);
    }
  };
  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpen(true)}>
        Give back this visit
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Give back this visit?" centered>
        <Text size="sm">
          Your answers will be discarded and the visit will be offered to other shoppers. This cannot be
          undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Keep it
          </Button>
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            Give back
          </Button>
        </Group>
      </Modal>
    </>
  );
}
