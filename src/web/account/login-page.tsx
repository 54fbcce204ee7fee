import { useMutation } from '@apollo/client';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Divider, Group, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { type TLoginInput, ZLoginInput } from '../../domain';
import { errorMessage } from '../app/apollo';
import { PasswordField } from '../components/password-field';
import { AuthCard } from './auth-card';
import { LOGIN } from './graphql';
import { passkeysSupported } from './passkey-browser';
import {
  SecondFactorStep,
  secondFactorChallenge,
  secondFactorMethods,
  usePasskeySignIn,
} from './second-factor-step';

/** Only same-site paths are followed after login. */
export function safeRedirect(target: string | null, fallback = '/account'): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : fallback;
}

/** The login form; other areas (the evaluator app) reuse it with their own title, landing page and footer. */
export function LoginPage({
  title = 'Login',
  fallback = '/account',
  footer,
}: {
  title?: string;
  /** Where to go after login when the URL names no same-site redirect. */
  fallback?: string;
  /** Replaces the 'New here? Create an account' line. */
  footer?: ReactNode;
} = {}) {
  const [params] = useSearchParams();
  const [login, { loading }] = useMutation(LOGIN);
  const [error, setError] = useState<string | null>(null);
  /** Set when the password was right and two-factor sign-in asks for a code. */
  const [challenge, setChallenge] = useState<{ challenge: string; methods: string[] } | null>(null);
  const passkeySignIn = usePasskeySignIn();
  const [usingPasskey, setUsingPasskey] = useState(false);
  // Known only in the browser: the server's render and the first paint leave the button out.
  const [canUsePasskey, setCanUsePasskey] = useState(false);
  useEffect(() => setCanUsePasskey(passkeysSupported()), []);
  const form = useForm<TLoginInput>({
    resolver: zodResolver(ZLoginInput),
    defaultValues: { email: '', password: '' },
  });

  // Full page load so every cached query starts again as the new user (spec).
  const done = () => window.location.assign(safeRedirect(params.get('redirect'), fallback));

  const onSubmit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { data } = await login({ variables: values });
      // A platform admin, or a member whose team requires it, sets up two-factor sign-in first.
      if (data?.login.secondFactorSetupRequired) window.location.assign('/account/security');
      else done();
    } catch (err) {
      const asked = secondFactorChallenge(err);
      if (asked) setChallenge({ challenge: asked, methods: secondFactorMethods(err) });
      else setError(errorMessage(err));
    }
  });

  const signInWithPasskey = async () => {
    setError(null);
    setUsingPasskey(true);
    try {
      const signedIn = await passkeySignIn(null);
      if (signedIn?.setupRequired) window.location.assign('/account/security');
      else if (signedIn) done();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUsingPasskey(false);
    }
  };

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge.challenge}
        methods={challenge.methods}
        onDone={done}
        onRestart={() => {
          setChallenge(null);
          form.setValue('password', '');
        }}
      />
    );
  }

  return (
    <AuthCard title={title} error={error}>
      <form onSubmit={onSubmit} noValidate>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          autoFocus
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <PasswordField
          mt="sm"
          label="Password"
          autoComplete="current-password"
          required
          {...form.register('password')}
          error={form.formState.errors.password?.message}
        />
        <Group justify="space-between" mt="lg">
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot your password?
          </Anchor>
          <Button type="submit" loading={loading}>
            Login
          </Button>
        </Group>
      </form>
      {canUsePasskey && (
        <>
          <Divider label="or" labelPosition="center" />
          <Button variant="default" onClick={signInWithPasskey} loading={usingPasskey} fullWidth>
            Sign in with a passkey
          </Button>
        </>
      )}
      {footer ?? (
        <Text size="sm" c="dimmed">
          New here?{' '}
          <Anchor component={Link} to="/register">
            Create an account
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
