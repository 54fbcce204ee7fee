import { describe, expect, it } from 'vitest';
import {
  carMakeTier,
  filterByCarMake,
  filterByIncentiveZone,
  incentiveZoneTier,
  selectableQuestionnaires,
} from './questionnaire-tiers';
import { ZBrandCapabilities } from './schemas/brand';

const titles = (list: { title: string }[] | null) => list?.map((q) => q.title) ?? null;
const q = (...names: string[]) => names.map((title) => ({ title }));

describe('filterByIncentiveZone', () => {
  const list = q('Dine-In', 'Drive-Thru (non-remote)', 'Drive-Thru (remote)', 'Drive-Thru (ultra-remote)');
  it.each([
    { tier: 'non-remote', kept: ['Dine-In', 'Drive-Thru (non-remote)'] },
    { tier: 'remote', kept: ['Dine-In', 'Drive-Thru (remote)'] },
    { tier: 'ultra-remote', kept: ['Dine-In', 'Drive-Thru (ultra-remote)'] },
  ] as const)('keeps titles without "remote" and only the ($tier) one for a $tier zone', ({ tier, kept }) => {
    expect(titles(filterByIncentiveZone(list, tier))).toEqual(kept);
  });

  it('drops a title that mentions remote without naming the zone level in parentheses', () => {
    expect(titles(filterByIncentiveZone(q('Remote Ordering'), 'remote'))).toEqual([]);
  });

  it('ignores case in titles', () => {
    expect(titles(filterByIncentiveZone(q('Drive-Thru (Remote)'), 'remote'))).toEqual([
      'Drive-Thru (Remote)',
    ]);
  });
});

describe('filterByCarMake', () => {
  const list = q('Service Visit', 'Sales (non-premium)', 'Sales (premium)', 'Sales (ultra-premium)');
  it.each([
    { tier: 'non-premium', kept: ['Service Visit', 'Sales (non-premium)'] },
    { tier: 'premium', kept: ['Service Visit', 'Sales (premium)'] },
    { tier: 'ultra-premium', kept: ['Service Visit', 'Sales (ultra-premium)'] },
  ] as const)(
    'keeps titles without "premium" and only the ($tier) one for a $tier make',
    ({ tier, kept }) => {
      expect(titles(filterByCarMake(list, tier))).toEqual(kept);
    },
  );
});

describe('tier look-ups', () => {
  const brand = ZBrandCapabilities.parse({
    usesIncentiveZones: true,
    requiresCarMake: true,
    incentiveZones: [{ city: 'Elko', state: 'NV', tier: 'ultra-remote' }],
    carMakes: [{ make: 'Lexus', tier: 'premium' }],
  });

  it('finds the zone tier of a picked city ignoring case and spaces', () => {
    expect(incentiveZoneTier(brand, { city: ' elko ', state: 'nv' })).toBe('ultra-remote');
    expect(incentiveZoneTier(brand, { city: 'Elko', state: 'TX' })).toBeNull();
  });

  it('finds the premium tier of a picked make', () => {
    expect(carMakeTier(brand, 'LEXUS')).toBe('premium');
    expect(carMakeTier(brand, 'Kia')).toBeNull();
  });
});

describe('selectableQuestionnaires', () => {
  const list = q('Dine-In', 'Drive-Thru (remote)', 'Sales (premium)', 'Sales (non-premium)');
  const brand = (usesIncentiveZones: boolean, requiresCarMake: boolean) =>
    ZBrandCapabilities.parse({ usesIncentiveZones, requiresCarMake });

  it.each([
    {
      case: 'a brand without zones or makes lists everything',
      zones: false,
      makes: false,
      picks: {},
      expected: titles(list),
    },
    {
      case: 'a zone brand hides the list until a city is picked',
      zones: true,
      makes: false,
      picks: {},
      expected: null,
    },
    {
      case: 'a zone brand filters by the picked zone',
      zones: true,
      makes: false,
      picks: { zoneTier: 'non-remote' },
      expected: ['Dine-In', 'Sales (premium)', 'Sales (non-premium)'],
    },
    {
      case: 'a make brand hides the list until a make is picked',
      zones: false,
      makes: true,
      picks: {},
      expected: null,
    },
    {
      case: 'a make brand filters by the picked make',
      zones: false,
      makes: true,
      picks: { carMakeTier: 'premium' },
      expected: ['Dine-In', 'Drive-Thru (remote)', 'Sales (premium)'],
    },
  ] as const)('$case', ({ zones, makes, picks, expected }) => {
    expect(titles(selectableQuestionnaires(brand(zones, makes), list, picks))).toEqual(expected);
  });
});
