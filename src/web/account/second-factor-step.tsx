import { useMutation } from '@apollo/client';
import { Anchor, Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../app/apollo';
import { AuthCard } from './auth-card';
import { LOGIN_SECOND_FACTOR } from './security-documents';

/** The challenge of an answer that asks for a second factor (login, resetPassword), else null. */
export function secondFactorChallenge(err: unknown): string | null {
  const errors = (err as { graphQLErrors?: { extensions?: { secondFactor?: { challenge?: string } } }[] })
    ?.graphQLErrors;
  return (
    errors?.find((e) => e.extensions?.secondFactor?.challenge)?.extensions?.secondFactor?.challenge ?? null
  );
}

/**
 * Login's second step: a code of the authenticator app, or one of the recovery codes. `onDone` once
 * signed in; `onRestart` when the challenge expired (back to the password).
 */
export function SecondFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone: () => void;
  onRestart: () => void;
}) {
  const [send, { loading }] = useMutation(LOGIN_SECOND_FACTOR);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await send({ variables: { challenge, code } });
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <AuthCard title="Two-Factor Sign-In" error={error}>
      <Text size="sm">
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
      </Text>
      <form onSubmit={submit} noValidate>
        <TextInput
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          required
          autoFocus
          maxLength={recovery ? 16 : 8}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="space-between" mt="lg">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setRecovery(!recovery);
              setCode('');
              setError(null);
            }}
          >
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Anchor>
          <Button type="submit" loading={loading}>
            Verify
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        Lost your phone and your recovery codes?{' '}
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Start over
        </Anchor>{' '}
        or contact the site's support: after checking who you are, they can turn off two-factor sign-in for
        your login.
      </Text>
    </AuthCard>
  );
}
