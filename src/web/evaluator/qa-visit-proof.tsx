import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTimeUs, formatDistance, formatMinutes, openStreetMapUrl } from '../../domain';

export type VisitProofData = {
  checkInAt?: string | null;
  checkOutAt?: string | null;
  checkInLatitude?: number | null;
  checkInLongitude?: number | null;
  checkInAccuracyMeters?: number | null;
  locationLatitude?: number | null;
  locationLongitude?: number | null;
  distanceMeters?: number | null;
  durationMinutes?: number | null;
  locationHasCoordinates?: boolean | null;
  proofFlags?: { code: string; level: string; message: string }[] | null;
};

const W = 280;
const H = 160;

/**
 * A map without tiles: the location's pin in the middle and the check-in point placed by its offset in
 * metres (flat projection, fine at these distances), scaled to fit, with the distance on the line.
 */
function ProofSketch({
  location,
  checkIn,
  distance,
}: {
  location: { lat: number; lng: number } | null;
  checkIn: { lat: number; lng: number };
  distance: number | null;
}) {
  const cx = W / 2;
  const cy = H / 2;
  let px = cx;
  let py = cy;
  if (location) {
    const dx = (checkIn.lng - location.lng) * Math.cos((location.lat * Math.PI) / 180) * 111_320;
    const dy = (checkIn.lat - location.lat) * 110_540;
    const span = Math.max(Math.abs(dx), Math.abs(dy), 1);
    const scale = Math.min(W, H) * 0.4;
    px = cx + (dx / span) * scale;
    py = cy - (dy / span) * scale;
  }
  const label = location
    ? `Map sketch: the location pin and the check-in point ${distance != null ? formatDistance(distance) : ''} away`
    : 'Map sketch: the check-in point (the location has no map coordinates)';
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      width="100%"
      style={{ maxWidth: W, background: 'var(--mantine-color-gray-0)', borderRadius: 8 }}
      role="img"
      aria-label={label}
    >
      <rect
        x={0.5}
        y={0.5}
        width={W - 1}
        height={H - 1}
        rx={8}
        fill="none"
        stroke="var(--mantine-color-gray-4)"
      />
      {location && (
        <>
          <line x1={cx} y1={cy} x2={px} y2={py} stroke="var(--mantine-color-gray-6)" strokeDasharray="4 3" />
          <path
            d={`M ${cx} ${cy} l -7 -14 a 8 8 0 1 1 14 0 z`}
            fill="var(--mantine-color-blue-6)"
            stroke="white"
          />
          <text x={cx + 10} y={cy + 14} fontSize="11" fill="var(--mantine-color-gray-8)">
            Location
          </text>
        </>
      )}
      <circle cx={px} cy={py} r={6} fill="var(--mantine-color-red-6)" stroke="white" strokeWidth={2} />
      <text
        x={Math.min(px + 9, W - 60)}
        y={Math.max(py - 8, 12)}
        fontSize="11"
        fill="var(--mantine-color-gray-8)"
      >
        Check-in
      </text>
      {location && distance != null && (
        <text x={(cx + px) / 2 + 6} y={(cy + py) / 2 - 4} fontSize="11" fontWeight={700} fill="currentColor">
          {formatDistance(distance)}
        </text>
      )}
    </svg>
  );
}

/** QA's "Visit proof" panel: the check-in and check-out, the visit's length and distance, and the flags. */
export function QaVisitProof({ proof }: { proof: VisitProofData }) {
  const flags = proof.proofFlags ?? [];
  const checkIn =
    proof.checkInLatitude != null && proof.checkInLongitude != null
      ? { lat: proof.checkInLatitude, lng: proof.checkInLongitude }
      : null;
  const location =
    proof.locationLatitude != null && proof.locationLongitude != null
      ? { lat: proof.locationLatitude, lng: proof.locationLongitude }
      : null;
  const facts: [string, string][] = [
    ['Check-in', proof.checkInAt ? `${formatDateTimeUs(proof.checkInAt)} UTC` : 'Not recorded'],
    ['Check-out', proof.checkOutAt ? `${formatDateTimeUs(proof.checkOutAt)} UTC` : 'Not recorded'],
    ['Duration', proof.durationMinutes != null ? formatMinutes(proof.durationMinutes) : '—'],
    [
      'Distance',
      proof.distanceMeters != null
        ? formatDistance(proof.distanceMeters)
        : proof.checkInAt && proof.locationHasCoordinates === false
          ? 'Unknown (no coordinates)'
          : '—',
    ],
  ];
  return (
    <Paper withBorder radius="md" p="md" data-testid="qa-visit-proof">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Visit proof
        </Title>
        {flags.map((f) => (
          <Alert
            key={f.code}
            color={f.level === 'flag' ? 'red' : 'yellow'}
            variant="light"
            p="xs"
            data-testid="proof-flag"
          >
            <Text size="sm">{f.message}</Text>
          </Alert>
        ))}
        <Group align="flex-start" gap="md" wrap="wrap">
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} style={{ flex: '1 1 220px' }}>
            {facts.map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm" fw={600} data-testid={`proof-${label.toLowerCase()}`}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
          {checkIn && (
            <Stack gap={4} style={{ flex: '1 1 220px', maxWidth: W }}>
              <ProofSketch location={location} checkIn={checkIn} distance={proof.distanceMeters ?? null} />
              <Anchor
                href={openStreetMapUrl({ latitude: checkIn.lat, longitude: checkIn.lng })}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
              >
                Open in OpenStreetMap
              </Anchor>
              {proof.checkInAccuracyMeters != null && (
                <Text size="xs" c="dimmed">
                  Position accurate to about {formatDistance(proof.checkInAccuracyMeters)}.
                </Text>
              )}
            </Stack>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
