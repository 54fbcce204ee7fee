import { describe, expect, it } from 'vitest';
import { type CheckoutContext, createZCheckoutInput } from './checkout';
import { fieldErrors } from './field-errors';

const anonymous: CheckoutContext = { loggedIn: false, hasCardOnFile: false, guestCheckout: false };
const profile = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  businessName: 'Engines Ltd',
  phone: '(555)-123-4567',
};
const complete = {
  email: 'ADA@example.com ',
  password: 'secret1',
  confirmPassword: 'secret1',
  paymentCardValid: true,
  cancellationPolcy: true,
  profile,
  stripeToken: 'tok_visa',
};

function errors(context: CheckoutContext, input: Record<string, unknown>) {
  const result = createZCheckoutInput(context).safeParse(input);
  return result.success ? [] : fieldErrors(result.error);
}

describe('checkout input', () => {
  it('accepts a complete anonymous checkout and normalises the e-mail', () => {
    const out = createZCheckoutInput(anonymous).parse(complete);
    expect(out).toMatchObject({
      email: 'ada@example.com',
      password: 'secret1',
      cancellationPolcy: true,
      stripeToken: 'tok_visa',
    });
    expect(out.profile).toMatchObject(profile);
  });

  it.each([
    {
      case: 'an invalid e-mail',
      change: { email: 'nope' },
      field: 'email',
      message: 'Please enter a valid email address.',
    },
    {
      case: 'a missing e-mail',
      change: { email: '' },
      field: 'email',
      message: 'Email Address to Receive Reports is required.',
    },
    {
      case: 'a short password',
      change: { password: 'abc', confirmPassword: 'abc' },
      field: 'password',
      message: 'Password must be at least 6 characters.',
    },
    {
      case: 'a mismatched confirmation',
      change: { confirmPassword: 'secret2' },
      field: 'confirmPassword',
      message: 'Passwords do not match.',
    },
    {
      case: 'an unconfirmed card',
      change: { paymentCardValid: false },
      field: 'paymentCardValid',
      message: 'A valid Payment Card is required.',
    },
    {
      case: 'unticked Terms & Conditions',
      change: { cancellationPolcy: false },
      field: 'cancellationPolcy',
      message: 'You must agree to the Terms & Conditions.',
    },
    {
      case: 'a missing first name',
      change: { profile: { ...profile, firstName: ' ' } },
      field: 'profile.firstName',
      message: 'First Name is required.',
    },
    {
      case: 'a missing last name',
      change: { profile: { ...profile, lastName: '' } },
      field: 'profile.lastName',
      message: 'Last Name is required.',
    },
    {
      case: 'a missing business name',
      change: { profile: { ...profile, businessName: '' } },
      field: 'profile.businessName',
      message: 'Business Name is required.',
    },
    {
      case: 'a missing phone number',
      change: { profile: { ...profile, phone: '' } },
      field: 'profile.phone',
      message: 'Phone Number is required.',
    },
  ])('rejects $case with "$message"', ({ change, field, message }) => {
    expect(errors(anonymous, { ...complete, ...change })).toEqual([{ field, message }]);
  });

  it('reports every problem of an empty anonymous form at once', () => {
    expect(errors(anonymous, {}).map((e) => e.field)).toEqual([
      'email',
      'profile.firstName',
      'profile.lastName',
      'profile.businessName',
      'profile.phone',
      'password',
      'paymentCardValid',
      'cancellationPolcy',
    ]);
  });

  it('checks each additional e-mail of the profile', () => {
    expect(
      errors(anonymous, { ...complete, profile: { ...profile, additionalEmails: 'a@x.com, nope' } }),
    ).toEqual([
      {
        field: 'profile.additionalEmails',
        message: 'Additional Emails: "nope" is not a valid email address.',
      },
    ]);
  });

  it('makes the password optional for a guest checkout and drops any typed password', () => {
    const guest = { ...anonymous, guestCheckout: true };
    const { password: _p, confirmPassword: _c, ...rest } = complete;
    expect(errors(guest, rest)).toEqual([]);
    expect(createZCheckoutInput(guest).parse({ ...rest, password: 'x' }).password).toBeUndefined();
  });

  it('lets a logged-in user skip profile, e-mail and password', () => {
    const out = createZCheckoutInput({ ...anonymous, loggedIn: true }).parse({
      paymentCardValid: true,
      cancellationPolcy: true,
      profile: { firstName: '' },
    });
    expect(out).toMatchObject({ email: undefined, profile: undefined, password: undefined });
  });

  it('skips the card rule when a card is on file and ignores a token then', () => {
    const context = { loggedIn: true, hasCardOnFile: true, guestCheckout: false };
    expect(errors(context, { cancellationPolcy: true })).toEqual([]);
    expect(
      createZCheckoutInput(context).parse({ cancellationPolcy: true, stripeToken: 'tok' }).stripeToken,
    ).toBeUndefined();
  });

  it('keeps an optional referral code, trimmed, and treats blank as none', () => {
    expect(
      createZCheckoutInput(anonymous).parse({ ...complete, referralCode: ' SPRING ' }).referralCode,
    ).toBe('SPRING');
    expect(
      createZCheckoutInput(anonymous).parse({ ...complete, referralCode: '  ' }).referralCode,
    ).toBeUndefined();
  });
});
