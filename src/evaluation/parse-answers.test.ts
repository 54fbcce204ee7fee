import { describe, expect, it } from 'vitest';
import { parseAnswers, parseElementAnswer } from './parse-answers';
import { element, form, options } from './testing/factories';

const f = form([
  element('q1', 'choice', { options: options(['yes', 1], ['no', 0]) }),
  element('q2', 'number'),
  element('q3', 'text'),
]);

describe('parseAnswers', () => {
  it('normalises a valid answers map and drops empty answers', () => {
    expect(parseAnswers(f, { q1: 'yes', q2: '4.5', q3: '' })).toEqual({
      ok: true,
      value: { q1: 'yes', q2: 4.5 },
    });
  });

  it.each([
    [{ q1: 'maybe' }, 'invalid-answer', 'q1'],
    [{ q2: [1] }, 'invalid-answer', 'q2'],
    [{ q3: 5 }, 'invalid-answer', 'q3'],
    [{ ghost: 'x' }, 'unknown-element', 'ghost'],
  ])('rejects %j with a typed error naming the element', (json, code, elementId) => {
    expect(parseAnswers(f, json)).toMatchObject({ ok: false, error: { code, elementId } });
  });

  it.each([null, 'x', [], 3])('rejects answers that are not an object: %j', (json) => {
    expect(parseAnswers(f, json)).toMatchObject({
      ok: false,
      error: { code: 'invalid-answer', elementId: null },
    });
  });
});

describe('parseElementAnswer', () => {
  it('checks one answer against its element', () => {
    expect(parseElementAnswer(f, 'q2', 7)).toEqual({ ok: true, value: 7 });
    expect(parseElementAnswer(f, 'q9', 7)).toMatchObject({ ok: false, error: { code: 'unknown-element' } });
  });
});
