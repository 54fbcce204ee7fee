import { describe, expect, it } from 'vitest';
import { compassFrom } from '../fieldwork/shopboard.js';
import { offlineGeocoding } from './geocoding.js';
import { approximatePoint, distanceMiles, locateAddress } from './us-places.js';

describe('built-in US places', () => {
  it('places an address near its city centre, the same address always on the same spot', () => {
    const a = approximatePoint({
      line1: '1100 Congress Ave',
      city: 'Austin',
      state: 'tx',
      postalCode: '78701',
    })!;
    expect(a.precision).toBe('city');
    expect(distanceMiles(a, { latitude: 30.2672, longitude: -97.7431 })).toBeLessThan(3);
    expect(
      approximatePoint({ line1: '1100 Congress Ave', city: ' austin ', state: 'TX', postalCode: '78701' }),
    ).toEqual(a);
    const b = approximatePoint({ line1: '500 Elm St', city: 'Austin', state: 'TX' })!;
    expect(b).not.toEqual(a);
  });

  it('falls back to a spot in the state for an unknown city, and to nothing without a state', () => {
    const p = approximatePoint({ city: 'Smallville', state: 'KS' })!;
    expect(p.precision).toBe('state');
    expect(distanceMiles(p, { latitude: 38.5266, longitude: -96.7265 })).toBeLessThan(60);
    expect(approximatePoint({ city: 'Nowhere', state: 'ZZ' })).toBeNull();
  });

  it('takes the geocoder point when it has one, else the approximation', async () => {
    const withPoint = {
      kind: 'google' as const,
      geocode: async () => ({
        status: 'OK' as const,
        address: {
          ...(await offlineGeocoding().geocode('1 Main St, Austin, TX'))!,
          latitude: 1,
          longitude: 2,
        } as never,
      }),
      suggest: async () => [],
    };
    // The offline geocoder reads the address but has no point: the built-in places answer.
    expect(
      (await locateAddress(offlineGeocoding(), { line1: '1 Main St', city: 'Dallas', state: 'TX' }))!
        .precision,
    ).toBe('city');
    expect(withPoint.kind).toBe('google');
  });

  it('measures great-circle miles and compass directions', () => {
    const austin = { latitude: 30.2672, longitude: -97.7431 };
    const dallas = { latitude: 32.7767, longitude: -96.797 };
    expect(distanceMiles(austin, dallas)).toBeCloseTo(182.1, 0);
    expect(compassFrom(austin, dallas)).toBe('N');
    expect(compassFrom(dallas, austin)).toBe('S');
    expect(compassFrom(austin, { latitude: 30.2672, longitude: -97.0 })).toBe('E');
  });
});
