import { describe, expect, it } from 'vitest';
import {
  frequencyEditPath,
  gatewayPath,
  ORDER_PATHS,
  pathAfterCustomize,
  pathAfterFrequency,
  pathAfterLocations,
  pathAfterSelectingQuestionnaires,
  questionnaireTypeFromKebab,
  questionnaireTypeToKebab,
} from './order-navigation';
import type { QuestionnaireType } from './types';

const both: QuestionnaireType[] = ['mysteryShop', 'customerSurvey'];

describe('questionnaire types in routes', () => {
  it.each([
    ['mysteryShop', 'mystery-shop'],
    ['customerSurvey', 'customer-survey'],
  ] as const)('writes %s as %s and reads it back', (type, kebab) => {
    expect(questionnaireTypeToKebab(type)).toBe(kebab);
    expect(questionnaireTypeFromKebab(kebab)).toBe(type);
  });

  it('reads an unknown or missing segment as no type', () => {
    expect(questionnaireTypeFromKebab('bulk')).toBeNull();
    expect(questionnaireTypeFromKebab(undefined)).toBeNull();
  });
});

describe('after-save navigation', () => {
  it.each([
    { case: 'one service', services: ['mysteryShop'], type: 'mysteryShop', path: '/customize' },
    {
      case: 'two services, surveys just selected',
      services: both,
      type: 'customerSurvey',
      path: '/customize/customer-survey',
    },
    {
      case: 'two services, no type (start order)',
      services: both,
      type: null,
      path: '/customize/mystery-shop',
    },
  ] as const)('selecting questionnaires with $case goes to $path', ({ services, type, path }) => {
    expect(pathAfterSelectingQuestionnaires({ orderServices: [...services], type })).toBe(path);
  });

  it.each([
    { routeType: null, customize: '/locations', locations: '/frequency' },
    { routeType: 'mysteryShop', customize: '/locations/mystery-shop', locations: '/frequency/mystery-shop' },
    {
      routeType: 'customerSurvey',
      customize: '/locations/customer-survey',
      locations: '/frequency/customer-survey',
    },
  ] as const)(
    'Next keeps the route type $routeType: $customize then $locations',
    ({ routeType, customize, locations }) => {
      expect(pathAfterCustomize(routeType)).toBe(customize);
      expect(pathAfterLocations(routeType)).toBe(locations);
    },
  );

  it.each([
    { services: both, routeType: 'mysteryShop', path: '/select-questionnaires/customer-survey' },
    { services: both, routeType: 'customerSurvey', path: '/checkout' },
    { services: both, routeType: null, path: '/checkout' },
    { services: ['mysteryShop'], routeType: 'mysteryShop', path: '/checkout' },
  ] as const)(
    'Next on frequency ($routeType, $services.length services) goes to $path',
    ({ services, routeType, path }) => {
      expect(pathAfterFrequency({ orderServices: [...services], routeType })).toBe(path);
    },
  );

  it.each([
    { input: {}, path: '/frequency#edit' },
    { input: { locationId: 'loc1' }, path: '/frequency#loc1' },
    { input: { locationId: 'loc1', type: 'customerSurvey' }, path: '/frequency/customer-survey#loc1' },
  ] as const)('links checkout edit details to $path', ({ input, path }) => {
    expect(frequencyEditPath(input)).toBe(path);
  });

  it('keeps the fixed wizard paths of the spec', () => {
    expect(ORDER_PATHS).toMatchObject({
      bulkLocations: '/locations/bulk',
      afterBulkLocations: '/locations',
      loginForSavedLocations: '/login?redirect=/locations',
      adjustMysteryShopFrequency: '/frequency/mystery-shop',
      startOver: '/new-order',
    });
  });
});

describe('the entry gateway', () => {
  it('sends a logged-in user to the dashboard and a visitor to Get Started', () => {
    expect(gatewayPath(true)).toBe('/account/dashboard');
    expect(gatewayPath(false)).toBe('/industry');
  });

  it('keeps the query string, and adds no bare "?"', () => {
    expect(gatewayPath(false, '?utm_source=mail&x=1')).toBe('/industry?utm_source=mail&x=1');
    expect(gatewayPath(true, 'ref=a')).toBe('/account/dashboard?ref=a');
    expect(gatewayPath(false, '?')).toBe('/industry');
  });
});
