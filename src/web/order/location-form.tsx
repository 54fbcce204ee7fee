import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  formatPhoneInput,
  MSG_LOCATION_ADDRESS_REQUIRED,
  type TLocationEditInput,
  ZLocationEditInput,
} from '../../domain';
import { fieldErrors } from '../app/apollo';
import { AddressAutocomplete, addressText, useGeocodeLine } from './address-autocomplete';

/** The form holds the typed address line beside the chosen address; the schema drops it. */
const ZLocationForm = ZLocationEditInput.extend({ addressLine: z.string().optional() });
type TLocationFormValues = z.input<typeof ZLocationForm>;
type TLocationFormOutput = z.output<typeof ZLocationForm>;

export type LocationFormInitial = {
  name: string;
  website?: string | null;
  phone?: string | null;
  additionalEmails?: string | null;
  address?: Record<string, unknown> | null;
};

/**
 * The location fields of the new-location form and of inline edits: address (autocomplete), name,
 * website, phone and report e-mails, validated with the shared location schema (address first).
 * `onSave` resolves true when saved; the form then resets to `resetTo` (the add form) or stays.
 */
export function LocationForm(props: {
  initial: LocationFormInitial;
  submitLabel: string;
  onSave: (input: TLocationEditInput) => Promise<boolean>;
  onCancel?: () => void;
  /** Values for the next entry after a successful save (the add form). */
  resetTo?: LocationFormInitial;
  compact?: boolean;
}) {
  const geocodeLine = useGeocodeLine();
  const [resolving, setResolving] = useState(false);
  const [resets, setResets] = useState(0);
  const form = useForm<TLocationFormValues, unknown, TLocationFormOutput>({
    resolver: zodResolver(ZLocationForm),
    defaultValues: toFormValues(props.initial),
  });
  const e = form.formState.errors;

  // The default name comes from the server (nextLocationID) and changes after each add: an untouched
  // name follows it, also right after the form was reset for the next entry.
  const defaultName = props.initial.name;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-apply the default after every reset.
  useEffect(() => {
    if (!form.getFieldState('name', form.formState).isDirty) form.setValue('name', defaultName);
  }, [defaultName, form, resets]);

  const submit = async () => {
    const line = (form.getValues('addressLine') ?? '').trim();
    if (!form.getValues('address') && line) {
      setResolving(true);
      try {
        const result = await geocodeLine(line);
        if (result.status === 'OK' && result.address) form.setValue('address', result.address);
      } catch {
        // Validation below reports the missing address.
      } finally {
        setResolving(false);
      }
    }
    await form.handleSubmit(async ({ addressLine: _line, ...input }) => {
      try {
        const saved = await props.onSave(input);
        if (saved && props.resetTo) {
          form.reset(toFormValues(props.resetTo));
          setResets((n) => n + 1);
        }
      } catch (err) {
        for (const [field, message] of Object.entries(fieldErrors(err))) {
          const key = field.startsWith('address') ? 'address' : field;
          form.setError(key as keyof TLocationFormValues, { message });
        }
      }
    })();
  };

  const addressError = e.address ? (e.address.message ?? MSG_LOCATION_ADDRESS_REQUIRED) : undefined;

  return (
    <form
      noValidate
      onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Controller
          control={form.control}
          name="addressLine"
          render={({ field }) => (
            <AddressAutocomplete
              text={field.value ?? ''}
              onTextChange={field.onChange}
              onSelect={(address) =>
                form.setValue('address', address, { shouldValidate: form.formState.isSubmitted })
              }
              error={addressError}
            />
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: props.compact ? 2 : 2 }} spacing="sm">
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
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.formState.isSubmitting || resolving}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function toFormValues(initial: LocationFormInitial): TLocationFormValues {
  const address = initial.address ?? null;
  return {
    address,
    addressLine: addressText(address as Parameters<typeof addressText>[0]),
    name: initial.name,
    website: initial.website ?? '',
    phone: initial.phone ?? '',
    additionalEmails: initial.additionalEmails ?? '',
  };
}
