import '../app/full-styles';
import { useMutation, useQuery } from '@apollo/client';
import {
  Alert,
  Button,
  Checkbox,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { SHOPPER_GENDERS } from '../../domain';
import { errorMessage, fieldErrors } from '../app/apollo';
import { usePageTitle } from '../app/page-title';
import { PageLoader } from '../app/session';
import { MY_SHOPPER_PROFILE, UPDATE_SHOPPER_PROFILE } from './shopboard-documents';
import { STATE_OPTIONS } from './us-states';

type Values = {
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  gender: string;
  birthYear: string;
  hasCar: boolean;
};

const PRECISION: Record<string, string> = {
  geocoded: 'Your home address is placed on the map.',
  city: 'Your home is placed near the centre of your city (the street could not be placed).',
  state: 'Your home is placed roughly, by your city and state.',
};

/** /evaluator/profile: the shopper's home address (visits are measured from it), car, gender, birth year, rating. */
export function ShopperProfilePage() {
  usePageTitle('My Profile');
  const { data, loading, error } = useQuery(MY_SHOPPER_PROFILE, { fetchPolicy: 'cache-and-network' });
  const [save, saving] = useMutation(UPDATE_SHOPPER_PROFILE);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const profile = data?.myShopperProfile;

  useEffect(() => {
    if (profile && !values)
      setValues({
        line1: profile.line1,
        city: profile.city,
        state: profile.state,
        postalCode: profile.postalCode,
        gender: profile.gender ?? '',
        birthYear: profile.birthYear ? String(profile.birthYear) : '',
        hasCar: profile.hasCar,
      });
  }, [profile, values]);

  if (loading && !profile) return <PageLoader />;
  if (error && !profile)
    return (
      <Alert color="red" role="alert">
        {errorMessage(error)}
      </Alert>
    );
  if (!values || !profile) return null;

  const set = (patch: Partial<Values>) => setValues({ ...values, ...patch });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setMessage(null);
    try {
      await save({
        variables: {
          input: {
            line1: values.line1,
            city: values.city,
            state: values.state,
            postalCode: values.postalCode,
            gender: values.gender || null,
            birthYear: values.birthYear ? Number(values.birthYear) : null,
            hasCar: values.hasCar,
          },
        },
        refetchQueries: ['Shopboard'],
      });
      setMessage({ ok: true, text: 'Your profile is saved.' });
    } catch (err) {
      setErrors(fieldErrors(err));
      setMessage({ ok: false, text: errorMessage(err) });
    }
  };

  return (
    <Stack gap="md" maw={560}>
      <Title order={1} size="h2">
        My Profile
      </Title>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text fw={600}>Shopper rating</Text>
          <Text size="sm" data-testid="shopper-rating">
            {profile.shopperRating == null
              ? 'No rating yet: QA rates each approved visit from 1 to 10, and your rating is their recent average.'
              : `${profile.shopperRating.toFixed(1)} of 10`}
          </Text>
        </Stack>
      </Paper>
      <form onSubmit={submit} aria-label="My profile" noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Open visits are measured from your home address. Businesses never see it.
          </Text>
          <TextInput
            label="Home street address"
            autoComplete="address-line1"
            value={values.line1}
            onChange={(e) => set({ line1: e.currentTarget.value })}
            error={errors.line1}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <TextInput
              label="City"
              required
              autoComplete="address-level2"
              value={values.city}
              onChange={(e) => set({ city: e.currentTarget.value })}
              error={errors.city}
            />
            <NativeSelect
              label="State"
              required
              data={[{ value: '', label: 'Select your state' }, ...STATE_OPTIONS]}
              value={values.state}
              onChange={(e) => set({ state: e.currentTarget.value })}
              error={errors.state}
            />
            <TextInput
              label="ZIP Code"
              inputMode="numeric"
              autoComplete="postal-code"
              value={values.postalCode}
              onChange={(e) => set({ postalCode: e.currentTarget.value })}
              error={errors.postalCode}
            />
          </SimpleGrid>
          {profile.pointPrecision && (
            <Text size="xs" c="dimmed">
              {PRECISION[profile.pointPrecision] ?? ''}
            </Text>
          )}
          <SimpleGrid cols={2} spacing="sm">
            <NativeSelect
              label="Gender"
              data={[
                { value: '', label: 'Prefer not to say' },
                ...SHOPPER_GENDERS.map((g) => ({ value: g, label: g[0]!.toUpperCase() + g.slice(1) })),
              ]}
              value={values.gender}
              onChange={(e) => set({ gender: e.currentTarget.value })}
              error={errors.gender}
            />
            <TextInput
              label="Birth year"
              inputMode="numeric"
              value={values.birthYear}
              onChange={(e) => set({ birthYear: e.currentTarget.value.replace(/\D/g, '') })}
              error={errors.birthYear}
            />
          </SimpleGrid>
          <Checkbox
            label="I have a car for visits"
            checked={values.hasCar}
            onChange={(e) => set({ hasCar: e.currentTarget.checked })}
          />
          {message && (
            <Alert color={message.ok ? 'teal' : 'red'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </Alert>
          )}
          <Button type="submit" loading={saving.loading}>
            Save profile
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
