import { useMutation } from '@apollo/client';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconLogin2, IconLogout2, IconMapPin } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { formatMinutes } from '../../domain';
import { errorMessage } from '../app/apollo';
import type { ShopperVisitProofFragment } from '../gql/graphql';
import { CHECK_IN, CHECK_OUT } from './evaluator-documents';
import { retryDelay, sendFailure } from './offline/outbox-logic';
import { MSG_CHECK_IN_WAITING, MSG_CHECK_OUT_WAITING } from './visit-proof-messages';

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

/**
 * Check-in and check-out of one evaluation: the browser's position, sent to the server. Without a
 * connection the position taken is kept and sent again by itself when the device is back online (or
 * after a pause, if the server did not answer); the time recorded is the server's when it arrives
 * (docs/visit-proof.md).
 */
function useVisitProof(proof: ShopperVisitProofFragment) {
  const [checkIn] = useMutation(CHECK_IN);
  const [checkOut] = useMutation(CHECK_OUT);
  const [busy, setBusy] = useState<'in' | 'out' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<{ what: 'in' | 'out'; position: Position; failures: number } | null>(
    null,
  );
  const send = async (what: 'in' | 'out', known?: Position, failures = 0) => {
    setBusy(what);
    setError(null);
    let position = known;
    try {
      position ??= await currentPosition();
      const variables = { id: proof._id, ...position };
      await (what === 'in' ? checkIn({ variables }) : checkOut({ variables }));
      setWaiting(null);
    } catch (err) {
      if (position && sendFailure(err).kind === 'network') {
        setWaiting({ what, position, failures: failures + 1 });
        setError(what === 'in' ? MSG_CHECK_IN_WAITING : MSG_CHECK_OUT_WAITING);
      } else {
        setWaiting(null);
        setError(errorMessage(err));
      }
    } finally {
      setBusy(null);
    }
  };
  // A kept check-in (or check-out) goes as soon as the device is online again.
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (!waiting) return;
    const retry = () => void sendRef.current(waiting.what, waiting.position, waiting.failures);
    if (!navigator.onLine) {
      window.addEventListener('online', retry, { once: true });
      return () => window.removeEventListener('online', retry);
    }
    const timer = setTimeout(retry, retryDelay(waiting.failures));
    return () => clearTimeout(timer);
  }, [waiting]);
  const run = (what: 'in' | 'out') => send(what, waiting?.what === what ? waiting.position : undefined);
  return { busy, error, waiting: waiting !== null, run };
}

/**
 * The top of the shopper's evaluation: "Check in" on arrival (the time and position are recorded on
 * the server), then "Check out" when leaving. A denied permission says how to allow it and offers Retry;
 * without a connection it says the check-in waits and sends it by itself once back online.
 */
export function VisitProofCard({ proof }: { proof: ShopperVisitProofFragment }) {
  const { busy, error, waiting, run } = useVisitProof(proof);
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
          <Alert
            color={waiting ? 'orange' : 'red'}
            variant="light"
            role={waiting ? 'status' : 'alert'}
            p="xs"
            data-testid="visit-proof-message"
          >
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">{error}</Text>
              <Button
                size="compact-sm"
                variant="light"
                color={waiting ? 'orange' : 'red'}
                loading={busy !== null}
                onClick={() => void run(checkedIn ? 'out' : 'in')}
              >
                {waiting ? 'Try now' : 'Retry'}
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
