import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { createZShopForm, createZShopInput, type ShopRuleContext } from './shop';

const mysteryShop: ShopRuleContext = { questionnaireType: 'mysteryShop', minimumReimbursementCents: 1500 };
const survey: ShopRuleContext = { questionnaireType: 'customerSurvey', minimumReimbursementCents: 0 };
const ids = { oid: 'o1', locationId: 'l1', qid: 'q1', uqid: 'uq1' };

function formErrors(context: ShopRuleContext, input: Record<string, unknown>) {
  const result = createZShopForm(context).safeParse(input);
  return result.success ? [] : fieldErrors(result.error);
}

describe('shop form (frequency step)', () => {
  it('fills the defaults: one-time, 1 shop, 1 per month, reimbursement at the minimum', () => {
    expect(createZShopForm(mysteryShop).parse({})).toEqual({
      recurring: false,
      startDate: undefined,
      totalQuantity: 1,
      frequencyQuantity: 1,
      frequencyPeriod: 'month',
      reimbursementCents: 1500,
    });
  });

  it.each([
    [true, true],
    ['true', true],
    ['on', true],
    [1, true],
    ['false', false],
    ['', false],
    [0, false],
    [null, false],
  ])('coerces recurring %o to %o', (recurring, expected) => {
    expect(createZShopForm(mysteryShop).parse({ recurring }).recurring).toBe(expected);
  });

  it.each([
    {
      case: 'a cleared Number of Shops on a one-time shop',
      input: { totalQuantity: '' },
      field: 'totalQuantity',
      message: 'Number of Shops is required.',
    },
    {
      case: '0 shops on a one-time shop',
      input: { totalQuantity: 0 },
      field: 'totalQuantity',
      message: 'Number of Shops must be at least 1.',
    },
    {
      case: '1.5 shops',
      input: { totalQuantity: 1.5 },
      field: 'totalQuantity',
      message: 'Number of Shops must be a whole number.',
    },
    {
      case: 'a cleared frequency quantity on a recurring shop',
      input: { recurring: true, frequencyQuantity: null },
      field: 'frequencyQuantity',
      message: 'Number of Shops is required.',
    },
    {
      case: '0 per period on a recurring shop',
      input: { recurring: true, frequencyQuantity: '0' },
      field: 'frequencyQuantity',
      message: 'Number of Shops must be at least 1.',
    },
    {
      case: 'a cleared frequency on a recurring shop',
      input: { recurring: true, frequencyPeriod: '' },
      field: 'frequencyPeriod',
      message: 'Frequency is required.',
    },
    {
      case: 'a cleared reimbursement',
      input: { reimbursement: '' },
      field: 'reimbursement',
      message: 'Shopper Reimbursement per Shop is required.',
    },
    {
      case: 'a reimbursement under the minimum',
      input: { reimbursement: 14 },
      field: 'reimbursement',
      message: 'Shopper Reimbursement per Shop must be at least $15.00.',
    },
    {
      case: 'cents in a whole-dollar field',
      input: { reimbursement: 15.5 },
      field: 'reimbursement',
      message: 'Shopper Reimbursement per Shop must be a whole dollar amount.',
    },
  ])('rejects $case', ({ input, field, message }) => {
    expect(formErrors(mysteryShop, input)).toEqual([{ field, message }]);
  });

  it('rejects a frequency period other than week, month or quarter', () => {
    expect(formErrors(mysteryShop, { recurring: true, frequencyPeriod: 'year' })).toEqual([
      { field: 'frequencyPeriod', message: 'Frequency must be week, month or quarter.' },
    ]);
  });

  it.each(['week', 'month', 'quarter'])('accepts the %s period', (frequencyPeriod) => {
    expect(createZShopForm(mysteryShop).parse({ recurring: true, frequencyPeriod }).frequencyPeriod).toBe(
      frequencyPeriod,
    );
  });

  it('ignores the one-time quantity on a recurring shop and the frequency on a one-time shop', () => {
    expect(formErrors(mysteryShop, { recurring: true, totalQuantity: '' })).toEqual([]);
    expect(formErrors(mysteryShop, { recurring: false, frequencyQuantity: 0, frequencyPeriod: '' })).toEqual(
      [],
    );
  });

  it('converts whole dollars to cents, rounding a cents minimum up to whole dollars', () => {
    expect(createZShopForm(mysteryShop).parse({ reimbursement: '20' }).reimbursementCents).toBe(2000);
    const oddMinimum = { ...mysteryShop, minimumReimbursementCents: 1250 };
    expect(formErrors(oddMinimum, { reimbursement: 12 })[0]?.message).toBe(
      'Shopper Reimbursement per Shop must be at least $13.00.',
    );
  });

  it('needs no reimbursement for surveys and never charges one', () => {
    expect(formErrors(survey, { reimbursement: '' })).toEqual([]);
    expect(createZShopForm(survey).parse({ reimbursement: 30 }).reimbursementCents).toBe(0);
  });

  it('reads the start date from a date picker or YYYY-MM-DD, and refuses days before today (UTC)', () => {
    const today = new Date('2024-03-10T23:30:00Z');
    const context = { ...mysteryShop, today };
    expect(createZShopForm(context).parse({ startDate: '2024-03-10' }).startDate).toEqual(
      new Date('2024-03-10T00:00:00Z'),
    );
    expect(formErrors(context, { startDate: '2024-03-09' })).toEqual([
      { field: 'startDate', message: 'Desired Start Date cannot be before today.' },
    ]);
    expect(formErrors(context, { startDate: 'soon' })).toEqual([
      { field: 'startDate', message: 'Desired Start Date must be a valid date.' },
    ]);
  });

  it.each(['2025-02-30', '2025-02-30T10:00:00Z', '2025-13-45', '0000-00-00'])(
    'refuses the start date %s, which is not a calendar day, instead of rolling it over',
    (startDate) => {
      expect(formErrors(mysteryShop, { startDate })).toEqual([
        { field: 'startDate', message: 'Desired Start Date must be a valid date.' },
      ]);
    },
  );
});

describe('shop input (API, integer cents)', () => {
  it('takes reimbursement in cents and returns it as reimbursement', () => {
    const out = createZShopInput(mysteryShop).parse({
      ...ids,
      recurring: true,
      frequencyQuantity: 2,
      frequencyPeriod: 'week',
      reimbursement: 1550,
    });
    expect(out).toMatchObject({
      ...ids,
      recurring: true,
      frequencyQuantity: 2,
      frequencyPeriod: 'week',
      reimbursement: 1550,
    });
  });

  it('rejects fractions of a cent and amounts under the minimum', () => {
    const errors = (reimbursement: number) => {
      const r = createZShopInput(mysteryShop).safeParse({ ...ids, reimbursement });
      return r.success ? [] : fieldErrors(r.error).map((e) => e.message);
    };
    expect(errors(1500.5)).toEqual(['Shopper Reimbursement per Shop must be in whole cents.']);
    expect(errors(1499)).toEqual(['Shopper Reimbursement per Shop must be at least $15.00.']);
  });

  it('requires the ids', () => {
    const r = createZShopInput(mysteryShop).safeParse({});
    expect(r.success ? [] : fieldErrors(r.error).map((e) => e.message)).toEqual([
      'Order is required.',
      'Location is required.',
      'Questionnaire is required.',
      'User questionnaire is required.',
    ]);
  });
});
