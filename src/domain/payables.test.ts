import { describe, expect, it } from 'vitest';
import {
  centsToDollars,
  groupByShopper,
  MSG_NO_LINES,
  MSG_PAID_ON_FUTURE,
  MSG_PAID_ON_INVALID,
  MSG_PAYOUT_REFERENCE_REQUIRED,
  MSG_PAYOUT_REFERENCE_TOO_LONG,
  payableAmount,
  payableTotals,
  payoutCsv,
  payoutErrors,
} from './payables';

describe('payableAmount', () => {
  it.each([
    [
      { reimbursement: 3000, fee: 0 },
      { reimbursement: 3000, fee: 0, total: 3000 },
    ],
    [
      { reimbursement: 3000, fee: 1250 },
      { reimbursement: 3000, fee: 1250, total: 4250 },
    ],
    [
      { reimbursement: 0, fee: 500 },
      { reimbursement: 0, fee: 500, total: 500 },
    ],
    [
      { reimbursement: null, fee: undefined },
      { reimbursement: 0, fee: 0, total: 0 },
    ],
    [
      { reimbursement: -100, fee: 200 },
      { reimbursement: 0, fee: 200, total: 200 },
    ],
  ])('pays %j as %j', (parts, expected) => {
    expect(payableAmount(parts)).toEqual(expected);
  });
});

describe('payableTotals', () => {
  it.each([
    [[], { pending: 0, paid: 0, pendingCount: 0, paidCount: 0 }],
    [
      [
        { total: 3000, paid: false },
        { total: 4250, paid: false },
        { total: 1000, paid: true },
      ],
      { pending: 7250, paid: 1000, pendingCount: 2, paidCount: 1 },
    ],
  ])('sums %j', (lines, expected) => {
    expect(payableTotals(lines)).toEqual(expected);
  });
});

describe('payoutErrors', () => {
  const ok = { reference: 'PP-1', paidOn: '2026-11-26', lineCount: 2, today: '2026-11-26' };
  it.each([
    ['a valid payout paid today', ok, []],
    ['a payout paid earlier', { ...ok, paidOn: '2026-01-31' }, []],
    [
      'a blank reference',
      { ...ok, reference: '   ' },
      [{ field: 'reference', message: MSG_PAYOUT_REFERENCE_REQUIRED }],
    ],
    [
      'a reference too long',
      { ...ok, reference: 'x'.repeat(101) },
      [{ field: 'reference', message: MSG_PAYOUT_REFERENCE_TOO_LONG }],
    ],
    ['tomorrow', { ...ok, paidOn: '2026-11-27' }, [{ field: 'paidOn', message: MSG_PAID_ON_FUTURE }]],
    [
      'a day that does not exist',
      { ...ok, paidOn: '2026-02-30' },
      [{ field: 'paidOn', message: MSG_PAID_ON_INVALID }],
    ],
    ['no date', { ...ok, paidOn: '' }, [{ field: 'paidOn', message: MSG_PAID_ON_INVALID }]],
    ['no lines', { ...ok, lineCount: 0 }, [{ field: 'payableIds', message: MSG_NO_LINES }]],
  ])('%s', (_name, input, expected) => {
    expect(payoutErrors(input)).toEqual(expected);
  });
});

describe('centsToDollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [3000, '30.00'],
    [123456, '1234.56'],
    [-250, '-2.50'],
  ])('%i cents is %s', (value, text) => {
    expect(centsToDollars(value)).toBe(text);
  });
});

describe('payoutCsv', () => {
  it('writes the header and one row per line, amounts in dollars, cells escaped', () => {
    const csv = payoutCsv({ reference: 'PP-7', paidOn: '2026-11-20' }, [
      {
        shopperName: 'Sam Shopper',
        shopperEmail: 'sam@example.test',
        evaluationId: 'ev1',
        programName: 'Dine-In, "Lunch"',
        locationName: '=Main',
        shopDate: '2026-11-02',
        approvedAt: new Date('2026-11-03T10:00:00Z'),
        reimbursement: 3000,
        fee: 1250,
        total: 4250,
      },
    ]);
    expect(csv).toBe(
      'Shopper Name,Shopper Email,Evaluation ID,Program,Location,Shop Date,Approved At,Reimbursement,Fee,Total,Payout Reference,Paid On\r\n' +
        `Sam Shopper,sam@example.test,ev1,"Dine-In, ""Lunch""",'=Main,2026-11-02,2026-11-03T10:00:00.000Z,30.00,12.50,42.50,PP-7,2026-11-20\r\n`,
    );
  });
});

describe('groupByShopper', () => {
  it('keeps the order of shoppers and lines and sums each group', () => {
    const line = (id: string, shopperId: string, value: number, status = 'pending') => ({
      id,
      shopperId,
      total: { value },
      status,
    });
    const groups = groupByShopper([line('a', 's1', 100), line('b', 's1', 200, 'paid'), line('c', 's2', 50)]);
    expect(groups.map((g) => [g.shopperId, g.lines.map((l) => l.id), g.totals])).toEqual([
      ['s1', ['a', 'b'], { pending: 100, paid: 200, pendingCount: 1, paidCount: 1 }],
      ['s2', ['c'], { pending: 50, paid: 0, pendingCount: 1, paidCount: 0 }],
    ]);
  });
});
