import { describe, expect, it } from 'vitest';
import { offlineGeocoding, parseUsAddress } from './geocoding.js';

const geocoding = offlineGeocoding();

describe('offline geocoding', () => {
  it('parses "123 Main St, Austin, TX 78701"', async () => {
    const res = await geocoding.geocode('123 Main St, Austin, TX 78701');
    expect(res).toEqual({
      status: 'OK',
      address: {
        line1: '123 Main St',
        line2: '',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
        formattedAddress: '123 Main St, Austin, TX 78701, USA',
        googlePlacesId: null,
        latitude: null,
        longitude: null,
      },
    });
  });

  it.each([
    [
      '500 Elm Ave, Suite 200, Dallas, Texas 75201',
      { line1: '500 Elm Ave', line2: 'Suite 200', city: 'Dallas', state: 'TX', postalCode: '75201' },
    ],
    [
      '100 alamo plaza, san antonio, tx 78205',
      { line1: '100 alamo plaza', city: 'San Antonio', state: 'TX', postalCode: '78205' },
    ],
    [
      '1600 Pennsylvania Ave NW, Washington, DC 20500, USA',
      { city: 'Washington', state: 'DC', postalCode: '20500' },
    ],
    ['  42   Oak Rd ,  Tulsa , OK  ', { line1: '42 Oak Rd', city: 'Tulsa', state: 'OK', postalCode: '' }],
  ])('parses %j', (line, expected) => {
    expect(parseUsAddress(line)).toMatchObject(expected);
  });

  it.each([
    'asdf',
    '',
    '12345',
    'Main St, Austin, TX 78701',
    '123 Main St, Austin, ZZ 78701',
    'hello world, foo',
  ])('answers ZERO_RESULTS for junk %j', async (line) => {
    expect(await geocoding.geocode(line)).toEqual({ status: 'ZERO_RESULTS' });
    expect(await geocoding.suggest(line)).toEqual([]);
  });

  it('suggests the parsed address', async () => {
    const [first] = await geocoding.suggest('123 Main St, Austin, TX 78701');
    expect(first?.formattedAddress).toBe('123 Main St, Austin, TX 78701, USA');
  });
});
