import { NativeSelect } from '@mantine/core';
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
    <NativeSelect
      label="City"
      description="Pick the city of your location first: the questionnaires offered depend on it."
      data={[
        { value: '', label: loading ? 'Loading cities...' : 'Please select a city...', disabled: true },
        ...zones.map(zoneLabel),
      ]}
      value={value ?? ''}
      onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value)}
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
    <NativeSelect
      label="Select Make"
      data={[
        { value: '', label: loading ? 'Loading makes...' : 'Choose a make...', disabled: true },
        ...makes.map((m) => m.make),
      ]}
      value={value ?? ''}
      onChange={(e) => e.currentTarget.value && onChange(e.currentTarget.value)}
      disabled={loading}
      size="md"
    />
  );
}
