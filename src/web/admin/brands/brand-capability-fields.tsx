import {
  ActionIcon,
  Button,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { CAR_MAKE_TIERS, FLOW_VARIANTS, INCENTIVE_ZONE_TIERS, type TBrandInput } from '../../../domain';
import { type BrandFormValues, FLOW_VARIANT_LABELS } from './brand-form-values';

type BrandForm = UseFormReturn<BrandFormValues, unknown, TBrandInput>;

/** A list-level message (e.g. 'Add at least one ...'), wherever the resolver put it. */
function listError(error: { message?: string; root?: { message?: string } } | undefined) {
  const message = error?.root?.message ?? error?.message;
  return message ? (
    <Text size="sm" c="red" role="alert">
      {message}
    </Text>
  ) : null;
}

function IncentiveZonesEditor({ form }: { form: BrandForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'incentiveZones' });
  const errors = form.formState.errors.incentiveZones;
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Incentive Zones
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No zones yet.
        </Text>
      )}
      {fields.map((field, i) => (
        <Group
          key={field.id}
          gap="xs"
          align="flex-end"
          wrap="nowrap"
          // Stacked on phones: a little air between entries.
          pt={i > 0 ? { base: 'sm', xs: 0 } : undefined}
          data-testid="incentive-zone-row"
        >
          <Grid gutter="xs" style={{ flex: 1 }}>
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <TextInput
                label="City"
                labelProps={i > 0 ? { hiddenFrom: 'xs' } : undefined}
                aria-label={`City, zone ${i + 1}`}
                size="sm"
                {...form.register(`incentiveZones.${i}.city`)}
                error={errors?.[i]?.city?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 4, xs: 3 }}>
              <TextInput
                label="State"
                labelProps={i > 0 ? { hiddenFrom: 'xs' } : undefined}
                aria-label={`State, zone ${i + 1}`}
                size="sm"
                {...form.register(`incentiveZones.${i}.state`)}
                error={errors?.[i]?.state?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 8, xs: 4 }}>
              <NativeSelect
                label="Tier"
                labelProps={i > 0 ? { hiddenFrom: 'xs' } : undefined}
                aria-label={`Tier, zone ${i + 1}`}
                size="sm"
                data={[...INCENTIVE_ZONE_TIERS]}
                {...form.register(`incentiveZones.${i}.tier`)}
                error={errors?.[i]?.tier?.message}
              />
            </Grid.Col>
          </Grid>
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={`Remove zone ${i + 1}`}
            onClick={() => remove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {listError(errors)}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ city: '', state: '', tier: 'non-remote' })}
        >
          Add Zone
        </Button>
      </Group>
    </Stack>
  );
}

function CarMakesEditor({ form }: { form: BrandForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'carMakes' });
  const errors = form.formState.errors.carMakes;
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} size="sm">
        Car Makes
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          No car makes yet.
        </Text>
      )}
      {fields.map((field, i) => (
        <Group
          key={field.id}
          gap="xs"
          align="flex-end"
          wrap="nowrap"
          // Stacked on phones: a little air between entries.
          pt={i > 0 ? { base: 'sm', xs: 0 } : undefined}
          data-testid="car-make-row"
        >
          <Grid gutter="xs" style={{ flex: 1 }}>
            <Grid.Col span={{ base: 7, xs: 8 }}>
              <TextInput
                label="Make"
                labelProps={i > 0 ? { hiddenFrom: 'xs' } : undefined}
                aria-label={`Make, car make ${i + 1}`}
                size="sm"
                {...form.register(`carMakes.${i}.make`)}
                error={errors?.[i]?.make?.message}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 5, xs: 4 }}>
              <NativeSelect
                label="Tier"
                labelProps={i > 0 ? { hiddenFrom: 'xs' } : undefined}
                aria-label={`Tier, car make ${i + 1}`}
                size="sm"
                data={[...CAR_MAKE_TIERS]}
                {...form.register(`carMakes.${i}.tier`)}
                error={errors?.[i]?.tier?.message}
              />
            </Grid.Col>
          </Grid>
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={`Remove car make ${i + 1}`}
            onClick={() => remove(i)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      {listError(errors)}
      <Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => append({ make: '', tier: 'non-premium' })}
        >
          Add Car Make
        </Button>
      </Group>
    </Stack>
  );
}

/** What the brand's storefront offers and how it behaves (ARCHITECTURE: brand capabilities). */
export function BrandCapabilityFields({ form }: { form: BrandForm }) {
  const e = form.formState.errors;
  const [usesZones, needsCarMake, zones, makes] = form.watch([
    'usesIncentiveZones',
    'requiresCarMake',
    'incentiveZones',
    'carMakes',
  ]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brand-capabilities-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="brand-capabilities-title">
          Capabilities
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Checkbox
            label="Surveys Enabled"
            description="Customers can order customer surveys."
            {...form.register('surveysEnabled')}
          />
          <Checkbox
            label="Customization Enabled"
            description="Customers can customize their questionnaires."
            {...form.register('customizationEnabled')}
          />
          <Checkbox
            label="Uses Incentive Zones"
            description="Customers pick a city; '(remote)' and '(ultra-remote)' questionnaires follow its zone."
            {...form.register('usesIncentiveZones')}
          />
          <Checkbox
            label="Requires Car Make"
            description="Customers pick a car make; '(premium)' and '(ultra-premium)' questionnaires follow its tier."
            {...form.register('requiresCarMake')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label="Flow Variant"
            data={FLOW_VARIANTS.map((v) => ({ value: v, label: FLOW_VARIANT_LABELS[v] }))}
            {...form.register('flowVariant')}
            error={e.flowVariant?.message}
          />
          <TextInput
            label="Unlisted Industry Email"
            description="Where 'my industry is not listed' requests go; empty hides the link."
            type="email"
            {...form.register('unlistedIndustryEmail')}
            error={e.unlistedIndustryEmail?.message}
          />
        </SimpleGrid>
        {(usesZones || (zones?.length ?? 0) > 0) && <IncentiveZonesEditor form={form} />}
        {(needsCarMake || (makes?.length ?? 0) > 0) && <CarMakesEditor form={form} />}
      </Stack>
    </Paper>
  );
}
