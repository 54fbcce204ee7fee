import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPhoneInput, SHOPPER_GENDERS, ZShopperRegisterInput } from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';
import { PasswordField } from '../components/password-field';
import { REGISTER_SHOPPER } from './evaluator-documents';
import { STATE_OPTIONS } from './us-states';

type TSignup = z.input<typeof ZShopperRegisterInput>;

const GENDER_LABEL: Record<(typeof SHOPPER_GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
};

/** Optional fields: an empty choice is no answer. */
const orNull = (v: unknown) => (v === '' || v == null ? null : v);
const yearOrNull = (v: unknown) => (v === '' || v == null ? null : Number(v));

/** 'Become a shopper': the evaluator app's sign-up; the new shopper is logged in and sees open visits. */
export function ShopperSignupForm() {
  const [registerShopper, { loading }] = useMutation(REGISTER_SHOPPER);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TSignup>({
    resolver: zodResolver(ZShopperRegisterInput),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
      city: '',
      state: '',
      gender: null,
      birthYear: null,
      line1: '',
      postalCode: '',
      hasCar: false,
    },
  });
  const e = form.formState.errors;
  const phone = form.register('phone', {
    onChange: (ev) =>
      form.setValue('phone', formatPhoneInput(ev.target.value), {
        shouldValidate: form.formState.isSubmitted,
      }),
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      await registerShopper({ variables: { input: ZShopperRegisterInput.parse(input) } });
      // A full load, so every query starts again as the new shopper.
      window.location.assign('/evaluator/visits');
    } catch (err) {
      for (const [field, message] of Object.entries(fieldErrors(err))) {
        form.setError(field as keyof TSignup, { message });
      }
      setError(errorMessage(err));
    }
  });

  return (
    <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }} data-testid="shopper-signup">
      <Stack gap="md">
        <div>
          <Title order={2} size="h2">
            Become a shopper
          </Title>
          <Text size="sm" c="dimmed">
            Get paid to visit businesses near you and report on your experience.
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <SimpleGrid cols={2} spacing="sm">
              <TextInput
                label="First Name"
                required
                autoComplete="given-name"
                {...form.register('firstName')}
                error={e.firstName?.message}
              />
              <TextInput
                label="Last Name"
                required
                autoComplete="family-name"
                {...form.register('lastName')}
                error={e.lastName?.message}
              />
            </SimpleGrid>
            <TextInput
              label="E-mail"
              type="email"
              required
              autoComplete="email"
              {...form.register('email')}
              error={e.email?.message}
            />
            <PasswordField
              label="Choose a password"
              required
              autoComplete="new-password"
              {...form.register('password')}
              error={e.password?.message}
            />
            <TextInput
              label="Phone"
              type="tel"
              required
              autoComplete="tel"
              {...phone}
              error={e.phone?.message}
            />
            <TextInput
              label="Home street address"
              description="Visits are listed by distance from it; businesses never see it."
              autoComplete="address-line1"
              {...form.register('line1')}
              error={e.line1?.message}
            />
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <TextInput
                label="City"
                required
                autoComplete="address-level2"
                {...form.register('city')}
                error={e.city?.message}
              />
              <NativeSelect
                label="State"
                required
                data={[{ value: '', label: 'Select your state' }, ...STATE_OPTIONS]}
                {...form.register('state')}
                error={e.state?.message}
              />
              <TextInput
                label="ZIP Code"
                inputMode="numeric"
                autoComplete="postal-code"
                {...form.register('postalCode')}
                error={e.postalCode?.message}
              />
            </SimpleGrid>
            <SimpleGrid cols={2} spacing="sm">
              <NativeSelect
                label="Gender (optional)"
                data={[
                  { value: '', label: 'Prefer not to say' },
                  ...SHOPPER_GENDERS.map((g) => ({ value: g, label: GENDER_LABEL[g] })),
                ]}
                {...form.register('gender', { setValueAs: orNull })}
                error={e.gender?.message}
              />
              <TextInput
                label="Birth year (optional)"
                inputMode="numeric"
                placeholder="e.g. 1990"
                {...form.register('birthYear', { setValueAs: yearOrNull })}
                error={e.birthYear?.message}
              />
            </SimpleGrid>
            <Checkbox label="I have a car for visits" {...form.register('hasCar')} />
            <Button type="submit" loading={loading} fullWidth mt="xs">
              Sign up as a shopper
            </Button>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
