import type { FieldError } from './schemas/field-errors';

/**
 * Visit proof (docs/visit-proof.md): where and when a shopper checked in and out, how far from the
 * location, how long the visit lasted, and what QA should look at. Pure: the server stores the results.
 */

/** Mean Earth radius (IUGG), metres. */
export const EARTH_RADIUS_M = 6_371_008.8;

/** Defaults of VISIT_MAX_DISTANCE_M and VISIT_MIN_MINUTES. */
export const DEFAULT_VISIT_MAX_DISTANCE_M = 500;
export const DEFAULT_VISIT_MIN_MINUTES = 10;

/** A proofer's claim on an evaluation lapses after this long; then another proofer may take it over. */
export const QA_CLAIM_TIMEOUT_MINUTES = 30;

export type LatLng = { latitude: number; longitude: number };

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine, spherical Earth). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A browser position as sent: latitude -90..90, longitude -180..180, accuracy (metres) >= 0 if given. */
export function positionErrors(p: {
  latitude: unknown;
  longitude: unknown;
  accuracy?: unknown;
}): FieldError[] {
  const errors: FieldError[] = [];
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  if (!finite(p.latitude) || p.latitude < -90 || p.latitude > 90) {
    errors.push({ field: 'latitude', message: 'Latitude must be a number between -90 and 90.' });
  }
  if (!finite(p.longitude) || p.longitude < -180 || p.longitude > 180) {
    errors.push({ field: 'longitude', message: 'Longitude must be a number between -180 and 180.' });
  }
  if (p.accuracy != null && (!finite(p.accuracy) || p.accuracy < 0)) {
    errors.push({ field: 'accuracy', message: 'Accuracy must be a number of metres, 0 or more.' });
  }
  return errors;
}

/** 'flag': QA must look at it; 'note': something QA should know that is nobody's fault. */
export const PROOF_FLAG_LEVELS = ['flag', 'note'] as const;
export type ProofFlagLevel = (typeof PROOF_FLAG_LEVELS)[number];
export type ProofFlag = { code: ProofFlagCode; level: ProofFlagLevel; message: string };
export type ProofFlagCode = 'no-check-in' | 'no-check-out' | 'too-far' | 'too-short' | 'no-coordinates';

/** "320 m", "1.2 km", "12 km". */
export function formatDistance(m: number): string {
  if (m < 1000) return `${Math.round(m)} m`;
  const km = m / 1000;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** "4 min", "1 h 5 min". */
export function formatMinutes(min: number): string {
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  const rest = min % 60;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}

/** Whole minutes between check-in and check-out (null until both exist). */
export function visitMinutes(checkInAt: Date | null, checkOutAt: Date | null): number | null {
  if (!checkInAt || !checkOutAt) return null;
  return Math.max(0, Math.floor((checkOutAt.getTime() - checkInAt.getTime()) / 60_000));
}

/**
 * The flags of a visit. `distanceM` is the check-in's distance to the location (null without a check-in
 * or without the location's coordinates). Missing check-in or check-out is flagged only once the visit
 * is `final` (submitted): before that the shopper may still do it.
 */
export function proofFlags(p: {
  distanceM: number | null;
  hasCoordinates: boolean;
  checkInAt: Date | null;
  checkOutAt: Date | null;
  maxDistanceM: number;
  minMinutes: number;
  final?: boolean;
}): ProofFlag[] {
  const flags: ProofFlag[] = [];
  if (!p.checkInAt) {
    if (p.final) flags.push({ code: 'no-check-in', level: 'flag', message: 'No check-in recorded.' });
  } else if (!p.hasCoordinates) {
    flags.push({
      code: 'no-coordinates',
      level: 'note',
      message: 'This location has no map coordinates, so the distance could not be checked.',
    });
  } else if (p.distanceM != null && p.distanceM > p.maxDistanceM) {
    flags.push({
      code: 'too-far',
      level: 'flag',
      message: `Checked in ${formatDistance(p.distanceM)} from the location (limit ${formatDistance(p.maxDistanceM)}).`,
    });
  }
  if (p.checkInAt && !p.checkOutAt) {
    if (p.final) flags.push({ code: 'no-check-out', level: 'flag', message: 'No check-out recorded.' });
  }
  const minutes = visitMinutes(p.checkInAt, p.checkOutAt);
  if (minutes != null && p.checkOutAt!.getTime() - p.checkInAt!.getTime() < p.minMinutes * 60_000) {
    flags.push({
      code: 'too-short',
      level: 'flag',
      message: `Visit lasted ${formatMinutes(minutes)} (minimum ${formatMinutes(p.minMinutes)}).`,
    });
  }
  return flags;
}

/** Whether any of the stored flags asks QA to look (notes do not). */
export const isFlagged = (flags: readonly ProofFlag[] | null | undefined): boolean =>
  !!flags?.some((f) => f.level === 'flag');

/** OpenStreetMap link of a point (no tiles are loaded by the app itself). */
export const openStreetMapUrl = (p: LatLng, zoom = 17) =>
  `https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=${zoom}/${p.latitude}/${p.longitude}`;

/** How long an evaluation has waited in the QA queue: "12 min", "2 h", "3 d". */
export function timeInQueue(submittedAt: Date, now: Date): string {
  const min = Math.max(0, Math.floor((now.getTime() - submittedAt.getTime()) / 60_000));
  if (min < 60) return `${min} min`;
  if (min < 48 * 60) return `${Math.floor(min / 60)} h`;
  return `${Math.floor(min / 1440)} d`;
}

/** Short names of the flags, for the queue's badges (the message says the rest). */
export const PROOF_FLAG_LABELS: Record<ProofFlagCode, string> = {
  'no-check-in': 'No check-in',
  'no-check-out': 'No check-out',
  'too-far': 'Far from location',
  'too-short': 'Short visit',
  'no-coordinates': 'No coordinates',
};
