import '../app/full-styles';
import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { MSG_PASSWORDS_DO_NOT_MATCH, ZRegisterInput } from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';
import { ContactFields } from '../components/contact-fields';
import { NewPasswordFields } from '../components/new-password-fields';
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
        <ContactFields form={form} />
        <Stack gap="sm" mt="sm">
          <NewPasswordFields form={form} />
        </Stack>
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
