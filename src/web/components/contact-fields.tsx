import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormReturn } from 'react-hook-form';
import { formatPhoneInput } from '../../domain';

/** The fields every contact form shares (register, checkout, account information). */
export type ContactFormValues = {
  email?: string | null;
  profile?: {
    firstName?: string | null;
    lastName?: string | null;
    businessName?: string | null;
    phone?: string | null;
    additionalEmails?: string | null;
  } | null;
};

/**
 * First Name, Last Name, Business Name, Phone Number (formatted as typed) and the Email Address to
 * Receive Reports, wired to a react-hook-form form whose values include ContactFormValues.
 */
export function ContactFields<T extends ContactFormValues>({
  form: typedForm,
  additionalEmails = false,
  emailLockedNote,
}: {
  form: UseFormReturn<T>;
  /** Also ask for the comma-separated additional e-mail addresses. */
  additionalEmails?: boolean;
  /** Shows the e-mail address read-only, with this note under it (a team's admin may not change it). */
  emailLockedNote?: string | undefined;
}) {
  // The paths below exist on every T; react-hook-form's generics cannot see that through `extends`.
  const form = typedForm as unknown as UseFormReturn<ContactFormValues>;
  const e = form.formState.errors as FieldErrors<ContactFormValues>;
  const phone = form.register('profile.phone', {
    // Revalidate with the formatted value once the form has been submitted.
    onChange: (ev) =>
      form.setValue('profile.phone', formatPhoneInput(ev.target.value), {
        shouldValidate: form.formState.isSubmitted,
      }),
  });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="First Name"
          required
          autoComplete="given-name"
          {...form.register('profile.firstName')}
          error={e.profile?.firstName?.message}
        />
        <TextInput
          label="Last Name"
          required
          autoComplete="family-name"
          {...form.register('profile.lastName')}
          error={e.profile?.lastName?.message}
        />
      </SimpleGrid>
      <TextInput
        label="Business Name"
        required
        autoComplete="organization"
        {...form.register('profile.businessName')}
        error={e.profile?.businessName?.message}
      />
      <TextInput
        label="Phone Number"
        required
        type="tel"
        autoComplete="tel"
        {...phone}
        error={e.profile?.phone?.message}
      />
      <TextInput
        label="Email Address to Receive Reports"
        required
        type="email"
        autoComplete="email"
        {...form.register('email')}
        readOnly={emailLockedNote !== undefined}
        description={emailLockedNote}
        error={e.email?.message}
      />
      {additionalEmails && (
        <TextInput
          label="Additional Emails to Receive Reports"
          description="Separate several addresses with commas."
          {...form.register('profile.additionalEmails')}
          error={e.profile?.additionalEmails?.message}
        />
      )}
    </Stack>
  );
}
