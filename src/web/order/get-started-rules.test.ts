import { describe, expect, it } from 'vitest';
import {
  industriesForServices,
  popularIndustries,
  questionnairePrice,
  questionnairesForServices,
  startupFeeText,
  surveyPromise,
  zoneLabel,
} from './get-started-rules';

const q = (over: Partial<{ type: string; cost: number; monthsPurchased: number; startupCost: number }>) => ({
  _id: Math.random().toString(36),
  title: 'Q',
  type: 'mysteryShop',
  cost: 9500,
  startupCost: 0,
  monthsPurchased: 1,
  ...over,
});

describe('popularIndustries', () => {
  it('lists only the popular industries the brand has, in the popular order', () => {
    const industries = [
      { title: 'Banking' },
      { title: 'Retail' },
      { title: 'restaurants' },
      { title: 'Hotels' },
    ];
    expect(popularIndustries(industries).map((i) => i.title)).toEqual(['restaurants', 'Retail']);
  });
});

describe('service filtering', () => {
  const shop = q({});
  const survey = q({ type: 'customerSurvey', cost: 3900 });
  it('keeps the questionnaires of the chosen services', () => {
    expect(questionnairesForServices([shop, survey], ['mysteryShop'])).toEqual([shop]);
    expect(questionnairesForServices([shop, survey], ['mysteryShop', 'customerSurvey'])).toEqual([
      shop,
      survey,
    ]);
  });
  it('drops industries with nothing of the chosen services', () => {
    const industries = [
      { _id: 'a', title: 'A', questionnaires: [shop] },
      { _id: 'b', title: 'B', questionnaires: [shop, survey] },
    ];
    expect(industriesForServices(industries, ['customerSurvey']).map((i) => i._id)).toEqual(['b']);
  });
});

describe('questionnairePrice', () => {
  it.each([
    ['a shop per shop', q({ cost: 9500 }), '$95.00/shop'],
    ['a monthly survey per month', q({ type: 'customerSurvey', cost: 4900 }), '$49.00/month'],
    [
      'an annual survey per year',
      q({ type: 'customerSurvey', cost: 44100, monthsPurchased: 12 }),
      '$441.00/year',
    ],
  ])('shows %s', (_name, questionnaire, text) => {
    expect(questionnairePrice(questionnaire)).toBe(text);
  });

  it('mentions a startup fee only when there is one', () => {
    expect(startupFeeText(q({ startupCost: 15000 }))).toBe('+ $150.00 one-time startup fee');
    expect(startupFeeText(q({ startupCost: 0 }))).toBeNull();
  });
});

describe('surveyPromise', () => {
  it('quotes the lowest monthly survey and its annual price with 25% off', () => {
    const industries = [
      { _id: 'a', title: 'A', questionnaires: [q({ type: 'customerSurvey', cost: 4900 })] },
      {
        _id: 'b',
        title: 'B',
        questionnaires: [
          q({ type: 'customerSurvey', cost: 3900 }),
          q({ type: 'customerSurvey', cost: 10000, monthsPurchased: 12 }),
        ],
      },
    ];
    expect(surveyPromise(industries)).toEqual({
      monthlyPerLocation: 3900,
      annualPerLocation: 35100,
      discountPercent: 25,
    });
  });
  it('is null without monthly surveys', () => {
    expect(surveyPromise([{ _id: 'a', title: 'A', questionnaires: [q({})] }])).toBeNull();
  });
});

it('labels a zone city with its state', () => {
  expect(zoneLabel({ city: 'Dallas', state: 'TX' })).toBe('Dallas, TX');
});
