import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  ColorInput,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { BRAND_TYPES, readableTextOn, type TBrandInput, ZBrandInput } from '../../../domain';
import { fieldErrors, notifyError } from '../../app/apollo';
import { BrandCapabilityFields } from './brand-capability-fields';
import { ContrastCheck } from './brand-contrast-check';
import {
  ADDRESS_FIELD_OF_TYPE,
  BRAND_TYPE_LABELS,
  type BrandFormValues,
  type ColourField,
  fieldColour,
} from './brand-form-values';
import { BrandHeaderPreview } from './brand-header-preview';

type BrandForm = UseFormReturn<BrandFormValues, unknown, TBrandInput>;

const COLOUR_FIELDS = [
  [
    'primaryColor',
    'Primary Color',
    'Header background and buttons (button text is black or white, whichever reads better).',
  ],
  ['secondaryColor', 'Secondary Color', 'Footer background.'],
  ['headerTextColor', 'Header Text Color', 'Logo text and links in the header.'],
  ['footerLinkTextColor', 'Footer Link Text Color', 'Text and links in the footer.'],
] as const;

const ADDRESS_INPUTS = {
  subdomain: { label: 'Subdomain', description: 'The storefront answers at {subdomain}.{this site}.' },
  customDomain: {
    label: 'Custom Domain',
    description: 'A domain pointed at this site, e.g. shop.example.com.',
  },
  entryPath: { label: 'Entry Path', description: 'Visitors start at /{entry path}, e.g. /acme.' },
} as const;

function IdentityFields({ form }: { form: BrandForm }) {
  const e = form.formState.errors;
  const type = form.watch('type');
  const addressField = ADDRESS_FIELD_OF_TYPE[type] ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brand-identity-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="brand-identity-title">
          Brand
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" required {...form.register('name')} error={e.name?.message} />
          <TextInput
            label="Short Name"
            description="Letters and numbers only, no spaces."
            required
            {...form.register('shortName')}
            error={e.shortName?.message}
          />
          <NativeSelect
            label="Type"
            description="How visitors reach this brand's storefront."
            data={BRAND_TYPES.map((t) => ({ value: t, label: BRAND_TYPE_LABELS[t] }))}
            {...form.register('type', {
              onChange: () => form.clearErrors(['subdomain', 'customDomain', 'entryPath']),
            })}
            error={e.type?.message}
          />
          {addressField && (
            <TextInput
              key={addressField}
              label={ADDRESS_INPUTS[addressField].label}
              description={ADDRESS_INPUTS[addressField].description}
              required
              {...form.register(addressField)}
              error={e[addressField]?.message}
            />
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function ColourFields({ form, logoUrl }: { form: BrandForm; logoUrl: string | null }) {
  const [name, ...colours] = form.watch([
    'name',
    'primaryColor',
    'secondaryColor',
    'headerTextColor',
    'footerLinkTextColor',
  ]);
  const [primaryColor, secondaryColor, headerTextColor, footerLinkTextColor] = colours;
  const primary = fieldColour('primaryColor', primaryColor);
  const secondary = fieldColour('secondaryColor', secondaryColor);
  const use = (field: ColourField) => (colour: string) =>
    form.setValue(field, colour, { shouldDirty: true, shouldValidate: true });
  // Under each text colour, its contrast on the colour behind it (WCAG AA); buttons' is derived.
  const checks: Partial<Record<ColourField, ReactNode>> = {
    primaryColor: (
      <ContrastCheck
        pair="Button text on primary"
        foreground={primary && readableTextOn(primary)}
        background={primary}
      />
    ),
    headerTextColor: (
      <ContrastCheck
        pair="Header text on primary"
        foreground={fieldColour('headerTextColor', headerTextColor)}
        background={primary}
        onUse={use('headerTextColor')}
      />
    ),
    footerLinkTextColor: (
      <ContrastCheck
        pair="Footer links on secondary"
        foreground={fieldColour('footerLinkTextColor', footerLinkTextColor)}
        background={secondary}
        onUse={use('footerLinkTextColor')}
      />
    ),
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brand-colours-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="brand-colours-title">
          Colors
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {COLOUR_FIELDS.map(([field, label, description]) => (
            <Controller
              key={field}
              control={form.control}
              name={field}
              render={({ field: f, fieldState }) => (
                <Stack gap={6}>
                  <ColorInput
                    label={label}
                    description={description}
                    format="hex"
                    // Mantine's picker dropdown renders its hue and saturation sliders without labels
                    // (and out of the tab order), which axe flags whenever it is open: the hex field,
                    // the eyedropper, the contrast checks and the live preview do the job accessibly.
                    withPicker={false}
                    eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
                    placeholder="#1c7ed6"
                    value={f.value ?? ''}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                    ref={f.ref}
                    name={f.name}
                    error={fieldState.error?.message}
                  />
                  {checks[field]}
                </Stack>
              )}
            />
          ))}
        </SimpleGrid>
        <BrandHeaderPreview
          name={name}
          logoUrl={logoUrl}
          primaryColor={primaryColor}
          secondaryColor={secondaryColor}
          headerTextColor={headerTextColor}
          footerLinkTextColor={footerLinkTextColor}
        />
      </Stack>
    </Paper>
  );
}

function StorefrontTextFields({ form }: { form: BrandForm }) {
  const e = form.formState.errors;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="brand-texts-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="brand-texts-title">
          Texts and Notifications
        </Title>
        <Textarea
          label="Brand Text"
          description="Shown at the top of the storefront's Get Started page, below the brand text image."
          autosize
          minRows={3}
          maxRows={10}
          {...form.register('brandText')}
          error={e.brandText?.message}
        />
        <TextInput
          label="Order Notification Emails"
          description="Comma-separated addresses told about every new order."
          {...form.register('orderNotificationEmails')}
          error={e.orderNotificationEmails?.message}
        />
      </Stack>
    </Paper>
  );
}

/**
 * The Add/Edit Brand form, checked with the shared ZBrandInput. `save` throws on failure (the server's
 * field messages then appear on their fields) and may return the values saved, which become the
 * form's. `images` sit after the colours and save on their own.
 */
export function BrandForm({
  defaultValues,
  readOnly = false,
  logoUrl = null,
  submitLabel,
  save,
  images,
  dangerZone,
}: {
  defaultValues: BrandFormValues;
  readOnly?: boolean;
  logoUrl?: string | null;
  submitLabel: string;
  save: (input: TBrandInput) => Promise<BrandFormValues | undefined>;
  images: ReactNode;
  dangerZone?: ReactNode;
}) {
  const form = useForm<BrandFormValues, unknown, TBrandInput>({
    resolver: zodResolver(ZBrandInput),
    defaultValues,
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await save(input);
      if (saved) form.reset(saved);
    } catch (err) {
      notifyError(err);
      for (const [field, message] of Object.entries(fieldErrors(err))) {
        form.setError(field as keyof BrandFormValues, { message });
      }
    }
  });

  return (
    <Stack gap="lg">
      <form onSubmit={onSubmit} noValidate aria-label="Brand">
        <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="lg">
            <IdentityFields form={form} />
            <ColourFields form={form} logoUrl={logoUrl} />
            {images}
            <StorefrontTextFields form={form} />
            <BrandCapabilityFields form={form} />
            {!readOnly && (
              <Group gap="sm">
                <Button type="submit" loading={form.formState.isSubmitting}>
                  {submitLabel}
                </Button>
                <Button component={Link} to="/admin/questionnaires" variant="default">
                  Cancel
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
      {dangerZone}
    </Stack>
  );
}
