import { describe, expect, it } from 'vitest';
import {
  includesShops,
  includesSurveys,
  orderContentOf,
  readOrderContent,
  rememberOrderContent,
} from './thanks-content';

describe('orderContentOf', () => {
  it.each([
    { types: ['customerSurvey', 'customerSurvey'], content: 'survey-only' },
    { types: ['mysteryShop'], content: 'shop-only' },
    { types: ['mysteryShop', 'customerSurvey'], content: 'mixed' },
  ] as const)('reads $types as $content', ({ types, content }) => {
    expect(orderContentOf(types)).toBe(content);
  });

  it('tells which thank-you messages apply', () => {
    expect([includesSurveys('mixed'), includesShops('mixed')]).toEqual([true, true]);
    expect([includesSurveys('shop-only'), includesShops('shop-only')]).toEqual([false, true]);
    expect([includesSurveys('survey-only'), includesShops('survey-only')]).toEqual([true, false]);
  });
});

describe('the order content handed to /thanks', () => {
  const memory = () => {
    const values = new Map<string, string>();
    return {
      getItem: (k: string) => values.get(k) ?? null,
      setItem: (k: string, v: string) => values.set(k, v),
    };
  };

  it('is read back as it was stored', () => {
    const storage = memory();
    rememberOrderContent('mixed', storage);
    expect(readOrderContent(storage)).toBe('mixed');
  });

  it('is null when nothing or something unknown was stored', () => {
    const storage = memory();
    expect(readOrderContent(storage)).toBeNull();
    storage.setItem('placedOrderContent', 'everything');
    expect(readOrderContent(storage)).toBeNull();
  });
});
