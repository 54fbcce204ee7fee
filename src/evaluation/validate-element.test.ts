import { describe, expect, it } from 'vitest';
import type { ElementType } from './form-schema';
import { element, evaluation, form, options, REQUIRED } from './testing/factories';

function messageOf(typeId: ElementType, value: unknown, extra: Parameters<typeof element>[2] = {}) {
  const e = evaluation(form([element('q', typeId, extra)]), value === undefined ? {} : { q: value });
  return e.status.elements.q?.message ?? null;
}

describe('validation: a required element without an answer', () => {
  it.each([
    ['number', 'Please enter a number.'],
    ['time', 'Please enter a time.'],
    ['date', 'Please enter a date.'],
    ['choice', 'Please select one of these options.'],
    ['imageupload', 'Please upload an image.'],
    ['text', 'Please enter a response.'],
    ['narrative', 'Please enter a response.'],
    ['multichoice', 'Please enter a response.'],
    ['timespan', 'Please enter a response.'],
    ['phonerecording', 'Please enter a response.'],
    ['embed', 'Please enter a response.'],
  ] as const)('a %s says %j', (typeId, message) => {
    expect(messageOf(typeId, undefined, { required: REQUIRED, options: options(['o', 1]) })).toBe(message);
  });

  it('marks the element invalid', () => {
    const e = evaluation(form([element('q', 'text', { required: REQUIRED })]));
    expect(e.status.elements.q).toMatchObject({ invalid: true, populated: false });
  });

  it('counts a phone recording as answered only with a recording URL', () => {
    const extra = { required: REQUIRED };
    expect(messageOf('phonerecording', { recordingURL: null }, extra)).toBe('Please enter a response.');
    expect(messageOf('phonerecording', { recordingURL: '' }, extra)).toBe('Please enter a response.');
    expect(messageOf('phonerecording', { recordingURL: 'https://rec.test/1.mp3' }, extra)).toBeNull();
  });

  it('is not checked on a hidden element', () => {
    const f = form([
      element('q', 'text', { required: REQUIRED, visible: { when: 'never', conditions: [] } }),
    ]);
    expect(evaluation(f).status.elements.q?.message).toBeNull();
  });

  it('is not checked in Preview', () => {
    const f = form([element('q', 'text', { required: REQUIRED })]);
    expect(evaluation(f, {}, { evaluationStatus: 10010 }).status.elements.q?.message).toBeNull();
  });

  it('gives no message for an unanswered optional element', () => {
    expect(messageOf('number', undefined, { config: { min: 1, max: 5 } })).toBeNull();
  });
});

describe('validation: number range', () => {
  it.each([
    [0, 'Please enter a value between 1 and 10.'],
    [1, null],
    [5.5, null],
    [10, null],
    [10.01, 'Please enter a value between 1 and 10.'],
  ])('%d between config min 1 and max 10 gives %j', (value, message) => {
    expect(messageOf('number', value, { config: { min: 1, max: 10 } })).toBe(message);
  });

  it('names decimal and negative bounds as written', () => {
    expect(messageOf('number', 3, { config: { min: -2.5, max: 2.5 } })).toBe(
      'Please enter a value between -2.5 and 2.5.',
    );
  });

  it('checks no range unless both min and max are set', () => {
    expect(messageOf('number', 99, { config: { max: 10 } })).toBeNull();
  });
});

describe('validation: time', () => {
  it.each([
    ['9:05 AM', null],
    ['12:00 PM', null],
    ['11:59 PM', null],
    ['09:05 AM', 'Please enter a valid time value.'],
    ['9:5 AM', 'Please enter a valid time value.'],
    ['9:05 am', 'Please enter a valid time value.'],
    ['21:05', 'Please enter a valid time value.'],
    ['13:00 PM', 'Please enter a valid time value.'],
    ['noon', 'Please enter a valid time value.'],
  ])('%j gives %j (local time h:mm A, formatted identically)', (value, message) => {
    expect(messageOf('time', value)).toBe(message);
  });
});

describe('validation: text length', () => {
  it.each([
    [
      'text',
      'abcdefghijkl',
      { maxLength: 10 },
      'Entered text cannot exceed 10 characters. Please shorten your response by 2 characters.',
    ],
    [
      'narrative',
      'abcdefghijk',
      { maxLength: 10 },
      'Entered text cannot exceed 10 characters. Please shorten your response by 1 characters.',
    ],
    ['text', 'abcdefghij', { maxLength: 10 }, null],
    ['text', 'abcdefghijkl', { maxLength: 0 }, null],
    ['text', 'abc', { minLength: 5 }, 'Answer should be at least 5 characters. (2 remaining.)'],
    ['narrative', 'a', { minLength: 20 }, 'Answer should be at least 20 characters. (19 remaining.)'],
    ['text', 'abcde', { minLength: 5 }, null],
    [
      'text',
      'abc',
      { minLength: 5, maxLength: 10 },
      'Answer should be at least 5 characters. (2 remaining.)',
    ],
  ] as const)('a %s answered %j with %j gives %j', (typeId, value, config, message) => {
    expect(messageOf(typeId, value, { config })).toBe(message);
  });
});
