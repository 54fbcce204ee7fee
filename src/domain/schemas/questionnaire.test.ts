import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { createZQuestionnaireInput, MSG_SHOW_REIMBURSEMENT } from './questionnaire';

const base = { title: 'Drive-Thru (remote)', industryId: 'i1', brandId: 'b1', cost: 4500 };
const survey = { ...base, title: 'Guest Survey', type: 'customerSurvey' };

function errors(input: Record<string, unknown>, brandIndustryIds?: string[]) {
  const r = createZQuestionnaireInput({ brandIndustryIds }).safeParse(input);
  return r.success ? [] : fieldErrors(r.error);
}

describe('questionnaire admin form', () => {
  it('fills the defaults: mystery shop, published, not custom, no startup cost, minimum 0, no shopper fee, shows reimbursement', () => {
    expect(createZQuestionnaireInput().parse(base)).toEqual({
      ...base,
      type: 'mysteryShop',
      sampleLink: '',
      startupCost: 0,
      monthsPurchased: 1,
      minimumReimbursement: 0,
      shopperFee: 0,
      showReimbursement: true,
      published: true,
      isCustom: false,
    });
  });

  it.each([
    { case: 'a missing title', change: { title: ' ' }, field: 'title', message: 'Title is required.' },
    {
      case: 'a missing industry',
      change: { industryId: '' },
      field: 'industryId',
      message: 'Industry is required.',
    },
    {
      case: 'a missing brand',
      change: { brandId: undefined },
      field: 'brandId',
      message: 'Brand is required.',
    },
    {
      case: 'a type other than mysteryShop or customerSurvey',
      change: { type: 'visit' },
      field: 'type',
      message: 'Questionnaire type must be mysteryShop or customerSurvey.',
    },
    { case: 'an empty cost', change: { cost: '' }, field: 'cost', message: 'Cost is required.' },
    {
      case: 'a fractional cost in cents',
      change: { cost: 45.5 },
      field: 'cost',
      message: 'Cost must be in whole cents.',
    },
    {
      case: 'a negative startup cost',
      change: { startupCost: -1 },
      field: 'startupCost',
      message: 'Startup Cost cannot be negative.',
    },
    {
      case: 'a negative shopper fee',
      change: { shopperFee: -100 },
      field: 'shopperFee',
      message: 'Shopper Fee cannot be negative.',
    },
    {
      case: 'a shopper fee in fractions of a cent',
      change: { shopperFee: 12.5 },
      field: 'shopperFee',
      message: 'Shopper Fee must be in whole cents.',
    },
    {
      case: 'a minimum reimbursement without showing it',
      change: { minimumReimbursement: 1500, showReimbursement: false },
      field: 'showReimbursement',
      message: MSG_SHOW_REIMBURSEMENT,
    },
  ])('rejects $case', ({ change, field, message }) => {
    expect(errors({ ...base, ...change })).toEqual([{ field, message }]);
  });

  it("uses the spec text 'Must show reimbursement when minimum reimbursement is greater than 0.'", () => {
    expect(MSG_SHOW_REIMBURSEMENT).toBe(
      'Must show reimbursement when minimum reimbursement is greater than 0.',
    );
  });

  it('allows hiding the reimbursement when the minimum is 0 or empty (saved as 0)', () => {
    expect(
      createZQuestionnaireInput().parse({ ...base, minimumReimbursement: '', showReimbursement: false }),
    ).toMatchObject({
      minimumReimbursement: 0,
      showReimbursement: false,
    });
  });

  it.each([
    { monthsPurchased: 1, valid: true },
    { monthsPurchased: 12, valid: true },
    { monthsPurchased: 0, valid: false },
    { monthsPurchased: 13, valid: false },
    { monthsPurchased: 6.5, valid: false },
  ])('checks months purchased $monthsPurchased on a survey: valid $valid', ({ monthsPurchased, valid }) => {
    expect(errors({ ...survey, monthsPurchased })).toEqual(
      valid
        ? []
        : [{ field: 'monthsPurchased', message: 'Months Purchased must be a whole number from 1 to 12.' }],
    );
  });

  it('saves an empty months purchased as 1 on a survey', () => {
    expect(createZQuestionnaireInput().parse({ ...survey, monthsPurchased: '' }).monthsPurchased).toBe(1);
  });

  it('ignores months purchased on a mystery shop and reimbursement fields on a survey', () => {
    expect(createZQuestionnaireInput().parse({ ...base, monthsPurchased: 40 }).monthsPurchased).toBe(1);
    const out = createZQuestionnaireInput().parse({
      ...survey,
      minimumReimbursement: 2000,
      shopperFee: 500,
      showReimbursement: false,
    });
    expect(out.minimumReimbursement).toBe(0);
    expect(out.shopperFee).toBe(0);
    expect(errors({ ...survey, minimumReimbursement: 2000, showReimbursement: false })).toEqual([]);
  });

  it("requires the industry to be one of the brand's industries when they are known", () => {
    expect(errors(base, ['i1', 'i2'])).toEqual([]);
    expect(errors(base, ['i2'])).toEqual([
      { field: 'industryId', message: "Industry must be one of the brand's industries." },
    ]);
  });
});
