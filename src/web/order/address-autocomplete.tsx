import { useApolloClient } from '@apollo/client';
import { Autocomplete, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { graphql } from '../gql';
import type { AddressSuggestionsQuery } from '../gql/graphql';

export type SuggestedAddress = AddressSuggestionsQuery['addressSuggestions'][number];

/** Address autocomplete does not load within this time: the user is told to refresh (spec 8). */
export const AUTOCOMPLETE_TIMEOUT_MS = 4000;
export const MSG_AUTOCOMPLETE_FAILED =
  'Error Loading Google Autocomplete. Please refresh the page and try again.';
const SUGGEST_DEBOUNCE_MS = 300;

export const ADDRESS_SUGGESTIONS = graphql(`
  query AddressSuggestions($query: String!) {
    addressSuggestions(query: $query) {
      ...EditableAddress
    }
  }
`);

export const GEOCODE_ADDRESS = graphql(`
  query GeocodeAddress($line: String!) {
    geocodeAddress(line: $line) {
      status
      address {
        ...EditableAddress
      }
    }
  }
`);

type AddressLike = {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  formattedAddress?: string | null;
};

/** One line for an address: the geocoded formatted address, else its parts. */
export function addressText(address: AddressLike | null | undefined): string {
  if (!address) return '';
  if (address.formattedAddress) return address.formattedAddress;
  const region = [address.state, address.postalCode].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.city, region].filter(Boolean).join(', ');
}

/** geocodeAddress(line) through the server: the address, the rate-limit status, or null. */
export function useGeocodeLine() {
  const client = useApolloClient();
  return useCallback(
    async (line: string) => {
      const { data } = await client.query({
        query: GEOCODE_ADDRESS,
        variables: { line },
        fetchPolicy: 'network-only',
      });
      return data.geocodeAddress;
    },
    [client],
  );
}

/**
 * 'Location Address or Name' with suggestions from the server's geocoder. Typing clears the chosen
 * address until a suggestion is picked; a typed line without a pick is geocoded by the form on submit.
 */
export function AddressAutocomplete(props: {
  text: string;
  onTextChange: (text: string) => void;
  onSelect: (address: SuggestedAddress | null) => void;
  error?: string;
  label?: string;
}) {
  const client = useApolloClient();
  const [debounced] = useDebouncedValue(props.text, SUGGEST_DEBOUNCE_MS);
  const [suggestions, setSuggestions] = useState<SuggestedAddress[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const query = debounced.trim();
    if (query.length < 3) {
      setSuggestions([]);
      return;
    }
    let live = true;
    setLoading(true);
    const timeout = setTimeout(() => live && setFailed(true), AUTOCOMPLETE_TIMEOUT_MS);
    client
      .query({ query: ADDRESS_SUGGESTIONS, variables: { query }, fetchPolicy: 'cache-first' })
      .then(
        ({ data }) => {
          if (!live) return;
          setSuggestions(data.addressSuggestions);
          setFailed(false);
        },
        () => live && setFailed(true),
      )
      .finally(() => {
        clearTimeout(timeout);
        if (live) setLoading(false);
      });
    return () => {
      live = false;
      clearTimeout(timeout);
    };
  }, [debounced, client]);

  const labels = [...new Set(suggestions.map(addressText))];

  return (
    <Autocomplete
      label={props.label ?? 'Location Address or Name'}
      placeholder="Start typing an address"
      description="Choose an address from the suggestions, or type the full street address, city, state and ZIP."
      required
      autoComplete="off"
      value={props.text}
      data={labels}
      filter={({ options }) => options}
      onChange={(text) => {
        props.onTextChange(text);
        props.onSelect(suggestions.find((s) => addressText(s) === text) ?? null);
      }}
      rightSection={loading ? <Loader size="xs" /> : null}
      error={failed ? MSG_AUTOCOMPLETE_FAILED : props.error}
      data-testid="address-autocomplete"
    />
  );
}
