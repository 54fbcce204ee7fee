import { describe, expect, it } from 'vitest';
import {
  distanceMeters,
  EARTH_RADIUS_M,
  formatDistance,
  formatMinutes,
  isFlagged,
  openStreetMapUrl,
  positionErrors,
  proofFlags,
  timeInQueue,
  visitMinutes,
} from './visit-proof';

const p = (latitude: number, longitude: number) => ({ latitude, longitude });

// Reference values come from sources independent of this code: Ed Williams' Aviation Formulary
// (LAX-JFK, 0.623585 rad), Rosetta Code's haversine task (BNA-LAX, 2887.26 km at R = 6372.8 km),
// exact spherical geometry (equator degrees, poles) and an equirectangular estimate for the short ones.
describe('distanceMeters', () => {
  it.each([
    // name, from, to, expected metres, tolerance metres
    [
      'LAX to JFK (Aviation Formulary)',
      p(33.95, -118.4),
      p(40.633333, -73.783333),
      0.623585 * EARTH_RADIUS_M,
      500,
    ],
    [
      'Nashville BNA to LAX (Rosetta Code)',
      p(36.12, -86.67),
      p(33.94, -118.4),
      (2887259.95 * EARTH_RADIUS_M) / 6372800,
      5,
    ],
    ['Eiffel Tower to the Louvre pyramid', p(48.8584, 2.2945), p(48.8606, 2.3376), 3161.6, 5],
    [
      'one degree across the antimeridian at the equator',
      p(0, 179.5),
      p(0, -179.5),
      (Math.PI * EARTH_RADIUS_M) / 180,
      0.01,
    ],
    ['North Pole to South Pole', p(90, 0), p(-90, 0), Math.PI * EARTH_RADIUS_M, 0.01],
    ['North Pole at two longitudes is one point', p(90, 0), p(90, 123), 0, 0.001],
    ['antipodes on the equator', p(0, 0), p(0, 180), Math.PI * EARTH_RADIUS_M, 0.01],
    ['7 m along a Paris street', p(48.8584, 2.2945), p(48.8584, 2.2946), 7.32, 0.05],
    ['the same point', p(51.5007, -0.1246), p(51.5007, -0.1246), 0, 0],
  ])('%s', (_name, a, b, expected, tolerance) => {
    expect(Math.abs(distanceMeters(a, b) - expected)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(distanceMeters(b, a) - expected)).toBeLessThanOrEqual(tolerance);
  });
});

describe('positionErrors', () => {
  it.each([
    [{ latitude: 48.85, longitude: 2.29, accuracy: 12 }, []],
    [{ latitude: 90, longitude: -180 }, []],
    [{ latitude: -90, longitude: 180, accuracy: 0 }, []],
    [{ latitude: 90.0001, longitude: 0 }, ['latitude']],
    [{ latitude: 0, longitude: -180.5 }, ['longitude']],
    [
      { latitude: Number.NaN, longitude: Number.POSITIVE_INFINITY, accuracy: -1 },
      ['latitude', 'longitude', 'accuracy'],
    ],
    [{ latitude: '48', longitude: null }, ['latitude', 'longitude']],
  ])('%j -> %j', (input, fields) => {
    expect(positionErrors(input).map((e) => e.field)).toEqual(fields);
  });
  it('says the range in the message', () => {
    expect(positionErrors({ latitude: 100, longitude: 0 })[0]!.message).toBe(
      'Latitude must be a number between -90 and 90.',
    );
  });
});

describe('proofFlags', () => {
  const at = (min: number) => new Date(Date.UTC(2027, 2, 1, 10, min));
  const base = { maxDistanceM: 500, minMinutes: 10, hasCoordinates: true };
  it.each([
    ['a good visit', { distanceM: 120, checkInAt: at(0), checkOutAt: at(25) }, []],
    [
      'checked in far away',
      { distanceM: 1234, checkInAt: at(0), checkOutAt: at(25) },
      ['Checked in 1.2 km from the location (limit 500 m).'],
    ],
    ['exactly at the limit is fine', { distanceM: 500, checkInAt: at(0), checkOutAt: at(25) }, []],
    [
      'a short visit',
      { distanceM: 20, checkInAt: at(0), checkOutAt: at(4) },
      ['Visit lasted 4 min (minimum 10 min).'],
    ],
    ['exactly the minimum is fine', { distanceM: 20, checkInAt: at(0), checkOutAt: at(10) }, []],
    [
      'far and short',
      { distanceM: 25_000, checkInAt: at(0), checkOutAt: at(1) },
      ['Checked in 25 km from the location (limit 500 m).', 'Visit lasted 1 min (minimum 10 min).'],
    ],
    ['checked in, not yet out (not final)', { distanceM: 20, checkInAt: at(0), checkOutAt: null }, []],
    [
      'submitted without check-out',
      { distanceM: 20, checkInAt: at(0), checkOutAt: null, final: true },
      ['No check-out recorded.'],
    ],
    [
      'submitted without check-in',
      { distanceM: null, checkInAt: null, checkOutAt: null, final: true },
      ['No check-in recorded.'],
    ],
    ['nothing yet, not final', { distanceM: null, checkInAt: null, checkOutAt: null }, []],
  ])('%s', (_name, input, messages) => {
    expect(proofFlags({ ...base, ...input }).map((f) => f.message)).toEqual(messages);
  });
  it('notes a location without coordinates instead of flagging the distance', () => {
    const flags = proofFlags({
      ...base,
      hasCoordinates: false,
      distanceM: null,
      checkInAt: at(0),
      checkOutAt: at(30),
    });
    expect(flags).toEqual([
      {
        code: 'no-coordinates',
        level: 'note',
        message: 'This location has no map coordinates, so the distance could not be checked.',
      },
    ]);
    expect(isFlagged(flags)).toBe(false);
    expect(isFlagged(proofFlags({ ...base, distanceM: 900, checkInAt: at(0), checkOutAt: at(30) }))).toBe(
      true,
    );
  });
  it('uses the configured limits', () => {
    const input = { hasCoordinates: true, distanceM: 800, checkInAt: at(0), checkOutAt: at(20) };
    expect(proofFlags({ ...input, maxDistanceM: 1000, minMinutes: 30 }).map((f) => f.code)).toEqual([
      'too-short',
    ]);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0 m'],
    [499.6, '500 m'],
    [1000, '1.0 km'],
    [1234, '1.2 km'],
    [25_400, '25 km'],
  ])('distance %d -> %s', (m, text) => expect(formatDistance(m)).toBe(text));
  it.each([
    [4, '4 min'],
    [60, '1 h'],
    [65, '1 h 5 min'],
  ])('minutes %d -> %s', (m, text) => expect(formatMinutes(m)).toBe(text));
  it('counts whole minutes of a visit', () => {
    expect(visitMinutes(new Date(0), new Date(9 * 60_000 + 59_000))).toBe(9);
    expect(visitMinutes(new Date(0), null)).toBeNull();
  });
  it('links to OpenStreetMap', () => {
    expect(openStreetMapUrl(p(48.8584, 2.2945))).toBe(
      'https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=17/48.8584/2.2945',
    );
  });
});

describe('timeInQueue', () => {
  const now = new Date('2027-03-01T12:00:00Z');
  it.each([
    ['2027-03-01T11:48:30Z', '11 min'],
    ['2027-03-01T10:00:00Z', '2 h'],
    ['2027-02-27T13:00:00Z', '47 h'],
    ['2027-02-25T12:00:00Z', '4 d'],
    ['2027-03-01T12:05:00Z', '0 min'],
  ])('since %s -> %s', (since, text) => expect(timeInQueue(new Date(since), now)).toBe(text));
});
