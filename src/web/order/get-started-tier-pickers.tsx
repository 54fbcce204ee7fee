import { Select } from '@mantine/core';
import { zoneLabel } from './get-started-rules';

/** Incentive-zone brands: the city comes first; the questionnaires depend on its zone. */
export function ZoneCityPicker({
  zones,
  value,
  onChange,
  loading,
}: {
  zones: readonly { city: string; state: string }[];
  value: string | null;
  onChange: (label: string) => void;
  loading: boolean;
}) {
  return (
    <Select
      label="City"
      description="Pick the city of your location first: the questionnaires offered depend on it."
      placeholder={loading ? 'Loading cities...' : 'Please select a city...'}
      data={zones.map(zoneLabel)}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No city found"
      disabled={loading}
      size="md"
    />
  );
}

/** Car-make brands: the make decides which premium level of questionnaire is offered. */
export function CarMakePicker({
  makes,
  value,
  onChange,
  loading,
}: {
  makes: readonly { make: string }[];
  value: string | null;
  onChange: (make: string) => void;
  loading: boolean;
}) {
  return (
    <Select
      label="Select Make"
      placeholder={loading ? 'Loading makes...' : 'Choose a make...'}
      data={makes.map((m) => m.make)}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
      searchable
      nothingFoundMessage="No make found"
      disabled={loading}
      size="md"
    />
  );
}
