import { describe, expect, it } from 'vitest';
import { createZActiveShopForm, createZActiveShopInput } from './active-shop';
import { fieldErrors } from './field-errors';

describe('active shop edit (Recurring Orders)', () => {
  const recurring = { recurring: true, minimumReimbursementCents: 1500 };
  const errors = (context: typeof recurring, input: Record<string, unknown>) => {
    const r = createZActiveShopInput(context).safeParse(input);
    return r.success ? [] : fieldErrors(r.error);
  };

  it('saves frequency, quantity and reimbursement in cents', () => {
    expect(
      createZActiveShopInput(recurring).parse({
        frequencyPeriod: 'quarter',
        frequencyQuantity: 3,
        reimbursement: 2000,
      }),
    ).toEqual({
      frequencyPeriod: 'quarter',
      frequencyQuantity: 3,
      reimbursement: 2000,
    });
  });

  it.each([
    {
      case: 'a cleared frequency',
      input: { frequencyPeriod: '', frequencyQuantity: 1, reimbursement: 1500 },
      field: 'frequencyPeriod',
      message: 'Frequency is required.',
    },
    {
      case: 'zero shops',
      input: { frequencyPeriod: 'month', frequencyQuantity: 0, reimbursement: 1500 },
      field: 'frequencyQuantity',
      message: 'Number of Shops must be at least 1.',
    },
    {
      case: 'a missing reimbursement with a minimum',
      input: { frequencyPeriod: 'month', frequencyQuantity: 1 },
      field: 'reimbursement',
      message: 'Shopper Reimbursement per Shop is required.',
    },
    {
      case: 'a reimbursement under the minimum',
      input: { frequencyPeriod: 'month', frequencyQuantity: 1, reimbursement: 1000 },
      field: 'reimbursement',
      message: 'Shopper Reimbursement per Shop must be at least $15.00.',
    },
  ])('rejects $case', ({ input, field, message }) => {
    expect(errors(recurring, input)).toEqual([{ field, message }]);
  });

  it('reads a missing reimbursement as 0 when the questionnaire has no minimum', () => {
    expect(
      createZActiveShopInput({ recurring: true, minimumReimbursementCents: 0 }).parse({
        frequencyPeriod: 'month',
        frequencyQuantity: 1,
      }).reimbursement,
    ).toBe(0);
  });

  it('takes whole dollars in the form and gives cents', () => {
    expect(
      createZActiveShopForm(recurring).parse({
        frequencyPeriod: 'month',
        frequencyQuantity: '2',
        reimbursement: '25',
      }),
    ).toEqual({
      frequencyPeriod: 'month',
      frequencyQuantity: 2,
      reimbursementCents: 2500,
    });
  });
});
