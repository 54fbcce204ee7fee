import { describe, expect, it } from 'vitest';
import {
  canContinueFromLocations,
  customizationStatus,
  firstPathSegment,
  guestCheckoutOffered,
  resumeBar,
  showsQuestionnaireCheckbox,
  showsUseForAllLocations,
} from './order-flow-rules';
import type { QuestionnaireType } from './types';

const shop = (recurring: boolean, questionnaireType: QuestionnaireType) => ({ recurring, questionnaireType });

describe('guestCheckoutOffered', () => {
  it.each([
    {
      case: 'only one-time mystery shops',
      loggedIn: false,
      shops: [shop(false, 'mysteryShop'), shop(false, 'mysteryShop')],
      offered: true,
    },
    {
      case: 'a recurring shop',
      loggedIn: false,
      shops: [shop(false, 'mysteryShop'), shop(true, 'mysteryShop')],
      offered: false,
    },
    {
      case: 'a customer survey',
      loggedIn: false,
      shops: [shop(false, 'mysteryShop'), shop(false, 'customerSurvey')],
      offered: false,
    },
    {
      case: 'a logged-in user (already has an account)',
      loggedIn: true,
      shops: [shop(false, 'mysteryShop')],
      offered: false,
    },
  ])('is $offered for an order with $case', ({ loggedIn, shops, offered }) => {
    expect(guestCheckoutOffered({ loggedIn, shops })).toBe(offered);
  });
});

describe('showsUseForAllLocations', () => {
  type Options = Parameters<typeof showsUseForAllLocations>[0];
  const base: Options = {
    brand: { flowVariant: 'default' },
    locationIndex: 0,
    locationCount: 2,
    orderServices: ['mysteryShop'],
    routeType: null,
  };
  const automotive: Options['brand'] = { flowVariant: 'automotive' };
  const rows: { case: string; change: Partial<Options>; shown: boolean }[] = [
    { case: 'the first of two locations, one mystery-shop service', change: {}, shown: true },
    { case: 'the second location', change: { locationIndex: 1 }, shown: false },
    { case: 'a single location', change: { locationCount: 1 }, shown: false },
    {
      case: 'two services in the default flow',
      change: { orderServices: ['mysteryShop', 'customerSurvey'] },
      shown: false,
    },
    {
      case: 'a survey-only order in the default flow',
      change: { orderServices: ['customerSurvey'] },
      shown: false,
    },
    {
      case: 'the customer-survey route filter in the default flow',
      change: { routeType: 'customerSurvey' },
      shown: false,
    },
    { case: 'the mystery-shop route filter', change: { routeType: 'mysteryShop' }, shown: true },
    {
      case: 'two services in the automotive flow',
      change: { brand: automotive, orderServices: ['mysteryShop', 'customerSurvey'] },
      shown: true,
    },
    {
      case: 'the second location in the automotive flow',
      change: { brand: automotive, locationIndex: 1 },
      shown: false,
    },
    {
      case: 'a single location in the automotive flow',
      change: { brand: automotive, locationCount: 1 },
      shown: false,
    },
  ];
  it.each(rows)('is $shown for $case', ({ change, shown }) => {
    expect(showsUseForAllLocations({ ...base, ...change })).toBe(shown);
  });
});

describe('resumeBar', () => {
  it.each([
    { pathname: '/account/dashboard', cookie: true, services: ['mysteryShop'], expected: '/customize' },
    {
      pathname: '/industry',
      cookie: true,
      services: ['mysteryShop', 'customerSurvey'],
      expected: '/customize/mystery-shop',
    },
    { pathname: '/', cookie: true, services: [], expected: '/customize' },
    { pathname: '/customize/mystery-shop', cookie: true, services: ['mysteryShop'], expected: null },
    { pathname: '/locations', cookie: true, services: ['mysteryShop'], expected: null },
    { pathname: '/frequency', cookie: true, services: ['mysteryShop'], expected: null },
    { pathname: '/checkout', cookie: true, services: ['mysteryShop'], expected: null },
    {
      pathname: '/select-questionnaires/customer-survey',
      cookie: true,
      services: ['mysteryShop'],
      expected: null,
    },
    { pathname: '/account', cookie: false, services: ['mysteryShop'], expected: null },
  ] as const)(
    'on $pathname with cookie $cookie resumes at $expected',
    ({ pathname, cookie, services, expected }) => {
      const bar = resumeBar({ hasOrderCookie: cookie, pathname, selectedServices: services });
      expect(bar?.resumeLink ?? null).toBe(expected);
      if (bar) expect(bar.startOverLink).toBe('/new-order');
    },
  );

  it('reads the first path segment', () => {
    expect(firstPathSegment('/customize/mystery-shop')).toBe('customize');
    expect(firstPathSegment('/')).toBe('');
  });
});

describe('customizationStatus', () => {
  const allowed = { customizationEnabled: true };
  it.each([
    { case: 'nothing added', input: { brand: allowed }, text: 'Not customized' },
    {
      case: 'an upload',
      input: { brand: allowed, customUpload: { fileKey: 'k' } },
      text: 'Custom upload added',
    },
    {
      case: 'one question',
      input: { brand: allowed, customQuestions: [{ question: 'Was it clean?' }] },
      text: '1 custom question(s) added',
    },
    {
      case: 'three questions and a blank',
      input: {
        brand: allowed,
        customQuestions: [{ question: 'a' }, { question: 'b' }, { question: 'c' }, { question: ' ' }],
      },
      text: '3 custom question(s) added',
    },
    {
      case: 'customization off',
      input: { brand: { customizationEnabled: false }, customUpload: { fileKey: 'k' } },
      text: 'N/A',
    },
  ])('reads "$text" for $case', ({ input, text }) => {
    expect(customizationStatus(input)).toBe(text);
  });
});

describe('frequency step controls', () => {
  it.each([
    { questionnaireCount: 2, tickedShopCount: 1, shown: true },
    { questionnaireCount: 1, tickedShopCount: 0, shown: true },
    { questionnaireCount: 1, tickedShopCount: 1, shown: false },
  ])(
    'shows the questionnaire checkbox: $shown with $questionnaireCount questionnaires and $tickedShopCount ticked',
    (row) => {
      expect(showsQuestionnaireCheckbox(row)).toBe(row.shown);
    },
  );

  it('disables Next on Add Locations while the initial amount due is 0', () => {
    expect(canContinueFromLocations(0)).toBe(false);
    expect(canContinueFromLocations(4500)).toBe(true);
  });
});
