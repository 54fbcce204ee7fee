import { useMutation } from '@apollo/client';
import { Anchor, Button, Divider, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../app/apollo';
import { AuthCard } from './auth-card';
import { getPasskey, passkeyCancelled, passkeysSupported } from './passkey-browser';
import { BEGIN_PASSKEY_SIGN_IN, LOGIN_SECOND_FACTOR, PASSKEY_SIGN_IN } from './security-documents';

type Prompt = { challenge?: string; methods?: string[] };

function promptOf(err: unknown): Prompt | null {
  const errors = (err as { graphQLErrors?: { extensions?: { secondFactor?: Prompt } }[] })?.graphQLErrors;
  return errors?.find((e) => e.extensions?.secondFactor?.challenge)?.extensions?.secondFactor ?? null;
}

/** The challenge of an answer that asks for a second factor (login, resetPassword), else null. */
export function secondFactorChallenge(err: unknown): string | null {
  return promptOf(err)?.challenge ?? null;
}

/** The second factors the login has ('totp', 'passkey', 'recovery'), from the same answer. */
export function secondFactorMethods(err: unknown): string[] {
  return promptOf(err)?.methods ?? ['totp', 'recovery'];
}

/**
 * Signs in with a passkey: alone (no challenge), or as the second step of a password login. Answers
 * whether the login must set up two-factor sign-in first, or null when the person cancelled.
 */
export function usePasskeySignIn() {
  const [begin] = useMutation(BEGIN_PASSKEY_SIGN_IN);
  const [signIn] = useMutation(PASSKEY_SIGN_IN);
  return async (challenge: string | null): Promise<{ setupRequired: boolean } | null> => {
    const { data } = await begin({ variables: { challenge } });
    if (!data) return null;
    let response: string;
    try {
      response = await getPasskey(data.beginPasskeySignIn);
    } catch (err) {
      if (passkeyCancelled(err)) return null;
      throw err;
    }
    const done = await signIn({ variables: { response, challenge } });
    return { setupRequired: done.data?.passkeySignIn.secondFactorSetupRequired ?? false };
  };
}

/**
 * Login's second step: a code of the authenticator app, or one of the recovery codes. `onDone` once
 * signed in; `onRestart` when the challenge expired (back to the password).
 */
export function SecondFactorStep({
  challenge,
  methods = ['totp', 'recovery'],
  onDone,
  onRestart,
}: {
  challenge: string;
  /** The login's second factors, from the password step's answer. */
  methods?: string[];
  onDone: () => void;
  onRestart: () => void;
}) {
  const [send, { loading }] = useMutation(LOGIN_SECOND_FACTOR);
  const [code, setCode] = useState('');
  // Without an authenticator app, the code field takes a recovery code.
  const [recovery, setRecovery] = useState(!methods.includes('totp'));
  const [error, setError] = useState<string | null>(null);
  const passkeySignIn = usePasskeySignIn();
  const [usingPasskey, setUsingPasskey] = useState(false);
  const withPasskey = methods.includes('passkey') && passkeysSupported();
  const signInWithPasskey = async () => {
    setError(null);
    setUsingPasskey(true);
    try {
      if (await passkeySignIn(challenge)) onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUsingPasskey(false);
    }
  };
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
      {withPasskey && (
        <>
          <Text size="sm">Confirm it is you with one of your passkeys.</Text>
          <Button onClick={signInWithPasskey} loading={usingPasskey} data-autofocus>
            Use a Passkey
          </Button>
          <Divider label="or enter a code" labelPosition="center" />
        </>
      )}
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
          autoFocus={!withPasskey}
          maxLength={recovery ? 16 : 8}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="space-between" mt="lg">
          {methods.includes('totp') ? (
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
          ) : (
            <span />
          )}
          <Button type="submit" loading={loading}>
            Verify
          </Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        Lost your phone, passkeys and recovery codes?{' '}
        <Anchor component="button" type="button" size="sm" onClick={onRestart}>
          Start over
        </Anchor>{' '}
        or contact the site's support: after checking who you are, they can turn off two-factor sign-in for
        your login.
      </Text>
    </AuthCard>
  );
}
