import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatPhoneInput, MSG_PASSWORDS_DO_NOT_MATCH, ZRegisterInput } from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';
import { AuthCard } from './auth-card';
import { REGISTER } from './graphql';

const ZRegisterForm = ZRegisterInput.extend({ confirmPassword: z.string() }).refine(
  (v) => v.password === v.confirmPassword,
  { error: MSG_PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] },
);
type TRegisterForm = z.input<typeof ZRegisterForm>;

export function RegisterPage() {
  const [register, { loading }] = useMutation(REGISTER);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TRegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: {
      email: '',
      password: '',
      confirmPassword: '',
      profile: { firstName: '', lastName: '', businessName: '', phone: '', additionalEmails: '' },
    },
  });
  const e = form.formState.errors;

  const onSubmit = form.handleSubmit(async ({ confirmPassword: _c, ...input }) => {
    setError(null);
    try {
      await register({ variables: { input } });
      window.location.assign('/account');
    } catch (err) {
      for (const [field, message] of Object.entries(fieldErrors(err))) {
        form.setError(field as keyof TRegisterForm, { message });
      }
      setError(errorMessage(err));
    }
  });

  return (
    <AuthCard title="Create Account" error={error}>
      <form onSubmit={onSubmit} noValidate>
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
          mt="sm"
          label="Business Name"
          required
          autoComplete="organization"
          {...form.register('profile.businessName')}
          error={e.profile?.businessName?.message}
        />
        <TextInput
          mt="sm"
          label="Phone Number"
          required
          type="tel"
          autoComplete="tel"
          {...form.register('profile.phone', {
            onChange: (ev) =>
              form.setValue('profile.phone', formatPhoneInput(ev.target.value), {
                shouldValidate: form.formState.isSubmitted,
              }),
          })}
          error={e.profile?.phone?.message}
        />
        <TextInput
          mt="sm"
          label="Email Address to Receive Reports"
          required
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={e.email?.message}
        />
        <PasswordInput
          mt="sm"
          label="Password"
          required
          autoComplete="new-password"
          {...form.register('password')}
          error={e.password?.message}
        />
        <PasswordInput
          mt="sm"
          label="Confirm Password"
          required
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={e.confirmPassword?.message}
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={loading}>
            Create Account
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to="/login">
          Log in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
