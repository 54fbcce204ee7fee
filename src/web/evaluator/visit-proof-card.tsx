import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLogin2, IconLogout2, IconMapPin } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMinutes } from '../../domain';
import { errorMessage } from '../app/apollo';
import type { ShopperVisitProofFragment } from '../gql/graphql';
import { CHECK_IN, CHECK_OUT } from './evaluator-documents';

export const MSG_PERMISSION =
  'Location permission is needed to check in. Allow location for this site in your browser settings, then try again.';
const MSG_UNAVAILABLE =
  'Your position could not be found. Move to where you have a clear signal and try again.';
const MSG_UNSUPPORTED = 'This browser cannot share its location, so you cannot check in with it.';

type Position = { latitude: number; longitude: number; accuracy: number | null };

/** The browser's position (high accuracy, 20 s at most), or an error message for the shopper. */
function currentPosition(): Promise<Position> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error(MSG_UNSUPPORTED));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          accuracy: Number.isFinite(p.coords.accuracy) ? p.coords.accuracy : null,
        }),
      (err) => reject(new Error(err.code === err.PERMISSION_DENIED ? MSG_PERMISSION : MSG_UNAVAILABLE)),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** Check-in and check-out of one evaluation: the browser's position, sent to the server. */
function useVisitProof(proof: ShopperVisitProofFragment) {
  const [checkIn] = useMutation(CHECK_IN);
  const [checkOut] = useMutation(CHECK_OUT);
  const [busy, setBusy] = useState<'in' | 'out' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (what: 'in' | 'out') => {
    setBusy(what);
    setError(null);
    try {
      const position = await currentPosition();
      const variables = { id: proof._id, ...position };
      await (what === 'in' ? checkIn({ variables }) : checkOut({ variables }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, run };
}

/**
 * The top of the shopper's evaluation: "Check in" on arrival (the time and position are recorded on
 * the server), then "Check out" when leaving. A denied permission says how to allow it and offers Retry.
 */
export function VisitProofCard({ proof }: { proof: ShopperVisitProofFragment }) {
  const { busy, error, run } = useVisitProof(proof);
  const checkedIn = !!proof.checkInAt;
  const checkedOut = !!proof.checkOutAt;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="visit-proof">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <IconMapPin size={18} aria-hidden />
            <Text size="sm" fw={600}>
              {checkedOut
                ? `Visit ${timeOf(proof.checkInAt!)}–${timeOf(proof.checkOutAt!)}${
                    proof.durationMinutes != null ? ` (${formatMinutes(proof.durationMinutes)})` : ''
                  }`
                : checkedIn
                  ? `Checked in at ${timeOf(proof.checkInAt!)}`
                  : 'Check in when you arrive'}
            </Text>
          </Group>
          {!checkedOut && (
            <Group gap="xs">
              <Button
                size="compact-md"
                variant={checkedIn ? 'default' : 'filled'}
                leftSection={<IconLogin2 size={16} />}
                disabled={checkedIn}
                loading={busy === 'in'}
                onClick={() => void run('in')}
              >
                {checkedIn ? 'Checked in' : 'Check in'}
              </Button>
              <Button
                size="compact-md"
                variant={checkedIn ? 'filled' : 'default'}
                leftSection={<IconLogout2 size={16} />}
                disabled={!checkedIn}
                loading={busy === 'out'}
                onClick={() => void run('out')}
              >
                Check out
              </Button>
            </Group>
          )}
        </Group>
        {!checkedIn && (
          <Text size="xs" c="dimmed">
            We record the time and your position, with your permission, as proof of the visit.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">{error}</Text>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                onClick={() => void run(checkedIn ? 'out' : 'in')}
              >
                Retry
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Beside Submit: a reminder to check out for a shopper who checked in and has not checked out. */
export function CheckOutReminder({ proof }: { proof: ShopperVisitProofFragment }) {
  const { busy, error, run } = useVisitProof(proof);
  if (!proof.checkInAt || proof.checkOutAt) return null;
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        leftSection={<IconLogout2 size={16} />}
        loading={busy === 'out'}
        onClick={() => void run('out')}
        fullWidth
      >
        Check out before you submit
      </Button>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
