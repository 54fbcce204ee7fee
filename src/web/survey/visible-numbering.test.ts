import { describe, expect, it } from 'vitest';
import { answer, createEvaluation, parseForm } from '../../evaluation';
import { numberVisibleQuestions } from './visible-numbering';

const parsed = parseForm({
  name: 'Survey',
  sections: [
    {
      localId: 's1',
      name: 'One',
      elements: [
        { localId: 'note', typeId: 'remark', prompt: '', config: { content: 'Hello' } },
        {
          localId: 'ok',
          typeId: 'choice',
          prompt: 'Was it OK?',
          options: [
            { localId: 'yes', prompt: 'Yes', score: 1 },
            { localId: 'no', prompt: 'No', score: 0 },
          ],
        },
        {
          localId: 'why',
          typeId: 'text',
          prompt: 'Why not?',
          visible: {
            when: 'when-all',
            conditions: [{ sourceField: 'question-option', sourceRef: 'ok', comparator: 'eq', value: 'no' }],
          },
        },
        { localId: 'more', typeId: 'text', prompt: 'Anything else?' },
      ],
    },
  ],
});
if (!parsed.ok) throw parsed.error;

describe('survey question numbers', () => {
  const numbers = (e: ReturnType<typeof createEvaluation>) =>
    Object.fromEntries(
      Object.entries(numberVisibleQuestions(e).status.elements).map(([id, s]) => [id, s.number]),
    );

  it('count only the questions on screen, so a hidden follow-up leaves no gap', () => {
    expect(numbers(createEvaluation(parsed.value))).toEqual({ note: null, ok: 1, why: null, more: 2 });
  });

  it('number a follow-up once it shows', () => {
    const shown = answer(createEvaluation(parsed.value), 'ok', 'no');
    if (!shown.ok) throw shown.error;
    expect(numbers(shown.value)).toEqual({ note: null, ok: 1, why: 2, more: 3 });
  });
});
