import { describe, expect, it } from 'vitest';
import { answer, setProofingComment } from './answer';
import { EvaluationStatus } from './statuses';
import { element, evaluation, form, options, REQUIRED, when } from './testing/factories';

const f = form(
  [
    element('drive', 'choice', { required: REQUIRED, options: options(['yes', 1], ['no', 0]) }),
    element('speed', 'number', { visible: when('when-all', ['question-option', 'drive', 'eq', 'yes']) }),
    element('extras', 'multichoice', { options: options(['a', 1], ['b', 1]) }),
    element('wait', 'timespan'),
    element('call', 'phonerecording'),
    element('day', 'date'),
    element('intro', 'remark'),
    element('internal', 'text', { editability: 'internal' }),
  ],
  [element('later', 'text')],
);

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!result.ok) throw new Error(`expected ok, got ${JSON.stringify(result.error)}`);
  return result.value;
}

describe('answer', () => {
  it('returns a new refreshed evaluation and leaves the old one unchanged', () => {
    const before = evaluation(f);
    const after = unwrap(answer(before, 'drive', 'yes'));
    expect(after.answers).toEqual({ drive: 'yes' });
    expect(after.status.elements.speed?.visible).toBe(true);
    expect(before.answers).toEqual({});
    expect(before.status.elements.speed?.visible).toBe(false);
  });

  it('clears dependent answers when an answer hides them', () => {
    const e = unwrap(answer(unwrap(answer(evaluation(f), 'drive', 'yes')), 'speed', 7));
    expect(unwrap(answer(e, 'drive', 'no')).answers).toEqual({ drive: 'no' });
  });

  it.each([
    ['speed', '12', 12],
    ['extras', ['b', 'a', 'b'], ['b', 'a']],
    ['wait', { minutes: 5 }, { hours: 0, minutes: 5, seconds: 0 }],
    ['call', 'https://rec.test/1.mp3', { recordingURL: 'https://rec.test/1.mp3' }],
    ['day', '2024-02-29', '2024-02-29'],
  ])('normalises an answer to %s', (id, value, stored) => {
    const e = unwrap(answer(unwrap(answer(evaluation(f), 'drive', 'yes')), id, value));
    expect(e.answers[id]).toEqual(stored);
  });

  it.each([null, '', []])('clears an answer given %j', (empty) => {
    const e = unwrap(answer(evaluation(f, { extras: ['a'] }), 'extras', empty));
    expect(e.answers).not.toHaveProperty('extras');
  });

  it('moves the current element and the furthest position forward', () => {
    const e = unwrap(answer(evaluation(f), 'later', 'hi'));
    expect(e.metadata).toMatchObject({
      currentSectionId: 's2',
      currentElementId: 'later',
      furthestSectionIndex: 1,
      furthestElementIndex: 8,
    });
  });

  it.each([
    ['an element not in the form', 'ghost', 'x', 'unknown-element'],
    ['an option that does not exist', 'drive', 'maybe', 'invalid-answer'],
    ['a multichoice that is not a list', 'extras', 'a', 'invalid-answer'],
    ['a negative timespan', 'wait', { hours: -1 }, 'invalid-answer'],
    ['a date that does not exist', 'day', '2023-02-29', 'invalid-answer'],
    ['a date in another format', 'day', '02/28/2023', 'invalid-answer'],
    ['a remark', 'intro', 'x', 'not-editable'],
    ['an internal element as a shopper', 'internal', 'x', 'not-editable'],
    ['a hidden element', 'speed', 5, 'hidden-element'],
  ])('rejects %s with a typed error naming the element', (_, id, value, code) => {
    const result = answer(evaluation(f), id, value);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatchObject({ code, elementId: id });
  });

  it('rejects text for a number with invalid-answer', () => {
    const e = unwrap(answer(evaluation(f), 'drive', 'yes'));
    expect(answer(e, 'speed', 'fast')).toMatchObject({ ok: false, error: { code: 'invalid-answer' } });
  });

  it('rejects every answer in Preview', () => {
    const e = evaluation(f, {}, { evaluationStatus: EvaluationStatus.Preview });
    expect(answer(e, 'later', 'x')).toMatchObject({ ok: false, error: { code: 'not-editable' } });
  });

  it('lets an employee answer an internal element', () => {
    const e = evaluation(f, {}, { user: { role: 'employee' } });
    expect(unwrap(answer(e, 'internal', 'noted')).answers.internal).toBe('noted');
  });
});

describe('setProofingComment', () => {
  const proofing = evaluation(f, { drive: 'yes' }, { user: { role: 'proofer' } });

  it('lets a proofer comment on a non-remark element', () => {
    const e = unwrap(setProofingComment(proofing, 'drive', 'Check the receipt.'));
    expect(e.proofingComments).toEqual({ drive: 'Check the receipt.' });
    expect(proofing.proofingComments).toEqual({});
  });

  it('removes the comment when given empty text', () => {
    const e = unwrap(setProofingComment(proofing, 'drive', 'x'));
    expect(unwrap(setProofingComment(e, 'drive', '  ')).proofingComments).toEqual({});
  });

  it.each([
    ['a shopper', evaluation(f), 'drive', 'not-allowed'],
    ['an employee', evaluation(f, {}, { user: { role: 'employee' } }), 'drive', 'not-allowed'],
    ['a proofer on a remark', proofing, 'intro', 'not-commentable'],
    ['a proofer on a missing element', proofing, 'ghost', 'unknown-element'],
  ])('refuses %s', (_, e, id, code) => {
    expect(setProofingComment(e, id, 'x')).toMatchObject({ ok: false, error: { code, elementId: id } });
  });
});
