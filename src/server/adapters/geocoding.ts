export type GeocodedAddress = {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  formattedAddress: string;
  googlePlacesId: string | null;
  latitude: number | null;
  longitude: number | null;
};

export type GeocodeResult =
  | { status: 'OK'; address: GeocodedAddress }
  | { status: 'ZERO_RESULTS' }
  | { status: 'OVER_QUERY_LIMIT' }
  | { status: 'ERROR'; message: string };

/** The geocoding port: one address line in, one US address out (or a status the caller can act on). */
export interface GeocodingAdapter {
  readonly kind: 'offline' | 'google';
  geocode(line: string): Promise<GeocodeResult>;
  /** Suggestions for address autocomplete. */
  suggest(query: string): Promise<GeocodedAddress[]>;
}

export const US_STATES: Record<string, string> = {
  ALABAMA: 'AL',
  ALASKA: 'AK',
  ARIZONA: 'AZ',
  ARKANSAS: 'AR',
  CALIFORNIA: 'CA',
  COLORADO: 'CO',
  CONNECTICUT: 'CT',
  DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC',
  FLORIDA: 'FL',
  GEORGIA: 'GA',
  HAWAII: 'HI',
  IDAHO: 'ID',
  ILLINOIS: 'IL',
  INDIANA: 'IN',
  IOWA: 'IA',
  KANSAS: 'KS',
  KENTUCKY: 'KY',
  LOUISIANA: 'LA',
  MAINE: 'ME',
  MARYLAND: 'MD',
  MASSACHUSETTS: 'MA',
  MICHIGAN: 'MI',
  MINNESOTA: 'MN',
  MISSISSIPPI: 'MS',
  MISSOURI: 'MO',
  MONTANA: 'MT',
  NEBRASKA: 'NE',
  NEVADA: 'NV',
  'NEW HAMPSHIRE': 'NH',
  'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM',
  'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC',
  'NORTH DAKOTA': 'ND',
  OHIO: 'OH',
  OKLAHOMA: 'OK',
  OREGON: 'OR',
  PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI',
  'SOUTH CAROLINA': 'SC',
  'SOUTH DAKOTA': 'SD',
  TENNESSEE: 'TN',
  TEXAS: 'TX',
  UTAH: 'UT',
  VERMONT: 'VT',
  VIRGINIA: 'VA',
  WASHINGTON: 'WA',
  'WEST VIRGINIA': 'WV',
  WISCONSIN: 'WI',
  WYOMING: 'WY',
  'PUERTO RICO': 'PR',
};
const STATE_CODES = new Set(Object.values(US_STATES));

const titleCase = (s: string) => s.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase());

/**
 * Offline US address parser: "street[, unit], city, ST 12345". No network; good enough for the
 * embedded default and for tests. Lines it cannot read give ZERO_RESULTS.
 */
export function parseUsAddress(input: string): GeocodedAddress | null {
  const line = input
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/,?\s*(USA|United States)$/i, '');
  const m = /^(.*?)[,\s]+([A-Za-z .]+?)[,\s]+([A-Za-z]{2}|[A-Za-z ]{4,})\s*,?\s*(\d{5}(?:-\d{4})?)?$/.exec(
    line,
  );
  if (!m) return null;
  const [, streetPart, cityRaw, stateRaw, zip] = m;
  if (!streetPart || !cityRaw || !stateRaw) return null;
  const stateUpper = stateRaw.trim().toUpperCase();
  const state = STATE_CODES.has(stateUpper) ? stateUpper : US_STATES[stateUpper];
  if (!state) return null;
  const parts = streetPart
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const line1 = parts[0] ?? '';
  if (!/^\d+[A-Za-z]?\s+\S+/.test(line1)) return null;
  const line2 = parts.slice(1).join(', ');
  const city = titleCase(cityRaw.trim());
  const postalCode = zip ?? '';
  const formattedAddress = `${[line1, line2].filter(Boolean).join(', ')}, ${city}, ${state}${postalCode ? ` ${postalCode}` : ''}, USA`;
  return {
    line1,
    line2,
    city,
    state,
    postalCode,
    country: 'US',
    formattedAddress,
    googlePlacesId: null,
    latitude: null,
    longitude: null,
  };
}

export function offlineGeocoding(): GeocodingAdapter {
  return {
    kind: 'offline',
    async geocode(line) {
      const address = parseUsAddress(line);
      return address ? { status: 'OK', address } : { status: 'ZERO_RESULTS' };
    },
    async suggest(query) {
      const address = parseUsAddress(query);
      return address ? [address] : [];
    },
  };
}
