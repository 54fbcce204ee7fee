import { describe, expect, it } from 'vitest';
import {
  type BillableShop,
  billingIntervalMonths,
  billingMonthFor,
  billMonth,
  chargeDateFor,
  isShopBillableInMonth,
  nextBilling,
  paidThroughAfterCheckout,
  weeksInBillingMonth,
} from './billing-calendar';

const utc = (iso: string): Date => new Date(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso);

// $50 per shop plus $15 shopper reimbursement, once a month, paid through November 2024.
const shop = (overrides: Partial<BillableShop> = {}): BillableShop => ({
  qid: 'q1',
  questionnaireType: 'mysteryShop',
  recurring: true,
  cost: 5000,
  reimbursement: 1500,
  totalQuantity: 1,
  frequencyQuantity: 1,
  frequencyPeriod: 'month',
  startDate: '2024-10-01',
  paidThrough: '2024-11-30T23:59:59Z',
  state: 'IL',
  ...overrides,
});

describe('billing month and charge date', () => {
  it.each([
    ['2024-11-01', '2024-12-01', '2024-11-26'],
    ['2024-11-26T23:00:00Z', '2024-12-01', '2024-11-26'],
    ['2024-11-27', '2025-01-01', '2024-12-27'],
    ['2024-12-27', '2025-01-01', '2024-12-27'],
    ['2024-12-28', '2025-02-01', '2025-01-27'],
    ['2025-02-24', '2025-03-01', '2025-02-24'],
    ['2025-02-25', '2025-04-01', '2025-03-27'],
  ])('on %s bills the month of %s, charged 5 days before, on %s', (today, month, charge) => {
    const billingMonth = billingMonthFor(utc(today));
    expect(billingMonth).toEqual(utc(month));
    expect(chargeDateFor(billingMonth)).toEqual(utc(charge));
  });

  it.each([
    ['2024-12-01', 5],
    ['2025-01-01', 4],
    ['2025-02-01', 4],
    ['2024-09-01', 5],
  ])('bills weekly shops %s for its Mondays: %i weeks', (month, weeks) => {
    expect(weeksInBillingMonth(utc(month))).toBe(weeks);
  });
});

describe('isShopBillableInMonth', () => {
  const december = utc('2024-12-01');
  it.each<[string, Partial<BillableShop>, boolean]>([
    ['bills a monthly shop paid through the month before', {}, true],
    ['bills a shop never paid for', { paidThrough: null }, true],
    ['does not bill a shop paid through the billing month', { paidThrough: '2024-12-31' }, false],
    ['does not bill a shop paid through the first day of the month', { paidThrough: '2024-12-01' }, false],
    [
      'bills a shop starting on the last day of the month',
      { startDate: '2024-12-31', paidThrough: null },
      true,
    ],
    ['does not bill a shop starting after the month', { startDate: '2025-01-01', paidThrough: null }, false],
    ['does not bill a one-time shop', { recurring: false }, false],
    [
      'bills a quarterly shop in its start month',
      { frequencyPeriod: 'quarter', startDate: '2024-12-10' },
      true,
    ],
    [
      'bills a quarterly shop 3 months after its start',
      { frequencyPeriod: 'quarter', startDate: '2024-09-10' },
      true,
    ],
    [
      'skips a quarterly shop 2 months after its start',
      { frequencyPeriod: 'quarter', startDate: '2024-10-10' },
      false,
    ],
    [
      'bills a quarterly shop 12 months after its start',
      { frequencyPeriod: 'quarter', startDate: '2023-12-31' },
      true,
    ],
    ['bills a weekly shop every month', { frequencyPeriod: 'week', startDate: '2024-10-10' }, true],
    ['bills a monthly survey every month', { questionnaireType: 'customerSurvey', recurring: false }, true],
    [
      'bills an annual survey 12 months after its start',
      { questionnaireType: 'customerSurvey', monthsPurchased: 12, startDate: '2023-12-05' },
      true,
    ],
    [
      'skips an annual survey within its year',
      { questionnaireType: 'customerSurvey', monthsPurchased: 12, startDate: '2024-06-05' },
      false,
    ],
  ])('%s', (_rule, overrides, billable) => {
    expect(isShopBillableInMonth(shop(overrides), december)).toBe(billable);
  });

  it.each<[Partial<BillableShop>, number]>([
    [{ frequencyPeriod: 'week' }, 1],
    [{ frequencyPeriod: 'month' }, 1],
    [{ frequencyPeriod: 'quarter' }, 3],
    [{ questionnaireType: 'customerSurvey', monthsPurchased: 12 }, 12],
    [{ questionnaireType: 'customerSurvey', monthsPurchased: 3 }, 1],
  ])('bills %j every %i month(s)', (overrides, months) => {
    expect(billingIntervalMonths(shop(overrides))).toBe(months);
  });
});

describe('billMonth and nextBilling', () => {
  const shops = [
    { ...shop({ frequencyPeriod: 'week', frequencyQuantity: 2 }), _id: 'weekly' }, // 6500 x 2 x 5 weeks
    { ...shop({ state: 'NV' }), _id: 'nevada-monthly' }, // 6500 x 1.5
    { ...shop({ frequencyPeriod: 'quarter', startDate: '2024-09-10' }), _id: 'quarter-due' }, // 6500
    { ...shop({ frequencyPeriod: 'quarter', startDate: '2024-10-10' }), _id: 'quarter-not-due' },
    { ...shop({ paidThrough: '2024-12-31' }), _id: 'paid-ahead' },
    { ...shop({ startDate: '2025-01-02', paidThrough: null }), _id: 'not-started' },
    { ...shop({ recurring: false }), _id: 'one-time' },
    {
      ...shop({
        questionnaireType: 'customerSurvey',
        cost: 9900,
        startDate: '2024-11-05',
        paidThrough: null,
      }),
      _id: 'survey-monthly',
    },
    {
      ...shop({
        questionnaireType: 'customerSurvey',
        cost: 89100,
        monthsPurchased: 12,
        startDate: '2023-12-01',
      }),
      _id: 'survey-annual',
    },
  ];

  it('bills each billable shop its charge for the month', () => {
    const bill = billMonth(shops, utc('2024-12-15'));
    expect(bill.month).toEqual(utc('2024-12-01'));
    expect(bill.chargeDate).toEqual(utc('2024-11-26'));
    expect(bill.numWeeks).toBe(5);
    expect(bill.lines.map((line) => [line.shop._id, line.amount])).toEqual([
      ['weekly', 65000],
      ['nevada-monthly', 9750],
      ['quarter-due', 6500],
      ['survey-monthly', 9900],
      ['survey-annual', 89100],
    ]);
    expect(bill.value).toBe(180250);
  });

  it('shows the next billing with its displays', () => {
    expect(nextBilling(shops, utc('2024-11-20T08:00:00Z'))).toEqual({
      billingMonth: utc('2024-12-01'),
      chargeDate: utc('2024-11-26'),
      monthValue: 12,
      monthDisplay: 'December',
      yearDisplay: '2024',
      chargeDateDisplay: '11/26/2024',
      value: 180250,
      displayValue: '$1,802.50',
      numWeeks: 5,
    });
  });

  it('bills nothing when there are no active recurring shops', () => {
    const next = nextBilling([], utc('2024-11-27'));
    expect([next.monthDisplay, next.yearDisplay, next.displayValue, next.numWeeks]).toEqual([
      'January',
      '2025',
      '$0.00',
      4,
    ]);
  });
});

describe('paidThroughAfterCheckout', () => {
  const base = {
    qid: 'q',
    questionnaireType: 'mysteryShop' as const,
    recurring: true,
    cost: 9500,
    reimbursement: 2500,
    totalQuantity: 1,
    frequencyQuantity: 1,
    frequencyPeriod: 'month' as const,
  };
  const today = new Date('2026-11-22T10:00:00Z');
  it.each([
    ['a monthly shop is paid through the end of its start month', { startDate: '2026-12-10' }, '2026-12-31'],
    [
      'a weekly shop is paid through the end of its start month',
      { startDate: '2026-12-10', frequencyPeriod: 'week' as const },
      '2026-12-31',
    ],
    [
      'a quarterly shop is paid through the end of its third month',
      { startDate: '2026-12-10', frequencyPeriod: 'quarter' as const },
      '2027-02-28',
    ],
    ['a start date before the minimum is moved up first', { startDate: '2026-11-01' }, '2026-11-30'],
    [
      'an annual survey is paid through eleven months after its start month',
      {
        startDate: '2026-11-22',
        questionnaireType: 'customerSurvey' as const,
        recurring: false,
        monthsPurchased: 12,
      },
      '2027-10-31',
    ],
    [
      'a monthly survey is paid through its start month',
      {
        startDate: '2026-11-22',
        questionnaireType: 'customerSurvey' as const,
        recurring: false,
        monthsPurchased: 1,
      },
      '2026-11-30',
    ],
  ])('%s', (_name, over, expected) => {
    expect(paidThroughAfterCheckout({ ...base, ...over }, today)).toBe(expected);
  });
  it('a one-time shop has no paid-through date', () => {
    expect(
      paidThroughAfterCheckout({ ...base, recurring: false, startDate: '2026-12-10' }, today),
    ).toBeNull();
  });
});
