import { describe, expect, it } from 'vitest';
import {
  type ActiveShopLike,
  changesTakeEffectMonth,
  recurringShopsByLocation,
} from './account-active-shop-rules';

const shop = (over: Partial<ActiveShopLike>): ActiveShopLike => ({
  qid: 'q',
  questionnaireType: 'mysteryShop',
  recurring: true,
  cost: 9500,
  reimbursement: 2500,
  totalQuantity: 1,
  frequencyQuantity: 1,
  frequencyPeriod: 'month',
  startDate: '2024-01-10',
  ...over,
});

describe('recurringShopsByLocation', () => {
  it('keeps recurring shops and surveys and drops one-time shops and empty locations', () => {
    const grouped = recurringShopsByLocation([
      { name: 'A', shops: [shop({ recurring: false }), shop({ qid: 'r' })] },
      { name: 'B', shops: [shop({ recurring: false })] },
      { name: 'C', shops: [shop({ qid: 's', questionnaireType: 'customerSurvey', recurring: false })] },
    ]);
    expect(grouped.map((l) => [l.name, l.shops.map((s) => s.qid)])).toEqual([
      ['A', ['r']],
      ['C', ['s']],
    ]);
  });
});

describe('changesTakeEffectMonth', () => {
  it('names the month after the paid-through date', () => {
    expect(changesTakeEffectMonth('2024-02-29')).toBe('March');
    expect(changesTakeEffectMonth('2024-12-31')).toBe('January');
  });

  it('is null without a paid-through date', () => {
    expect(changesTakeEffectMonth(null)).toBeNull();
  });
});
