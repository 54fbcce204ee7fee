import { describe, expect, it } from 'vitest';
import { ZEmailPreferencesInput } from './email-preferences';

describe('email preferences', () => {
  it('reads the six preferences as booleans, unticked when absent', () => {
    expect(ZEmailPreferencesInput.parse({ receiveMarketing: true, receiveAsDigest: 'on' })).toEqual({
      receiveMarketing: true,
      receiveShopScheduled: false,
      receiveShopQA: false,
      receiveShopComplete: false,
      receiveSurveyComplete: false,
      receiveAsDigest: true,
    });
  });
});
