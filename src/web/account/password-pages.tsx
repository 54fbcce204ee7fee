import '../app/full-styles';
import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { ZChangePasswordForm, ZForgotPasswordInput, ZPasswordWithConfirmation } from '../../domain';
import { errorMessage } from '../app/apollo';
import { RequireLogin } from '../app/session';
import { NewPasswordFields } from '../components/new-password-fields';
import { PasswordField } from '../components/password-field';
import { AuthCard } from './auth-card';
import { CHANGE_PASSWORD, RESET_PASSWORD, SEND_RESET_PASSWORD_EMAIL } from './graphql';
import { SecondFactorStep, secondFactorChallenge, secondFactorMethods } from './second-factor-step';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [send, { loading }] = useMutation(SEND_RESET_PASSWORD_EMAIL);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZForgotPasswordInput>>({
    resolver: zodResolver(ZForgotPasswordInput),
    defaultValues: { email: '' },
  });
  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await send({ variables: { email } });
      navigate('/reset-email-sent');
    } catch (err) {
      setError(errorMessage(err, 'An unknown error has occurred.'));
    }
  });
  return (
    <AuthCard title="Forgot Password" error={error}>
      <Text size="sm" c="dimmed">
        Enter the email address of your account and we will send you a link to reset your password.
      </Text>
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          label="Email"
          type="email"
          required
          autoFocus
          autoComplete="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <Group justify="space-between" mt="lg">
          <Anchor component={Link} to="/login" size="sm">
            Back to Login
          </Anchor>
          <Button type="submit" loading={loading}>
            Reset your password
          </Button>
        </Group>
      </form>
    </AuthCard>
  );
}

export function ResetEmailSentPage() {
  return (
    <AuthCard title="Reset Password">
      <Text>Check your e-mail for a link to reset your password.</Text>
      <Text c="dimmed" size="sm">
        If nothing arrives after a few minutes, please check your Spam folder.
      </Text>
      <Anchor component={Link} to="/login" size="sm">
        Back to Login
      </Anchor>
    </AuthCard>
  );
}

type TResetForm = z.input<typeof ZPasswordWithConfirmation>;

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [reset, { loading }] = useMutation(RESET_PASSWORD);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<TResetForm>({
    resolver: zodResolver(ZPasswordWithConfirmation),
    defaultValues: { password: '', confirmPassword: '' },
  });
  /** With two-factor sign-in on, the new password is set and the code is still asked. */
  const [challenge, setChallenge] = useState<{ challenge: string; methods: string[] } | null>(null);
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await reset({ variables: { token, password } });
      window.location.assign('/account');
    } catch (err) {
      const asked = secondFactorChallenge(err);
      if (asked) setChallenge({ challenge: asked, methods: secondFactorMethods(err) });
      else setError(errorMessage(err));
    }
  });
  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge.challenge}
        methods={challenge.methods}
        onDone={() => window.location.assign('/account')}
        onRestart={() => window.location.assign('/login')}
      />
    );
  }
  return (
    <AuthCard title="Reset Password" error={error}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <NewPasswordFields form={form} autoFocus />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={loading}>
            Reset your password
          </Button>
        </Group>
      </form>
    </AuthCard>
  );
}

type TChangeForm = z.input<typeof ZChangePasswordForm>;

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const [change, { loading }] = useMutation(CHANGE_PASSWORD);
  const [error, setError] = useState<string | null>(null);
  // Offered, and on by default: a changed password usually means the old one may be known to someone.
  const [signOutOthers, setSignOutOthers] = useState(true);
  const form = useForm<TChangeForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const e = form.formState.errors;
  const onSubmit = form.handleSubmit(async ({ oldPassword, password }) => {
    setError(null);
    try {
      await change({
        variables: { oldPassword, newPassword: password, signOutOtherSessions: signOutOthers },
      });
      navigate('/account');
    } catch (err) {
      setError(errorMessage(err));
    }
  });
  return (
    <AuthCard title="Change Password" error={error}>
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          label="Current Password"
          required
          autoFocus
          autoComplete="current-password"
          {...form.register('oldPassword')}
          error={e.oldPassword?.message}
        />
        <PasswordField
          mt="sm"
          label="New Password"
          required
          autoComplete="new-password"
          {...form.register('password')}
          error={e.password?.message}
        />
        <PasswordField
          mt="sm"
          label="Confirm New Password"
          required
          autoComplete="new-password"
          {...form.register('confirmPassword')}
          error={e.confirmPassword?.message}
        />
        <Checkbox
          mt="md"
          label="Sign out my other sessions"
          description="Every other browser and API login signed in as you must sign in again with the new password."
          checked={signOutOthers}
          onChange={(ev) => setSignOutOthers(ev.currentTarget.checked)}
          data-testid="sign-out-others"
        />
        <Group justify="flex-end" mt="lg">
          <Button type="submit" loading={loading}>
            Change Password
          </Button>
        </Group>
      </form>
    </AuthCard>
  );
}

/** /change-password needs a login. */
export function ChangePasswordRoute() {
  return (
    <RequireLogin>
      <ChangePasswordPage />
    </RequireLogin>
  );
}
