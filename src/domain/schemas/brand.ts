import { z } from 'zod';
import { zEmailList } from './additional-emails';
import { zOptionalText } from './common';
import { safeChars } from './text';

export const BRAND_TYPES = ['AUTHENTICATED', 'CUSTOM_SUBDOMAIN', 'CUSTOM_DOMAIN', 'ENTRY_PATH'] as const;
export const FLOW_VARIANTS = ['default', 'automotive'] as const;
export const INCENTIVE_ZONE_TIERS = ['non-remote', 'remote', 'ultra-remote'] as const;
export const CAR_MAKE_TIERS = ['non-premium', 'premium', 'ultra-premium'] as const;

export const MSG_BRAND_TYPE = 'Type must be AUTHENTICATED, CUSTOM_SUBDOMAIN, CUSTOM_DOMAIN or ENTRY_PATH.';
export const ZBrandType = z.enum(BRAND_TYPES, { error: MSG_BRAND_TYPE });
export type TBrandType = z.infer<typeof ZBrandType>;
export const ZFlowVariant = z.enum(FLOW_VARIANTS, { error: 'Flow variant must be default or automotive.' });
export type TFlowVariant = z.infer<typeof ZFlowVariant>;
export const ZIncentiveZoneTier = z.enum(INCENTIVE_ZONE_TIERS, {
  error: 'Incentive zone tier must be non-remote, remote or ultra-remote.',
});
export type TIncentiveZoneTier = z.infer<typeof ZIncentiveZoneTier>;
export const ZCarMakeTier = z.enum(CAR_MAKE_TIERS, {
  error: 'Car make tier must be non-premium, premium or ultra-premium.',
});
export type TCarMakeTier = z.infer<typeof ZCarMakeTier>;

const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(max, { error: `${label} cannot exceed ${max} characters.` })
    .check(safeChars(label));

export const ZIncentiveZone = z.object({
  city: requiredText('City'),
  state: requiredText('State', 50),
  tier: ZIncentiveZoneTier,
});
export type TIncentiveZone = z.infer<typeof ZIncentiveZone>;

export const ZCarMake = z.object({ make: requiredText('Make'), tier: ZCarMakeTier });
export type TCarMake = z.infer<typeof ZCarMake>;

/** What a brand can do; stored on the brand, never derived from its shortName. */
export const ZBrandCapabilities = z.object({
  surveysEnabled: z.boolean().default(true),
  customizationEnabled: z.boolean().default(true),
  usesIncentiveZones: z.boolean().default(false),
  requiresCarMake: z.boolean().default(false),
  flowVariant: ZFlowVariant.default('default'),
  unlistedIndustryEmail: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email({ error: 'Unlisted Industry Email must be a valid email address.' }).nullable()),
  incentiveZones: z.array(ZIncentiveZone).default([]),
  carMakes: z.array(ZCarMake).default([]),
});
export type TBrandCapabilities = z.infer<typeof ZBrandCapabilities>;

export const MSG_BRAND_SHORT_NAME = 'Short Name may contain only letters and numbers, with no spaces.';

/** '#' then 3 or 6 hex digits; empty means "use the default colour". */
const zHexColor = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(v), {
      error: `${label} must be a hex colour including #, such as #1a2b3c.`,
    });

const zOptionalUrl = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null));

const HOST_FORMAT: Record<
  'subdomain' | 'customDomain' | 'entryPath',
  { label: string; test: RegExp; hint: string }
> = {
  subdomain: {
    label: 'Subdomain',
    test: /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i,
    hint: 'may contain only letters, numbers and inner hyphens',
  },
  customDomain: {
    label: 'Custom Domain',
    test: /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
    hint: 'must be a domain name such as shop.example.com',
  },
  entryPath: {
    label: 'Entry Path',
    test: /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i,
    hint: 'may contain only letters, numbers and inner hyphens, without slashes',
  },
};

/** First path segments the web app owns; any other single segment may be a brand's entry path. */
export const APP_SEGMENTS: ReadonlySet<string> = new Set([
  '',
  'login',
  'register',
  'forgot-password',
  'reset-email-sent',
  'reset-password',
  'change-password',
  'unsubscribe',
  'invitation',
  'logout',
  'account',
  'admin',
  'order',
  'new-order',
  'industry',
  'select-questionnaires',
  'customize',
  'locations',
  'frequency',
  'checkout',
  'thanks',
  'view-order',
  'evaluator',
  'survey',
  'terms',
  'privacy',
  'sample-report',
  'assets',
  'api',
  's3',
  'webhooks',
  'healthz',
  'readyz',
]);

const ADDRESS_FIELD_BY_TYPE = {
  CUSTOM_SUBDOMAIN: 'subdomain',
  CUSTOM_DOMAIN: 'customDomain',
  ENTRY_PATH: 'entryPath',
} as const;

/** The Add/Edit Brand form and the createBrand / updateBrand input (restrictCMS is never accepted). */
export const ZBrandInput = z
  .object({
    shortName: requiredText('Short Name', 50).regex(/^[a-z0-9]+$/i, { error: MSG_BRAND_SHORT_NAME }),
    name: requiredText('Name'),
    type: ZBrandType,
    subdomain: zOptionalText('Subdomain', 63),
    customDomain: zOptionalText('Custom Domain', 253),
    entryPath: zOptionalText('Entry Path', 100),
    primaryColor: zHexColor('Primary Color'),
    secondaryColor: zHexColor('Secondary Color'),
    headerTextColor: zHexColor('Header Text Color'),
    footerLinkTextColor: zHexColor('Footer Link Text Color'),
    brandText: zOptionalText('Brand Text', 5000, true),
    orderNotificationEmails: zEmailList('Order Notification Emails'),
    logoUrl: zOptionalUrl,
    faviconUrl: zOptionalUrl,
    brandTextImageUrl: zOptionalUrl,
    ...ZBrandCapabilities.shape,
  })
  .superRefine((brand, ctx) => {
    const field = brand.type === 'AUTHENTICATED' ? null : ADDRESS_FIELD_BY_TYPE[brand.type];
    if (field) {
      const { label, test, hint } = HOST_FORMAT[field];
      const value = brand[field];
      if (!value) ctx.addIssue({ code: 'custom', path: [field], message: `${label} is required.` });
      else if (!test.test(value))
        ctx.addIssue({ code: 'custom', path: [field], message: `${label} ${hint}.` });
      else if (field === 'entryPath' && APP_SEGMENTS.has(value.toLowerCase()))
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `Entry Path '${value}' is a page of the app; choose another.`,
        });
    }
    if (brand.usesIncentiveZones && brand.incentiveZones.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['incentiveZones'],
        message: 'Add at least one incentive zone when the brand uses incentive zones.',
      });
    }
    if (brand.requiresCarMake && brand.carMakes.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['carMakes'],
        message: 'Add at least one car make when the brand requires a car make.',
      });
    }
  });
export type TBrandInput = z.infer<typeof ZBrandInput>;
