import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { type TCreateFormInput, ZCreateFormInput } from '../../../domain';
import { fieldErrors, notifyError } from '../../app/apollo';
import { CREATE_FORM, FORMS } from './forms-documents';

/** 'New Form': a name, then straight into the builder. */
export function NewFormModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const form = useForm<TCreateFormInput>({
    resolver: zodResolver(ZCreateFormInput),
    defaultValues: { name: '' },
  });
  const [createForm] = useMutation(CREATE_FORM, { refetchQueries: [FORMS] });
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const { data } = await createForm({ variables: { name } });
      if (data) navigate(`/admin/forms/${data.createForm._id}`);
    } catch (err) {
      const message = fieldErrors(err).name;
      if (message) form.setError('name', { message });
      else notifyError(err);
    }
  });
  return (
    <Modal opened={opened} onClose={onClose} title="New Form" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Form name"
            placeholder="e.g. Store Visit"
            data-autofocus
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              Create form
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
