import { describe, expect, it } from 'vitest';
import { signingText } from './reporting-signature';

describe('signingText', () => {
  it('joins the values present in signing order with |', () => {
    expect(
      signingText({ pageSize: 999, client: 'c1', pageNumber: 1, userMakingRequest: 'u1', programId: 'p1' }),
    ).toBe('u1|c1|p1|1|999');
  });

  it('leaves out empty and missing values', () => {
    expect(
      signingText({ userMakingRequest: 'u1', client: 'c1', order: '', programName: null, limit: 3 }),
    ).toBe('u1|c1|3');
  });
});
