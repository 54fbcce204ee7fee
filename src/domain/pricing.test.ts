import { describe, expect, it } from 'vitest';
import {
  applyStateSurcharge,
  initialDue,
  oneTimePrice,
  type PricedOrder,
  type PricedShop,
  pricePerShop,
  recurringCharge,
  recurringPeriodPrice,
  shopInitialDue,
  startupCostsDue,
  surveyAnnualPricing,
} from './pricing';

const today = new Date('2023-12-20T12:00:00Z');

// $50 per shop plus $15 shopper reimbursement.
const shop = (overrides: Partial<PricedShop> = {}): PricedShop => ({
  qid: 'q1',
  questionnaireType: 'mysteryShop',
  recurring: false,
  cost: 5000,
  reimbursement: 1500,
  totalQuantity: 3,
  frequencyQuantity: 2,
  frequencyPeriod: 'month',
  startDate: '2024-01-02',
  ...overrides,
});

const survey = (overrides: Partial<PricedShop> = {}): PricedShop =>
  shop({ qid: 's1', questionnaireType: 'customerSurvey', cost: 9900, reimbursement: 1500, ...overrides });

describe('price per shop', () => {
  it.each<[string, PricedShop, string | null, number]>([
    ['is cost plus reimbursement', shop(), 'IL', 6500],
    ['treats a missing reimbursement as 0', shop({ reimbursement: null }), 'IL', 5000],
    ['is 1.5 times in Nevada (NV)', shop(), 'NV', 9750],
    ['reads the state code loosely', shop(), ' nv ', 9750],
    ['rounds a Nevada half cent up', shop({ cost: 4999, reimbursement: 0 }), 'NV', 7499],
    ['is the questionnaire cost for a survey, without reimbursement', survey(), 'IL', 9900],
    ['is not surcharged for a survey in Nevada', survey(), 'NV', 9900],
  ])('%s', (_rule, line, state, cents) => {
    expect(pricePerShop(line, state)).toBe(cents);
  });

  it('surcharges only non-survey prices', () => {
    expect(applyStateSurcharge(101, 'NV', 'mysteryShop')).toBe(152);
    expect(applyStateSurcharge(101, 'NV', 'customerSurvey')).toBe(101);
    expect(applyStateSurcharge(101, null, 'mysteryShop')).toBe(101);
  });

  it.each<[string, Partial<PricedShop>]>([
    ['fractional cents', { cost: 12.5 }],
    ['negative reimbursement', { reimbursement: -100 }],
    ['fractional quantity', { totalQuantity: 1.5 }],
  ])('refuses %s', (_case, overrides) => {
    expect(() => oneTimePrice(shop(overrides), 'IL')).toThrow(RangeError);
  });
});

describe('line prices', () => {
  it('prices a one-time shop as (cost + reimbursement) x totalQuantity', () => {
    expect(oneTimePrice(shop(), 'IL')).toBe(19500);
    expect(oneTimePrice(shop(), 'NV')).toBe(29250);
  });

  it('prices a recurring period as (cost + reimbursement) x frequencyQuantity', () => {
    expect(recurringPeriodPrice(shop({ recurring: true }), 'IL')).toBe(13000);
  });

  it.each([
    ['week', 4, 52000],
    ['week', 5, 65000],
    ['month', 5, 13000],
    ['quarter', 4, 13000],
  ] as const)('charges a %s shop for a month of %i billed weeks %i cents', (period, weeks, cents) => {
    expect(recurringCharge(shop({ recurring: true, frequencyPeriod: period }), 'IL', weeks)).toBe(cents);
  });
});

describe('shopInitialDue', () => {
  it.each<[string, PricedShop, number]>([
    ['a one-time shop is due in full', shop(), 19500],
    ['a monthly shop is due for its first month', shop({ recurring: true }), 13000],
    [
      'a quarterly shop is due for its first quarter',
      shop({ recurring: true, frequencyPeriod: 'quarter' }),
      13000,
    ],
    [
      'a weekly shop starting Monday 2024-01-01 is due for the 5 Mondays left',
      shop({ recurring: true, frequencyPeriod: 'week', startDate: '2024-01-01' }),
      65000,
    ],
    [
      'a weekly shop starting 2024-01-02 is due for the 4 Mondays left',
      shop({ recurring: true, frequencyPeriod: 'week', startDate: '2024-01-02' }),
      52000,
    ],
    [
      'a weekly shop starting 2024-01-30, with no Monday left, is due for the minimum of 4 weeks',
      shop({ recurring: true, frequencyPeriod: 'week', startDate: '2024-01-30' }),
      52000,
    ],
    ['a monthly survey is due for one month', survey(), 9900],
    [
      'an annual survey is due for one year at its yearly cost',
      survey({ cost: 89100, monthsPurchased: 12 }),
      89100,
    ],
  ])('%s', (_rule, line, cents) => {
    expect(shopInitialDue(line, 'IL', today)).toBe(cents);
  });

  it('counts a weekly shop’s Mondays from its start date forced up to the minimum', () => {
    // Ordered Friday 2023-12-29: the earliest start is Wednesday 2024-01-03, after the 1 January Monday.
    const weekly = shop({ recurring: true, frequencyPeriod: 'week', startDate: '2024-01-01' });
    expect(shopInitialDue(weekly, 'IL', new Date('2023-12-29T10:00:00Z'))).toBe(52000);
  });
});

describe('initialDue', () => {
  const order: PricedOrder = {
    locations: [
      { state: 'IL', shops: [shop(), survey()] },
      { state: 'NV', shops: [shop({ recurring: true }), survey()] },
    ],
    questionnaires: [
      { qid: 'q1', startupCost: 25000 },
      { qid: 's1', startupCost: 0 },
      { qid: 'q-without-shops', startupCost: 10000 },
    ],
  };

  it('adds every shop line’s first charge and the startup costs', () => {
    // 19500 one-time + 9900 survey + 19500 Nevada monthly (13000 x 1.5) + 9900 survey + 25000 startup.
    expect(initialDue(order, today)).toEqual({ value: 83800, shops: 58800, startupCosts: 25000 });
  });

  it('charges a startup cost once per questionnaire, only above 0 and only with a shop on the order', () => {
    expect(startupCostsDue(order)).toBe(25000);
    expect(
      startupCostsDue({
        ...order,
        questionnaires: [...order.questionnaires, { qid: 'q1', startupCost: 25000 }],
      }),
    ).toBe(25000);
  });

  it('is 0 for an order without shops, even with startup costs', () => {
    expect(initialDue({ locations: [], questionnaires: order.questionnaires }, today).value).toBe(0);
  });
});

describe('surveyAnnualPricing', () => {
  it('prices a $100 monthly survey at 25% off as $900 a year, saving $300', () => {
    expect(surveyAnnualPricing(10000, 25)).toEqual({
      fullAnnualPrice: 120000,
      annualPrice: 90000,
      savings: 30000,
      locationCount: 1,
      annualTotal: 90000,
      fullAnnualTotal: 120000,
      savingsTotal: 30000,
    });
  });

  it('multiplies the annual price and savings by the number of locations', () => {
    const pricing = surveyAnnualPricing(10000, 25, 3);
    expect([pricing.annualTotal, pricing.fullAnnualTotal, pricing.savingsTotal]).toEqual([
      270000, 360000, 90000,
    ]);
  });

  it.each([
    [999, 25, 8991],
    [2900, 7, 32364],
    [333, 33, 2677],
    [10000, 0, 120000],
    [10000, 100, 0],
  ])(
    'prices %i cents a month at %i%% off as %i cents a year, without float drift',
    (monthly, discount, annual) => {
      expect(surveyAnnualPricing(monthly, discount).annualPrice).toBe(annual);
    },
  );

  it.each([-1, 101, Number.NaN])('refuses a discount of %d percent', (discount) => {
    expect(() => surveyAnnualPricing(10000, discount)).toThrow(RangeError);
  });
});
