import type { z } from 'zod';
import {
  normalizeHexColor,
  type TBrandType,
  type TCarMakeTier,
  type TFlowVariant,
  type TIncentiveZoneTier,
  type ZBrandInput,
} from '../../../domain';
import type { AdminBrandQuery } from '../../gql/graphql';

export type BrandFormValues = z.input<typeof ZBrandInput>;
export type SavedBrand = NonNullable<AdminBrandQuery['brand']>;

export const BRAND_TYPE_LABELS: Readonly<Record<TBrandType, string>> = {
  AUTHENTICATED: 'Authenticated',
  CUSTOM_SUBDOMAIN: 'Custom Subdomain',
  CUSTOM_DOMAIN: 'Custom Domain',
  ENTRY_PATH: 'Entry Path',
};

/** A brand type as words ('ENTRY_PATH' -> 'Entry Path'); an unknown type is shown as stored. */
export const brandTypeLabel = (type: string): string =>
  Object.hasOwn(BRAND_TYPE_LABELS, type) ? BRAND_TYPE_LABELS[type as TBrandType] : type;

/** The one address field each type uses (AUTHENTICATED brands are reached by the customer's login). */
export const ADDRESS_FIELD_OF_TYPE = {
  AUTHENTICATED: null,
  CUSTOM_SUBDOMAIN: 'subdomain',
  CUSTOM_DOMAIN: 'customDomain',
  ENTRY_PATH: 'entryPath',
} as const satisfies Record<TBrandType, 'subdomain' | 'customDomain' | 'entryPath' | null>;

export const FLOW_VARIANT_LABELS = { default: 'Default', automotive: 'Automotive' } as const;

/** The database's colours for a brand saved without them, so the form and its preview start there. */
export const DEFAULT_COLORS = {
  primaryColor: '#1c7ed6',
  secondaryColor: '#495057',
  headerTextColor: '#ffffff',
  footerLinkTextColor: '#ffffff',
} as const;

export type ColourField = keyof typeof DEFAULT_COLORS;

/** The colour a colour field stands for: its value as '#rrggbb', the default when empty, null while not a colour. */
export function fieldColour(field: ColourField, value: string | null | undefined): string | null {
  const typed = value?.trim() ?? '';
  return typed === '' ? DEFAULT_COLORS[field] : normalizeHexColor(typed);
}

export const NEW_BRAND_VALUES: BrandFormValues = {
  shortName: '',
  name: '',
  type: 'ENTRY_PATH',
  subdomain: '',
  customDomain: '',
  entryPath: '',
  ...DEFAULT_COLORS,
  brandText: '',
  orderNotificationEmails: '',
  logoUrl: null,
  faviconUrl: null,
  brandTextImageUrl: null,
  surveysEnabled: true,
  customizationEnabled: true,
  usesIncentiveZones: false,
  requiresCarMake: false,
  flowVariant: 'default',
  unlistedIndustryEmail: '',
  incentiveZones: [],
  carMakes: [],
};

/** The form's values for a saved brand (nulls become empty fields; id, flags and typenames go). */
export function brandToValues(brand: SavedBrand): BrandFormValues {
  return {
    shortName: brand.shortName,
    name: brand.name,
    type: brand.type as TBrandType,
    subdomain: brand.subdomain ?? '',
    customDomain: brand.customDomain ?? '',
    entryPath: brand.entryPath ?? '',
    primaryColor: brand.primaryColor,
    secondaryColor: brand.secondaryColor,
    headerTextColor: brand.headerTextColor,
    footerLinkTextColor: brand.footerLinkTextColor,
    brandText: brand.brandText ?? '',
    orderNotificationEmails: brand.orderNotificationEmails ?? '',
    logoUrl: brand.logoUrl ?? null,
    faviconUrl: brand.faviconUrl ?? null,
    brandTextImageUrl: brand.brandTextImageUrl ?? null,
    surveysEnabled: brand.surveysEnabled,
    customizationEnabled: brand.customizationEnabled,
    usesIncentiveZones: brand.usesIncentiveZones,
    requiresCarMake: brand.requiresCarMake,
    flowVariant: brand.flowVariant as TFlowVariant,
    unlistedIndustryEmail: brand.unlistedIndustryEmail ?? '',
    incentiveZones: brand.incentiveZones.map(({ city, state, tier }) => ({
      city,
      state,
      tier: tier as TIncentiveZoneTier,
    })),
    carMakes: brand.carMakes.map(({ make, tier }) => ({ make, tier: tier as TCarMakeTier })),
  };
}

export type BrandImageField = 'logoUrl' | 'faviconUrl' | 'brandTextImageUrl';
