import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { ZIndustryInput } from './industry';

describe('industry form', () => {
  it("rejects a blank name with 'Industry name is required.'", () => {
    const r = ZIndustryInput.safeParse({ title: '  ', brandId: 'b1' });
    expect(r.success ? [] : fieldErrors(r.error)).toEqual([
      { field: 'title', message: 'Industry name is required.' },
    ]);
  });

  it('trims the name', () => {
    expect(ZIndustryInput.parse({ title: ' Restaurants ', brandId: 'b1' }).title).toBe('Restaurants');
  });
});
