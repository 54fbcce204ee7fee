import { describe, expect, it } from 'vitest';
import { ZAccountInfoInput } from './account-info';
import { fieldErrors } from './field-errors';

describe('account info', () => {
  const profile = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    businessName: 'Engines Ltd',
    phone: '5551234567',
  };

  it('needs a valid e-mail and the required profile fields', () => {
    const r = ZAccountInfoInput.safeParse({ email: 'nope', profile: { ...profile, businessName: '' } });
    expect(r.success ? [] : fieldErrors(r.error)).toEqual([
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'profile.businessName', message: 'Business Name is required.' },
    ]);
  });

  it('normalises the comma-separated additional e-mails', () => {
    const out = ZAccountInfoInput.parse({
      email: 'ada@example.com',
      profile: { ...profile, additionalEmails: 'a@x.com,b@y.com' },
    });
    expect(out.profile.additionalEmails).toBe('a@x.com, b@y.com');
  });
});
