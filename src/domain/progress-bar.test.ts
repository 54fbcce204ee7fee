import { describe, expect, it } from 'vitest';
import { multiServiceProgress, singleServiceProgress, usesMultiServiceProgress } from './progress-bar';
import type { QuestionnaireType } from './types';

describe('singleServiceProgress', () => {
  const bar = (o: {
    customizationEnabled?: boolean;
    services?: QuestionnaireType[];
    hasLocations?: boolean;
    pathname?: string;
  }) =>
    singleServiceProgress({
      brand: { customizationEnabled: o.customizationEnabled ?? true },
      orderServices: o.services ?? ['mysteryShop'],
      hasLocations: o.hasLocations ?? true,
      pathname: o.pathname ?? '/customize',
    });

  it('lists the four steps with their links once the order has locations', () => {
    expect(bar({}).map(({ number, label, link }) => ({ number, label, link }))).toEqual([
      { number: 1, label: 'Customize Questionnaire(s)', link: '/customize' },
      { number: 2, label: 'Add Locations', link: '/locations' },
      { number: 3, label: 'Specify Frequency', link: '/frequency#edit' },
      { number: 4, label: 'Place Your Order', link: '/checkout' },
    ]);
  });

  it('shows steps 3 and 4 as non-links without locations', () => {
    expect(bar({ hasLocations: false }).map((s) => s.link)).toEqual(['/customize', '/locations', null, null]);
  });

  it("says 'Confirm Questionnaire(s)' when the brand does not allow customization", () => {
    expect(bar({ customizationEnabled: false })[0]?.label).toBe('Confirm Questionnaire(s)');
  });

  it.each([
    { services: ['customerSurvey'], label: 'Confirm Locations' },
    { services: ['mysteryShop'], label: 'Specify Frequency' },
    { services: ['mysteryShop', 'customerSurvey'], label: 'Specify Frequency' },
  ] as const)('labels step 3 "$label" for services $services', ({ services, label }) => {
    expect(bar({ services: [...services] })[2]?.label).toBe(label);
  });

  it.each([
    { pathname: '/customize', active: 1 },
    { pathname: '/locations', active: 2 },
    { pathname: '/frequency', active: 3 },
    { pathname: '/checkout', active: 4 },
  ])('marks step $active active on $pathname', ({ pathname, active }) => {
    expect(
      bar({ pathname })
        .filter((s) => s.active)
        .map((s) => s.number),
    ).toEqual([active]);
  });
});

describe('multiServiceProgress', () => {
  const both: QuestionnaireType[] = ['mysteryShop', 'customerSurvey'];
  const sections = (o: Partial<Parameters<typeof multiServiceProgress>[0]> = {}) =>
    multiServiceProgress({
      orderServices: both,
      hasLocations: false,
      hasSurveysSelected: false,
      pathname: '/customize/mystery-shop',
      hash: '',
      ...o,
    });

  it('follows the table of order-flow 2 (labels, links, sections)', () => {
    expect(sections().map((s) => ({ title: s.title, items: s.items.map((i) => [i.label, i.link]) }))).toEqual(
      [
        {
          title: 'Mystery Shops',
          items: [
            ['Select Forms', '/select-questionnaires/mystery-shop'],
            ['Customize', '/customize/mystery-shop'],
            ['Add Locations', '/locations/mystery-shop'],
            ['Mystery Shop Options', '/frequency/mystery-shop'],
          ],
        },
        {
          title: 'Surveys',
          items: [
            ['Select Surveys', '/select-questionnaires/customer-survey'],
            ['Customize', '/customize/customer-survey'],
            ['Add Locations', '/locations/customer-survey'],
            ['Confirm Locations', '/frequency/customer-survey'],
          ],
        },
      ],
    );
  });

  const disabled = (o: { hasLocations: boolean; hasSurveysSelected: boolean }) =>
    sections(o).flatMap((s) => s.items.filter((i) => i.disabled).map((i) => `${s.title}: ${i.label}`));

  it.each([
    {
      case: 'nothing yet',
      state: { hasLocations: false, hasSurveysSelected: false },
      expected: [
        'Mystery Shops: Mystery Shop Options',
        'Surveys: Select Surveys',
        'Surveys: Customize',
        'Surveys: Add Locations',
        'Surveys: Confirm Locations',
      ],
    },
    {
      case: 'locations exist',
      state: { hasLocations: true, hasSurveysSelected: false },
      expected: ['Surveys: Customize', 'Surveys: Add Locations', 'Surveys: Confirm Locations'],
    },
    {
      case: 'surveys selected without locations',
      state: { hasLocations: false, hasSurveysSelected: true },
      expected: ['Mystery Shops: Mystery Shop Options', 'Surveys: Select Surveys'],
    },
    { case: 'locations and surveys', state: { hasLocations: true, hasSurveysSelected: true }, expected: [] },
  ])('disables the right items when $case', ({ state, expected }) => {
    expect(disabled(state)).toEqual(expected);
  });

  it('shows only the sections of services on the order', () => {
    expect(sections({ orderServices: ['customerSurvey'] }).map((s) => s.title)).toEqual(['Surveys']);
    expect(sections({ orderServices: ['mysteryShop'] }).map((s) => s.title)).toEqual(['Mystery Shops']);
  });

  it.each([
    { pathname: '/frequency/mystery-shop', hash: '', active: ['Mystery Shop Options'] },
    { pathname: '/customize/customer-survey', hash: '', active: ['Customize'] },
    { pathname: '/frequency/mystery-shop', hash: '#loc1', active: [] },
    { pathname: '/checkout', hash: '', active: [] },
  ])('marks active the item whose link equals $pathname$hash', ({ pathname, hash, active }) => {
    const found = sections({ pathname, hash }).flatMap((s) =>
      s.items.filter((i) => i.active).map((i) => i.label),
    );
    expect(found).toEqual(active);
  });

  it('is used when the order has more than one service', () => {
    expect(usesMultiServiceProgress(both)).toBe(true);
    expect(usesMultiServiceProgress(['mysteryShop', 'mysteryShop'])).toBe(false);
  });
});
