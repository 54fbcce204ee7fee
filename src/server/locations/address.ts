import type { TAddress } from '../../domain/index.js';
import type { GeocodingAdapter } from '../adapters/geocoding.js';
import { approximatePoint } from '../adapters/us-places.js';

export type StoredAddress = {
  addressName: string | null;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  formattedAddress: string | null;
  googlePlacesId: string | null;
  latitude: number | null;
  longitude: number | null;
  /** The shopboard's point: the geocoded one, else the built-in approximation (city or state centre). */
  searchLatitude: number | null;
  searchLongitude: number | null;
};

/** The shopboard's point of an address: its geocoded point, else the built-in approximation. */
export function searchPointOf(
  a: Pick<StoredAddress, 'latitude' | 'longitude' | 'line1' | 'city' | 'state' | 'postalCode'>,
): Pick<StoredAddress, 'searchLatitude' | 'searchLongitude'> {
  if (a.latitude != null && a.longitude != null)
    return { searchLatitude: a.latitude, searchLongitude: a.longitude };
  const p = approximatePoint(a);
  return { searchLatitude: p?.latitude ?? null, searchLongitude: p?.longitude ?? null };
}

/**
 * The address to store. The state drives Nevada pricing, so the server geocodes the address itself
 * rather than trusting the browser's copy; when the geocoder cannot read it, the typed fields are kept.
 */
export async function resolveAddress(geocoding: GeocodingAdapter, input: TAddress): Promise<StoredAddress> {
  const line =
    input.formattedAddress ||
    [input.line1, input.line2, input.city, [input.state, input.postalCode].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(', ');
  const result = line ? await geocoding.geocode(line) : null;
  if (result?.status === 'OK') {
    const a = result.address;
    const stored = {
      addressName: input.addressName || null,
      line1: a.line1,
      line2: a.line2 || input.line2,
      city: a.city,
      state: a.state,
      postalCode: a.postalCode || input.postalCode,
      country: a.country || 'US',
      formattedAddress: a.formattedAddress,
      googlePlacesId: a.googlePlacesId ?? (input.googlePlacesId || null),
      latitude: a.latitude,
      longitude: a.longitude,
    };
    return { ...stored, ...searchPointOf(stored) };
  }
  const typed = {
    addressName: input.addressName || null,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    state: input.state.toUpperCase().slice(0, 2),
    postalCode: input.postalCode,
    country: input.country || 'US',
    formattedAddress: input.formattedAddress || null,
    googlePlacesId: input.googlePlacesId || null,
    latitude: null,
    longitude: null,
  };
  return { ...typed, ...searchPointOf(typed) };
}
