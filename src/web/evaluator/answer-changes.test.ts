import { describe, expect, it } from 'vitest';
import { answer, createEvaluation, type Evaluation, parseForm } from '../../evaluation';
import { answerChanges } from './answer-changes';

const when = (ref: string, value: string) => ({
  when: 'when-all',
  conditions: [{ sourceField: 'question-option', sourceRef: ref, comparator: 'eq', value }],
});
const yesNo = [
  { localId: 'yes', prompt: 'Yes', score: 1 },
  { localId: 'no', prompt: 'No', score: 0 },
];

const parsed = parseForm({
  name: 'Visit',
  sections: [
    {
      localId: 's1',
      name: 'One',
      elements: [
        { localId: 'greeted', typeId: 'choice', prompt: 'Greeted?', options: yesNo },
        { localId: 'why', typeId: 'narrative', prompt: 'Why not?', visible: when('greeted', 'no') },
        // Shown by a question that comes after it.
        { localId: 'detail', typeId: 'text', prompt: 'Detail', visible: when('later', 'yes') },
        { localId: 'later', typeId: 'choice', prompt: 'Later?', options: yesNo },
      ],
    },
  ],
});
if (!parsed.ok) throw parsed.error;
const form = parsed.value;

function answered(e: Evaluation, ...changes: (readonly [string, unknown])[]): Evaluation {
  for (const [id, value] of changes) {
    const next = answer(e, id, value);
    if (!next.ok) throw next.error;
    e = next.value;
  }
  return e;
}

describe('the answers an autosave sends', () => {
  const empty = createEvaluation(form);

  it('sends only what changed since the last save, in form order', () => {
    const saved = answered(empty, ['later', 'no']);
    const target = answered(saved, ['greeted', 'no'], ['why', 'Busy restocking']);
    expect(answerChanges(saved, target)).toEqual([
      ['greeted', 'no'],
      ['why', 'Busy restocking'],
    ]);
  });

  it('does not send the clearing of an answer whose question the change hid', () => {
    const saved = answered(empty, ['greeted', 'no'], ['why', 'Busy restocking']);
    const target = answered(saved, ['greeted', 'yes']);
    expect(target.answers.why).toBeUndefined();
    expect(answerChanges(saved, target)).toEqual([['greeted', 'yes']]);
  });

  it('sends an answer the person cleared as null', () => {
    const saved = answered(empty, ['greeted', 'no'], ['why', 'Busy restocking']);
    const target = answered(saved, ['why', null]);
    expect(answerChanges(saved, target)).toEqual([['why', null]]);
  });

  it('sends the question that shows another before that other, wherever it is in the form', () => {
    const target = answered(empty, ['later', 'yes'], ['detail', 'Blue shirt']);
    const changes = answerChanges(empty, target);
    expect(changes).toEqual([
      ['later', 'yes'],
      ['detail', 'Blue shirt'],
    ]);
    expect(answered(empty, ...changes).answers).toEqual(target.answers);
  });

  it('sends nothing when nothing changed', () => {
    const saved = answered(empty, ['greeted', 'yes']);
    expect(answerChanges(saved, saved)).toEqual([]);
  });
});
