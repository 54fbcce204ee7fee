import { describe, expect, it } from 'vitest';
import { ZBrandCapabilities, ZBrandInput } from './brand';
import { fieldErrors } from './field-errors';

const base = { shortName: 'dunkin', name: 'Dunkin', type: 'AUTHENTICATED' };

function errors(input: Record<string, unknown>) {
  const r = ZBrandInput.safeParse({ ...base, ...input });
  return r.success ? [] : fieldErrors(r.error);
}

describe('brand form', () => {
  it('fills capability defaults: surveys and customization on, default flow, no zones or makes', () => {
    expect(ZBrandCapabilities.parse({})).toEqual({
      surveysEnabled: true,
      customizationEnabled: true,
      usesIncentiveZones: false,
      requiresCarMake: false,
      flowVariant: 'default',
      unlistedIndustryEmail: null,
      incentiveZones: [],
      carMakes: [],
    });
  });

  it.each(['sb1', 'primroseschools', 'AutoPro2'])('accepts the alphanumeric short name %s', (shortName) => {
    expect(errors({ shortName })).toEqual([]);
  });

  it.each(['golden chick', 'cricket-wireless', 'msm!'])('rejects the short name %o', (shortName) => {
    expect(errors({ shortName })).toEqual([
      { field: 'shortName', message: 'Short Name may contain only letters and numbers, with no spaces.' },
    ]);
  });

  it.each(['#fff', '#1A2b3C'])('accepts the colour %s', (primaryColor) => {
    expect(errors({ primaryColor })).toEqual([]);
  });

  it.each(['fff', '1a2b3c', '#12345', 'red'])(
    'rejects the colour %o because hex colours must include #',
    (primaryColor) => {
      expect(errors({ primaryColor })).toEqual([
        {
          field: 'primaryColor',
          message: 'Primary Color must be a hex colour including #, such as #1a2b3c.',
        },
      ]);
    },
  );

  it.each([
    { type: 'CUSTOM_SUBDOMAIN', field: 'subdomain', message: 'Subdomain is required.' },
    { type: 'CUSTOM_DOMAIN', field: 'customDomain', message: 'Custom Domain is required.' },
    { type: 'ENTRY_PATH', field: 'entryPath', message: 'Entry Path is required.' },
  ])('requires $field for type $type', ({ type, field, message }) => {
    expect(errors({ type })).toEqual([{ field, message }]);
  });

  it.each([
    { type: 'CUSTOM_SUBDOMAIN', subdomain: 'golden-chick', valid: true },
    { type: 'CUSTOM_SUBDOMAIN', subdomain: 'golden chick', valid: false },
    { type: 'CUSTOM_DOMAIN', customDomain: 'shop.example.com', valid: true },
    { type: 'CUSTOM_DOMAIN', customDomain: 'https://shop.example.com', valid: false },
    { type: 'ENTRY_PATH', entryPath: 'autopro', valid: true },
    { type: 'ENTRY_PATH', entryPath: '/auto/pro', valid: false },
  ])(
    'checks the address of a $type brand: $subdomain$customDomain$entryPath valid $valid',
    ({ valid, ...input }) => {
      expect(errors(input).length === 0).toBe(valid);
    },
  );

  it('names the brand type choices when the type is wrong', () => {
    expect(errors({ type: 'PUBLIC' })).toEqual([
      {
        field: 'type',
        message: 'Type must be AUTHENTICATED, CUSTOM_SUBDOMAIN, CUSTOM_DOMAIN or ENTRY_PATH.',
      },
    ]);
  });

  it('never accepts restrictCMS from the form', () => {
    expect(ZBrandInput.parse({ ...base, restrictCMS: true })).not.toHaveProperty('restrictCMS');
  });

  it('checks order notification e-mails one by one', () => {
    expect(errors({ orderNotificationEmails: 'ops@example.com, nope' })).toEqual([
      {
        field: 'orderNotificationEmails',
        message: 'Order Notification Emails: "nope" is not a valid email address.',
      },
    ]);
  });

  it('requires zones for a zone brand and makes for a make brand', () => {
    expect(errors({ usesIncentiveZones: true })).toEqual([
      {
        field: 'incentiveZones',
        message: 'Add at least one incentive zone when the brand uses incentive zones.',
      },
    ]);
    expect(errors({ requiresCarMake: true })).toEqual([
      { field: 'carMakes', message: 'Add at least one car make when the brand requires a car make.' },
    ]);
    expect(
      errors({
        usesIncentiveZones: true,
        incentiveZones: [{ city: 'Elko', state: 'NV', tier: 'ultra-remote' }],
      }),
    ).toEqual([]);
  });

  it('checks zone and make tiers', () => {
    expect(errors({ incentiveZones: [{ city: 'Elko', state: 'NV', tier: 'far' }] })[0]?.message).toBe(
      'Incentive zone tier must be non-remote, remote or ultra-remote.',
    );
    expect(errors({ carMakes: [{ make: 'Lexus', tier: 'luxury' }] })[0]?.message).toBe(
      'Car make tier must be non-premium, premium or ultra-premium.',
    );
  });

  it('reads a blank unlisted-industry e-mail as none and checks a given one', () => {
    expect(ZBrandInput.parse({ ...base, unlistedIndustryEmail: '' }).unlistedIndustryEmail).toBeNull();
    expect(errors({ unlistedIndustryEmail: 'sales' })).toEqual([
      { field: 'unlistedIndustryEmail', message: 'Unlisted Industry Email must be a valid email address.' },
    ]);
  });
});
