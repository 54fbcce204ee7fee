import { type StandIn, startStandIn } from '../src/server/adapters/stand-in-server';

/** Where the field journeys' server (playwright.config.ts) expects Google's Geocoding API. */
export const GEOCODER_PORT = Number(process.env.E2E_PORT ?? 4173) + 2;
export const STAND_IN_KEY = 'e2e-stand-in-key';

const component = (long_name: string, short_name: string, ...types: string[]) => ({
  long_name,
  short_name,
  types,
});

/** The diner on Congress Avenue, Austin, as Google's Geocoding API answers for it. */
export const CONGRESS_AVE = {
  line: '600 Congress Ave, Austin, TX 78701, USA',
  latitude: 30.26905,
  longitude: -97.74235,
};

const RESULTS: Record<string, unknown> = {
  [CONGRESS_AVE.line]: {
    address_components: [
      component('600', '600', 'street_number'),
      component('Congress Avenue', 'Congress Ave', 'route'),
      component('Austin', 'Austin', 'locality', 'political'),
      component('Travis County', 'Travis County', 'administrative_area_level_2', 'political'),
      component('Texas', 'TX', 'administrative_area_level_1', 'political'),
      component('United States', 'US', 'country', 'political'),
      component('78701', '78701', 'postal_code'),
    ],
    formatted_address: CONGRESS_AVE.line,
    geometry: {
      location: { lat: CONGRESS_AVE.latitude, lng: CONGRESS_AVE.longitude },
      location_type: 'ROOFTOP',
    },
    place_id: 'ChIJAustin600Congress',
    types: ['street_address'],
  },
};

/**
 * Google's Geocoding API played locally (Google cannot be reached from here): it refuses any key
 * but the configured one and answers the addresses it knows, so the server stores their coordinates.
 */
export function startGeocoderStandIn(): Promise<StandIn> {
  return startStandIn(
    (req) => {
      if (req.query.get('key') !== STAND_IN_KEY) {
        return { json: { status: 'REQUEST_DENIED', results: [], error_message: 'The API key is invalid.' } };
      }
      if (req.path !== '/maps/api/geocode/json') return { status: 404, json: { status: 'NOT_FOUND' } };
      const result = RESULTS[req.query.get('address') ?? ''];
      return { json: result ? { status: 'OK', results: [result] } : { status: 'ZERO_RESULTS', results: [] } };
    },
    { port: GEOCODER_PORT },
  );
}
