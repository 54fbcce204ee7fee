import { describe, expect, it } from 'vitest';
import { centsToWholeDollars, dollarsText, dollarsToCents, reimbursementProblem } from './money-input';

describe('money conversion', () => {
  it('converts whole dollars to cents and a cents minimum up to whole dollars', () => {
    expect(dollarsToCents(15)).toBe(1500);
    expect(centsToWholeDollars(1500)).toBe(15);
    expect(centsToWholeDollars(1501)).toBe(16);
  });
});

describe('reimbursementProblem', () => {
  it.each([
    { value: 15, minimumCents: 1500, unit: 'dollars', problem: null },
    {
      value: 14,
      minimumCents: 1500,
      unit: 'dollars',
      problem: 'Shopper Reimbursement per Shop must be at least $15.00.',
    },
    {
      value: 1499,
      minimumCents: 1500,
      unit: 'cents',
      problem: 'Shopper Reimbursement per Shop must be at least $15.00.',
    },
    {
      value: -1,
      minimumCents: 0,
      unit: 'cents',
      problem: 'Shopper Reimbursement per Shop must be at least $0.00.',
    },
    {
      value: 10001,
      minimumCents: 0,
      unit: 'dollars',
      problem: 'Shopper Reimbursement per Shop cannot exceed $10,000.00.',
    },
  ] as const)(
    'gives $problem for $value $unit with a minimum of $minimumCents cents',
    ({ value, minimumCents, unit, problem }) => {
      expect(reimbursementProblem(value, minimumCents, unit)).toBe(problem);
    },
  );

  it('writes cents as dollars for messages', () => {
    expect(dollarsText(123456)).toBe('$1,234.56');
    expect(dollarsText(5)).toBe('$0.05');
  });
});
