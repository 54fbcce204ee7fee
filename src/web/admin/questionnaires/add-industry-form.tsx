import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { type TIndustryInput, ZIndustryInput } from '../../../domain';
import { fieldErrors, notifyError, notifySuccess } from '../../app/apollo';
import { ADD_INDUSTRY, BRAND_CATALOGUE } from './questionnaire-documents';

export const MSG_INDUSTRY_ADDED = 'Successfully added Industry';

/** Add an industry to the brand ('Industry name is required.' when empty); it is then opened. */
export function AddIndustryForm({ brandId, onAdded }: { brandId: string; onAdded: (id: string) => void }) {
  const form = useForm<TIndustryInput>({
    resolver: zodResolver(ZIndustryInput),
    defaultValues: { title: '', brandId },
  });
  const [addIndustry] = useMutation(ADD_INDUSTRY, {
    refetchQueries: [{ query: BRAND_CATALOGUE, variables: { brandId } }],
    awaitRefetchQueries: true,
  });
  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { data } = await addIndustry({ variables: input });
      notifySuccess(MSG_INDUSTRY_ADDED);
      form.reset({ title: '', brandId });
      if (data) onAdded(data.addIndustry._id);
    } catch (err) {
      notifyError(err);
      const fields = fieldErrors(err);
      if (fields.title) form.setError('title', { message: fields.title });
    }
  });
  return (
    <Paper withBorder p="md" component="form" onSubmit={onSubmit} noValidate aria-label="Add Industry">
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label="Industry Name"
          placeholder="e.g. Restaurants"
          style={{ flex: '1 1 240px' }}
          {...form.register('title')}
          error={form.formState.errors.title?.message}
        />
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          leftSection={<IconPlus size={16} />}
          loading={form.formState.isSubmitting}
        >
          Add Industry
        </Button>
      </Group>
    </Paper>
  );
}
