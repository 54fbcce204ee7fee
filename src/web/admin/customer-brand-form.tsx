import { useMutation, useQuery } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { notifyError, notifySuccess } from '../app/apollo';
import { ASSOCIATE_BRAND_TO_USER, AUTHENTICATED_BRANDS } from './admin-documents';

export const MSG_BRAND_ASSOCIATED = 'Successfully associated user to brand';

const ZAssociateBrand = z.object({ brandId: z.string().min(1, 'Please select a brand.') });
type TAssociateBrand = z.infer<typeof ZAssociateBrand>;

/** The customer's associated brand: only authenticated-type brands are offered (spec 2). */
export function CustomerBrandForm({ uid, brandId }: { uid: string; brandId: string | null | undefined }) {
  const brands = useQuery(AUTHENTICATED_BRANDS);
  const [associate] = useMutation(ASSOCIATE_BRAND_TO_USER);
  const options = (brands.data?.brands ?? []).map((b) => ({ value: b._id, label: b.name }));
  const current = options.some((o) => o.value === brandId) ? (brandId ?? '') : '';
  const form = useForm<TAssociateBrand>({
    resolver: zodResolver(ZAssociateBrand),
    values: { brandId: current },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await associate({ variables: { uid, brandId: input.brandId } });
      notifySuccess(MSG_BRAND_ASSOCIATED);
    } catch (err) {
      notifyError(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Associate Brand">
      <Group align="flex-end" gap="sm">
        <Controller
          control={form.control}
          name="brandId"
          render={({ field, fieldState }) => (
            <Select
              label="Associated Brand"
              description="Only brands that customers reach by logging in can be associated."
              placeholder={brands.loading ? 'Loading brands…' : 'Select a brand'}
              data={options}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              nothingFoundMessage="No authenticated brands"
              style={{ flex: '1 1 240px' }}
              maw={360}
            />
          )}
        />
        <Button type="submit" loading={form.formState.isSubmitting}>
          Save Brand
        </Button>
      </Group>
    </form>
  );
}
