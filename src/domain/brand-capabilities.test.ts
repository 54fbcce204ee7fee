import { describe, expect, it } from 'vitest';
import {
  customizationAllowed,
  customizeStepTexts,
  flowVariantTexts,
  offeredServices,
  opensEditorByDefault,
  skipsServiceStep,
  splitIntoThreeColumns,
  unlistedIndustryMailto,
} from './brand-capabilities';
import { ZBrandCapabilities } from './schemas/brand';

const brand = (overrides: Partial<Record<string, unknown>> = {}) => ZBrandCapabilities.parse(overrides);
const withSurveys = [
  { questionnaires: [{ type: 'mysteryShop' as const }, { type: 'customerSurvey' as const }] },
];
const shopsOnly = [{ questionnaires: [{ type: 'mysteryShop' as const }] }, { questionnaires: [] }];

describe('offeredServices', () => {
  it.each([
    {
      case: 'surveys enabled and an industry has a survey',
      surveysEnabled: true,
      industries: withSurveys,
      expected: ['mysteryShop', 'customerSurvey'],
    },
    {
      case: 'surveys disabled by the brand (sb1, dunkin...)',
      surveysEnabled: false,
      industries: withSurveys,
      expected: ['mysteryShop'],
    },
    {
      case: 'no industry has survey questionnaires',
      surveysEnabled: true,
      industries: shopsOnly,
      expected: ['mysteryShop'],
    },
    { case: 'no industries at all', surveysEnabled: true, industries: [], expected: ['mysteryShop'] },
  ])('offers $expected when $case', ({ surveysEnabled, industries, expected }) => {
    expect(offeredServices(brand({ surveysEnabled }), industries)).toEqual(expected);
  });

  it('skips the service step when only mystery shops is offered', () => {
    expect(skipsServiceStep(offeredServices(brand({ surveysEnabled: false }), withSurveys))).toBe(true);
    expect(skipsServiceStep(offeredServices(brand(), withSurveys))).toBe(false);
  });
});

describe('customization', () => {
  it('is allowed unless the brand turns it off (cricketwireless)', () => {
    expect(customizationAllowed(brand())).toBe(true);
    expect(customizationAllowed(brand({ customizationEnabled: false }))).toBe(false);
  });

  it.each([
    { customizationEnabled: true, heading: 'Customize Your Questionnaires', action: 'Edit' },
    { customizationEnabled: false, heading: 'Confirm Your Questionnaires', action: 'Remove' },
  ])('titles the step "$heading" with action $action when customization is $customizationEnabled', (row) => {
    expect(customizeStepTexts(brand({ customizationEnabled: row.customizationEnabled }))).toEqual({
      heading: row.heading,
      action: row.action,
    });
  });

  it.each([
    { customizationEnabled: true, count: 1, opens: true },
    { customizationEnabled: true, count: 2, opens: false },
    { customizationEnabled: false, count: 1, opens: false },
  ])(
    'opens the only questionnaire for editing: $opens (customization $customizationEnabled, $count questionnaires)',
    (row) => {
      expect(opensEditorByDefault(brand({ customizationEnabled: row.customizationEnabled }), row.count)).toBe(
        row.opens,
      );
    },
  );
});

describe('flowVariantTexts', () => {
  it.each([
    ['referralCodeLabel', 'Referral Code', 'Promo Code'],
    ['bulkLocationsLinkLabel', 'Add Locations In Bulk', 'Have More Than 20 Locations? Add Here'],
    ['showsSampleLinks', true, false],
    ['getStartedSubmitLabel', 'Next', 'Continue'],
    ['selectShowsGetStarted', false, true],
    ['frequencyAsTable', false, true],
    ['industryColumns', 1, 3],
  ] as const)('gives %s as %o by default and %o for the automotive variant', (key, byDefault, automotive) => {
    expect(flowVariantTexts(brand())[key]).toBe(byDefault);
    expect(flowVariantTexts(brand({ flowVariant: 'automotive' }))[key]).toBe(automotive);
  });
});

describe('splitIntoThreeColumns', () => {
  it.each([
    { n: 9, sizes: [3, 3, 3] },
    { n: 10, sizes: [3, 4, 3] },
    { n: 11, sizes: [3, 5, 3] },
    { n: 2, sizes: [0, 2, 0] },
    { n: 0, sizes: [0, 0, 0] },
  ])('gives the middle column the remainder: $n industries split as $sizes', ({ n, sizes }) => {
    const items = Array.from({ length: n }, (_, i) => i);
    const columns = splitIntoThreeColumns(items);
    expect(columns.map((c) => c.length)).toEqual(sizes);
    expect(columns.flat()).toEqual(items);
  });
});

describe('unlistedIndustryMailto', () => {
  it('links to the brand address for unlisted industries (msm) and to nothing otherwise', () => {
    expect(unlistedIndustryMailto(brand({ unlistedIndustryEmail: 'sales@example.com' }))).toBe(
      'mailto:sales@example.com',
    );
    expect(unlistedIndustryMailto(brand())).toBeNull();
  });
});
