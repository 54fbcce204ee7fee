import type { GeocodedAddress, GeocodeResult, GeocodingAdapter } from './geocoding.js';

export type GoogleGeocodingOptions = {
  apiKey: string;
  /** Google's API origin; a local stand-in in tests. */
  apiBase?: string | undefined;
  timeoutMs?: number;
};

type Component = { long_name: string; short_name: string; types: string[] };
type GoogleResult = {
  address_components?: Component[];
  formatted_address?: string;
  place_id?: string;
  geometry?: { location?: { lat?: number; lng?: number } };
};
type GeocodeResponse = { status?: string; results?: GoogleResult[]; error_message?: string };
type AutocompleteResponse = {
  status?: string;
  predictions?: { place_id?: string }[];
  error_message?: string;
};

/** How many autocomplete predictions are geocoded into suggestions. */
export const MAX_SUGGESTIONS = 5;

/** Reshapes one Geocoding API result into our address. */
export function toGeocodedAddress(result: GoogleResult): GeocodedAddress {
  const components = result.address_components ?? [];
  const find = (...types: string[]) =>
    types.map((t) => components.find((c) => c.types.includes(t))).find((c) => c !== undefined);
  const streetNumber = find('street_number')?.long_name;
  const route = find('route')?.short_name;
  const location = result.geometry?.location;
  return {
    line1: [streetNumber, route].filter(Boolean).join(' ') || (find('premise')?.long_name ?? ''),
    line2: find('subpremise')?.long_name ?? '',
    city: find('locality', 'sublocality', 'postal_town')?.long_name ?? '',
    state: find('administrative_area_level_1')?.short_name ?? '',
    postalCode: find('postal_code')?.long_name ?? '',
    country: find('country')?.short_name ?? '',
    formattedAddress: result.formatted_address ?? '',
    googlePlacesId: result.place_id ?? null,
    latitude: typeof location?.lat === 'number' ? location.lat : null,
    longitude: typeof location?.lng === 'number' ? location.lng : null,
  };
}

/** Google Geocoding API for addresses; Places Autocomplete (then geocoding by place id) for suggestions. */
export function googleGeocoding(opts: GoogleGeocodingOptions): GeocodingAdapter {
  const base = (opts.apiBase ?? 'https://maps.googleapis.com').replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;

  /** GET a Maps web-service endpoint; a transport failure becomes an ERROR status like Google's own. */
  async function get<T extends { status?: string; error_message?: string }>(
    path: string,
    params: Record<string, string>,
  ): Promise<T> {
    const url = `${base}${path}?${new URLSearchParams({ ...params, key: opts.apiKey })}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      return { status: 'UNREACHABLE', error_message: `Google Maps could not be reached: ${err}` } as T;
    }
    if (res.status === 429) return { status: 'OVER_QUERY_LIMIT' } as T;
    try {
      return (await res.json()) as T;
    } catch {
      return { status: `HTTP_${res.status}`, error_message: `Google Maps answered HTTP ${res.status}` } as T;
    }
  }

  async function geocodeBy(params: Record<string, string>): Promise<GeocodeResult> {
    const body = await get<GeocodeResponse>('/maps/api/geocode/json', params);
    const first = body.results?.[0];
    switch (body.status) {
      case 'OK':
        return first ? { status: 'OK', address: toGeocodedAddress(first) } : { status: 'ZERO_RESULTS' };
      case 'ZERO_RESULTS':
        return { status: 'ZERO_RESULTS' };
      case 'OVER_QUERY_LIMIT':
        return { status: 'OVER_QUERY_LIMIT' };
      default:
        return {
          status: 'ERROR',
          message: body.error_message || `Geocoding failed: ${body.status ?? 'no status'}`,
        };
    }
  }

  return {
    kind: 'google',
    geocode(line) {
      return geocodeBy({ address: line, components: 'country:US' });
    },
    async suggest(query) {
      if (!query.trim()) return [];
      const body = await get<AutocompleteResponse>('/maps/api/place/autocomplete/json', {
        input: query,
        types: 'address',
        components: 'country:us',
      });
      if (body.status === 'ZERO_RESULTS') return [];
      if (body.status !== 'OK') {
        // Suggestions are best-effort for the user, but a broken key must show up in the server log.
        const detail = body.error_message ? `: ${body.error_message}` : '';
        throw new Error(`Google Places autocomplete failed: ${body.status ?? 'no status'}${detail}`);
      }
      const placeIds = (body.predictions ?? [])
        .map((p) => p.place_id)
        .filter((id): id is string => !!id)
        .slice(0, MAX_SUGGESTIONS);
      const results = await Promise.all(placeIds.map((placeId) => geocodeBy({ place_id: placeId })));
      return results.flatMap((r) => (r.status === 'OK' ? [r.address] : []));
    },
  };
}
