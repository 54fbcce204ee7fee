import { useMutation, useQuery } from '@apollo/client';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifySuccess } from '../app/apollo';
import { RESET_TWO_FACTOR, USER_TWO_FACTOR } from './admin-documents';

export const MSG_RESET_TWO_FACTOR_CONFIRM =
  'Only do this after you have made sure, outside the app (a call to a number on file, a known colleague), that you are speaking to the owner of this login: with their password alone, anyone could then sign in as them. Their authenticator app, passkeys and recovery codes are removed and every session of the login is signed out; they set two-factor sign-in up again at their next sign-in.';

/**
 * A customer login's two-factor sign-in (issue 50), and the platform admin's way back in for a person
 * who lost their phone, passkeys and recovery codes: reset it, after a confirm.
 */
export function CustomerTwoFactor({ uid, email }: { uid: string; email: string }) {
  const { data, error } = useQuery(USER_TWO_FACTOR, { variables: { uid } });
  const [reset, { loading }] = useMutation(RESET_TWO_FACTOR, {
    refetchQueries: ['UserTwoFactor'],
    awaitRefetchQueries: true,
  });
  const [confirming, setConfirming] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  if (error && !data) return <Alert color="red">{errorMessage(error)}</Alert>;
  if (!data) return <Loader size="sm" />;
  const s = data.userTwoFactor;
  const on = s.totpEnabled || s.passkeys > 0;
  const parts = [
    s.totpEnabled ? 'authenticator app' : null,
    s.passkeys > 0 ? `${s.passkeys} passkey${s.passkeys === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  return (
    <Stack gap="sm">
      <Text size="sm" data-testid="customer-two-factor">
        {on
          ? `On: ${parts.join(' and ')}; ${s.recoveryCodesLeft} of 10 recovery codes left.`
          : 'Off: this login signs in with its password alone.'}
      </Text>
      {on && (
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            Reset Two-Factor Sign-In
          </Button>
        </Group>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Reset two-factor sign-in?">
        <Stack gap="sm">
          <Text size="sm">
            For <strong style={{ overflowWrap: 'anywhere' }}>{email}</strong>.
          </Text>
          <Alert color="yellow">{MSG_RESET_TWO_FACTOR_CONFIRM}</Alert>
          {resetError && <Alert color="red">{resetError}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
              Cancel
            </Button>
            <Button
              color="red"
              loading={loading}
              onClick={async () => {
                setResetError(null);
                try {
                  await reset({ variables: { uid } });
                  setConfirming(false);
                  notifySuccess('Two-factor sign-in was reset and the login signed out everywhere.');
                } catch (err) {
                  setResetError(errorMessage(err));
                }
              }}
            >
              Reset and Sign Out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
