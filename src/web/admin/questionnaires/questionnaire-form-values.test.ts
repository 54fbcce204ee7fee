import { describe, expect, it } from 'vitest';
import { MSG_SHOW_REIMBURSEMENT } from '../../../domain';
import {
  newQuestionnaireValues,
  questionnaireFormSchema,
  questionnaireToValues,
  toQuestionnaireInput,
} from './questionnaire-form-values';

const schema = questionnaireFormSchema(['i1', 'i2']);
const base = { ...newQuestionnaireValues('b1', 'i1'), title: 'Dine-In', cost: 95 };

describe('questionnaire form values', () => {
  it('sends dollars as cents, an empty startup cost and minimum as 0, empty months as 1', () => {
    const out = schema.parse({ ...base, cost: 95.5 });
    expect(out).toMatchObject({ cost: 9550, startupCost: 0, minimumReimbursement: 0, monthsPurchased: 1 });
  });

  it('asks for a cost', () => {
    const r = schema.safeParse({ ...base, cost: '' });
    expect(r.error?.issues[0]).toMatchObject({ path: ['cost'], message: 'Cost is required.' });
  });

  it('keeps months purchased for surveys only, from 1 to 12', () => {
    expect(schema.parse({ ...base, type: 'customerSurvey', monthsPurchased: 12 }).monthsPurchased).toBe(12);
    expect(schema.parse({ ...base, type: 'mysteryShop', monthsPurchased: 12 }).monthsPurchased).toBe(1);
    expect(schema.safeParse({ ...base, type: 'customerSurvey', monthsPurchased: 13 }).success).toBe(false);
  });

  it('must show the reimbursement when a minimum is set', () => {
    const r = schema.safeParse({ ...base, minimumReimbursement: 25, showReimbursement: false });
    expect(r.error?.issues[0]).toMatchObject({
      path: ['showReimbursement'],
      message: MSG_SHOW_REIMBURSEMENT,
    });
  });

  it("refuses an industry that is not the brand's", () => {
    expect(schema.safeParse({ ...base, industryId: 'other' }).success).toBe(false);
  });

  it('round-trips a saved questionnaire and adds the evaluation form', () => {
    const values = questionnaireToValues({
      __typename: 'Questionnaire',
      _id: 'q1',
      title: 'Dine-In',
      type: 'mysteryShop',
      industryId: 'i2',
      brandId: 'b1',
      sampleLink: null,
      cost: 9500,
      startupCost: 1250,
      monthsPurchased: 1,
      minimumReimbursement: 2500,
      shopperFee: 750,
      showReimbursement: true,
      published: false,
      isCustom: true,
      formId: 'f1',
    });
    expect(values).toMatchObject({
      cost: 95,
      startupCost: 12.5,
      minimumReimbursement: 25,
      shopperFee: 7.5,
      formId: 'f1',
    });
    const input = toQuestionnaireInput(schema.parse(values), values.formId);
    expect(input).toMatchObject({
      cost: 9500,
      startupCost: 1250,
      minimumReimbursement: 2500,
      shopperFee: 750,
      formId: 'f1',
    });
    expect(toQuestionnaireInput(schema.parse(values), '').formId).toBeNull();
  });
});
