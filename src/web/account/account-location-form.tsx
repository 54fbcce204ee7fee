import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPhoneInput, type TLocationEditInput, ZLocationEditInput } from '../../domain';
import { fieldErrors } from '../app/apollo';
import { type EditableAddress, editedAddress } from './account-location-rules';

export const MSG_POSTAL_CODE_LOCKED =
  'Please add a new location to edit zip code or contact support for assistance';

export interface AccountLocation {
  _id: string;
  name: string;
  website: string;
  phone: string;
  additionalEmails: string;
  /** The account's region it is in (issue 18). */
  regionId?: string | null;
  address: {
    line1: string;
    line2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
    formattedAddress?: string | null;
    googlePlacesId?: string | null;
    addressName?: string | null;
  };
}

type Values = z.input<typeof ZLocationEditInput> & { address: EditableAddress };

/** The saved address without the GraphQL type marker and with '' for missing parts. */
const plainAddress = (a: AccountLocation['address']): EditableAddress => ({
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  country: a.country,
  formattedAddress: a.formattedAddress ?? '',
  googlePlacesId: a.googlePlacesId ?? '',
  addressName: a.addressName ?? '',
});

/**
 * In-place edit of a saved location: name, website, phone, the typed address (the postal code
 * disabled) and the report e-mails, checked with the shared location schema.
 */
export function AccountLocationForm({
  location,
  onSave,
  onCancel,
}: {
  location: AccountLocation;
  onSave: (input: TLocationEditInput) => Promise<void>;
  onCancel: () => void;
}) {
  const saved = plainAddress(location.address);
  const form = useForm<Values, unknown, TLocationEditInput>({
    resolver: zodResolver(ZLocationEditInput) as never,
    defaultValues: {
      name: location.name,
      website: location.website,
      phone: location.phone,
      additionalEmails: location.additionalEmails,
      address: saved,
    },
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (input) => {
    try {
      await onSave({ ...input, address: editedAddress(saved, input.address as EditableAddress) });
    } catch (err) {
      for (const [field, message] of Object.entries(fieldErrors(err))) {
        form.setError(field as keyof Values, { message });
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${location.name}`}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Location Name" required {...form.register('name')} error={e.name?.message} />
          <TextInput
            label="Website"
            description="Only for questionnaires that need a website"
            inputMode="url"
            {...form.register('website')}
            error={e.website?.message}
          />
          <TextInput
            label="Phone"
            description="Only for questionnaires that need a phone number"
            type="tel"
            {...form.register('phone', {
              onChange: (ev) => form.setValue('phone', formatPhoneInput(ev.target.value)),
            })}
            error={e.phone?.message}
          />
          <TextInput
            label="Emails to Receive Reports for this Location"
            description="Separate several addresses with commas"
            {...form.register('additionalEmails')}
            error={e.additionalEmails?.message}
          />
          <TextInput
            label="Street Address"
            {...form.register('address.line1')}
            error={e.address?.message ?? e.address?.line1?.message}
          />
          <TextInput label="Address Line 2" {...form.register('address.line2')} />
          <TextInput label="City" {...form.register('address.city')} />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput label="State" {...form.register('address.state')} />
            <TextInput
              label="Zip Code"
              disabled
              description={MSG_POSTAL_CODE_LOCKED}
              {...form.register('address.postalCode')}
            />
          </SimpleGrid>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save Location
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
