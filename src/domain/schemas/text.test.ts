import { describe, expect, it } from 'vitest';
import { inputLabel, textRuleFor } from './input-limits';
import { ZLocationInput } from './location';
import { textProblem, textProblemMessage, zText } from './text';
import { ZUserQuestionnaireInput } from './user-questionnaire';

describe('the text rule', () => {
  it.each([
    ['plain text', 'Main Street café 😀', { max: 100 }, null],
    ['NUL', 'a\u0000b', { max: 100 }, 'control'],
    ['bell', 'a\u0007', { max: 100 }, 'control'],
    ['escape', '\u001b[31m', { max: 100 }, 'control'],
    ['DEL', 'a\u007f', { max: 100 }, 'control'],
    ['a C1 control', 'a\u0085', { max: 100 }, 'control'],
    ['NUL in a multi-line field', 'a\u0000', { max: 100, multiline: true }, 'control'],
    ['a line feed in a one-line field', 'a\nb', { max: 100 }, 'line-break'],
    ['a carriage return in a one-line field', 'a\rb', { max: 100 }, 'line-break'],
    ['a tab in a one-line field', 'a\tb', { max: 100 }, 'line-break'],
    ['line breaks and tabs in a multi-line field', 'a\r\n\tb', { max: 100, multiline: true }, null],
    ['a lone high surrogate', 'a\uD800b', { max: 100 }, 'encoding'],
    ['a lone low surrogate', '\uDC00', { max: 100 }, 'encoding'],
    ['exactly the maximum', 'x'.repeat(10), { max: 10 }, null],
    ['one over the maximum', 'x'.repeat(11), { max: 10 }, 'length'],
  ] as const)('%s', (_name, value, rule, expected) => {
    expect(textProblem(value, rule)).toBe(expected);
  });

  it('says what is wrong in the field’s words', () => {
    expect(textProblemMessage('Location Name', 'control', { max: 5 })).toBe(
      'Location Name cannot contain control characters.',
    );
    expect(textProblemMessage('Location Name', 'length', { max: 5 })).toBe(
      'Location Name cannot exceed 5 characters.',
    );
    expect(textProblemMessage('Location Name', 'line-break', { max: 5 })).toBe(
      'Location Name must be a single line.',
    );
  });

  it('zText trims, limits and checks the characters', () => {
    const z = zText('Notes', { max: 5, multiline: true });
    expect(z.parse('  a\nb ')).toBe('a\nb');
    expect(z.safeParse('abcdef').error?.issues[0]?.message).toBe('Notes cannot exceed 5 characters.');
    expect(z.safeParse('a\u0000').error?.issues[0]?.message).toBe('Notes cannot contain control characters.');
  });
});

describe('the web forms say what the API boundary says', () => {
  it('a location name with a NUL', () => {
    const r = ZLocationInput.safeParse({ name: 'Main\u0000', address: { formattedAddress: '1 Main St' } });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'name',
      'Location Name cannot contain control characters.',
    ]);
  });

  it('additional comments keep their line breaks but not control characters', () => {
    expect(ZUserQuestionnaireInput.safeParse({ additionalComments: 'one\ntwo' }).success).toBe(true);
    const r = ZUserQuestionnaireInput.safeParse({ additionalComments: 'one\u0000' });
    expect(r.error?.issues[0]?.message).toBe('Additional Comments cannot contain control characters.');
  });
});

describe('input limits', () => {
  it('names fields in words', () => {
    expect(inputLabel('referralCode')).toBe('Referral code');
    expect(inputLabel('oid')).toBe('Order');
    expect(inputLabel('_id')).toBe('Id');
  });

  it('gives ids, e-mails and other text their defaults, and fields their own limits', () => {
    expect(textRuleFor('Mutation.reorder.oid', 'oid')).toEqual({ max: 200 });
    expect(textRuleFor('Mutation.login.email', 'email')).toEqual({ max: 320 });
    expect(textRuleFor('CheckoutInput.referralCode', 'referralCode')).toEqual({ max: 1000 });
    expect(textRuleFor('UserQuestionnaireInput.additionalComments', 'additionalComments')).toEqual({
      max: 4000,
      multiline: true,
    });
  });
});
