import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { googleGeocoding } from './google-geocoding.js';
import { type ReceivedRequest, type StandIn, type StandInReply, startStandIn } from './stand-in-server.js';

const API_KEY = 'AIzaStandInKey';

const component = (long_name: string, short_name: string, ...types: string[]) => ({
  long_name,
  short_name,
  types,
});

/** Geocoding API results shaped as Google returns them. */
const DALLAS = {
  address_components: [
    component('200', '200', 'subpremise'),
    component('500', '500', 'street_number'),
    component('Elm Street', 'Elm St', 'route'),
    component('Downtown', 'Downtown', 'neighborhood', 'political'),
    component('Dallas', 'Dallas', 'locality', 'political'),
    component('Dallas County', 'Dallas County', 'administrative_area_level_2', 'political'),
    component('Texas', 'TX', 'administrative_area_level_1', 'political'),
    component('United States', 'US', 'country', 'political'),
    component('75201', '75201', 'postal_code'),
    component('4321', '4321', 'postal_code_suffix'),
  ],
  formatted_address: '500 Elm St #200, Dallas, TX 75201, USA',
  geometry: { location: { lat: 32.7812, lng: -96.8004 }, location_type: 'ROOFTOP' },
  place_id: 'ChIJDallas500Elm',
  types: ['subpremise'],
};
const BROOKLYN = {
  address_components: [
    component('75', '75', 'street_number'),
    component('Main Street', 'Main St', 'route'),
    component('Brooklyn', 'Brooklyn', 'political', 'sublocality', 'sublocality_level_1'),
    component('Kings County', 'Kings County', 'administrative_area_level_2', 'political'),
    component('New York', 'NY', 'administrative_area_level_1', 'political'),
    component('United States', 'US', 'country', 'political'),
    component('11201', '11201', 'postal_code'),
  ],
  formatted_address: '75 Main St, Brooklyn, NY 11201, USA',
  geometry: { location: { lat: 40.7033, lng: -73.9903 } },
  place_id: 'ChIJBrooklyn75Main',
};

/** Routes of the Geocoding and Places Autocomplete web services, keyed by what the tests look up. */
function fakeGoogle() {
  const byAddress: Record<string, StandInReply> = {
    '500 Elm St Suite 200, Dallas TX': { json: { status: 'OK', results: [DALLAS] } },
    'nowhere at all': { json: { status: 'ZERO_RESULTS', results: [] } },
    'too many': {
      json: { status: 'OVER_QUERY_LIMIT', results: [], error_message: 'You have exceeded your rate-limit' },
    },
    'rate limited by http': { status: 429, json: { status: 'OVER_QUERY_LIMIT', results: [] } },
    'invalid request': {
      json: { status: 'INVALID_REQUEST', results: [], error_message: 'Invalid request.' },
    },
    'server error': { status: 500, text: 'Internal Server Error' },
  };
  const byPlace: Record<string, unknown> = { ChIJDallas500Elm: DALLAS, ChIJBrooklyn75Main: BROOKLYN };
  return (req: ReceivedRequest): StandInReply => {
    if (req.method !== 'GET') return { status: 405, text: 'GET only' };
    if (req.query.get('key') !== API_KEY) {
      return {
        json: { status: 'REQUEST_DENIED', results: [], error_message: 'The provided API key is invalid.' },
      };
    }
    if (req.path === '/maps/api/geocode/json') {
      const placeId = req.query.get('place_id');
      if (placeId) {
        const result = byPlace[placeId];
        return { json: result ? { status: 'OK', results: [result] } : { status: 'NOT_FOUND', results: [] } };
      }
      return byAddress[req.query.get('address') ?? ''] ?? { json: { status: 'ZERO_RESULTS', results: [] } };
    }
    if (req.path === '/maps/api/place/autocomplete/json') {
      const input = req.query.get('input');
      if (input === 'nothing') return { json: { status: 'ZERO_RESULTS', predictions: [] } };
      const ids = [
        'ChIJDallas500Elm',
        'ChIJBrooklyn75Main',
        'ChIJGone',
        'ChIJDallas500Elm',
        'ChIJDallas500Elm',
        'ChIJ6th',
      ];
      return {
        json: { status: 'OK', predictions: ids.map((place_id) => ({ place_id, description: input })) },
      };
    }
    return { status: 404, text: 'Not Found' };
  };
}

let stand: StandIn;
beforeAll(async () => {
  stand = await startStandIn(fakeGoogle());
});
afterAll(() => stand.close());
beforeEach(() => {
  stand.requests.length = 0;
});

const google = () => googleGeocoding({ apiKey: API_KEY, apiBase: stand.url });

describe('google geocoding', () => {
  it('geocodes a line restricted to the US and reshapes the first result', async () => {
    const res = await google().geocode('500 Elm St Suite 200, Dallas TX');
    expect(res).toEqual({
      status: 'OK',
      address: {
        line1: '500 Elm St',
        line2: '200',
        city: 'Dallas',
        state: 'TX',
        postalCode: '75201',
        country: 'US',
        formattedAddress: '500 Elm St #200, Dallas, TX 75201, USA',
        googlePlacesId: 'ChIJDallas500Elm',
        latitude: 32.7812,
        longitude: -96.8004,
      },
    });
    const [req] = stand.requests;
    expect(req?.path).toBe('/maps/api/geocode/json');
    expect(Object.fromEntries(req!.query)).toEqual({
      address: '500 Elm St Suite 200, Dallas TX',
      components: 'country:US',
      key: API_KEY,
    });
  });

  it.each([
    ['nowhere at all', { status: 'ZERO_RESULTS' }],
    ['too many', { status: 'OVER_QUERY_LIMIT' }],
    ['rate limited by http', { status: 'OVER_QUERY_LIMIT' }],
    ['invalid request', { status: 'ERROR', message: 'Invalid request.' }],
    ['server error', { status: 'ERROR', message: 'Google Maps answered HTTP 500' }],
  ])('maps the answer to %j to a status', async (line, expected) => {
    expect(await google().geocode(line)).toEqual(expected);
  });

  it("reports Google's message when the key is refused", async () => {
    const res = await googleGeocoding({ apiKey: 'wrong', apiBase: stand.url }).geocode('500 Elm St');
    expect(res).toEqual({ status: 'ERROR', message: 'The provided API key is invalid.' });
  });

  it('returns an ERROR status when Google cannot be reached', async () => {
    const res = await googleGeocoding({ apiKey: API_KEY, apiBase: 'http://127.0.0.1:9' }).geocode('x');
    expect(res).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/could not be reached/) });
  });

  it('suggests by autocompleting addresses, then geocoding the first five predictions by place id', async () => {
    const suggestions = await google().suggest('75 Main');
    const auto = stand.requests.find((r) => r.path === '/maps/api/place/autocomplete/json');
    expect(Object.fromEntries(auto!.query)).toEqual({
      input: '75 Main',
      types: 'address',
      components: 'country:us',
      key: API_KEY,
    });
    const placeLookups = stand.requests
      .filter((r) => r.path === '/maps/api/geocode/json')
      .map((r) => r.query.get('place_id'));
    expect(placeLookups.sort()).toEqual(
      ['ChIJBrooklyn75Main', 'ChIJDallas500Elm', 'ChIJDallas500Elm', 'ChIJDallas500Elm', 'ChIJGone'].sort(),
    );
    expect(stand.requests.every((r) => r.query.get('key') === API_KEY)).toBe(true);
    // The prediction that no longer geocodes is dropped; the sixth is never looked up.
    expect(suggestions).toHaveLength(4);
    expect(suggestions[1]).toMatchObject({
      line1: '75 Main St',
      line2: '',
      city: 'Brooklyn',
      state: 'NY',
      postalCode: '11201',
      googlePlacesId: 'ChIJBrooklyn75Main',
    });
  });

  it('suggests nothing for ZERO_RESULTS and throws when the key is refused', async () => {
    expect(await google().suggest('nothing')).toEqual([]);
    await expect(googleGeocoding({ apiKey: 'wrong', apiBase: stand.url }).suggest('75 Main')).rejects.toThrow(
      'Google Places autocomplete failed: REQUEST_DENIED: The provided API key is invalid.',
    );
  });
});
