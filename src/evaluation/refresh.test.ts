import { describe, expect, it } from 'vitest';
import { refresh } from './refresh';
import { EvaluationStatus } from './statuses';
import { element, evaluation, form, options, REQUIRED, when } from './testing/factories';

const yesNo = options(['yes', 1], ['no', 0]);

describe('refresh: visibility', () => {
  const f = form([
    element('drive', 'choice', { options: yesNo }),
    element('speed', 'number', { visible: when('when-all', ['question-option', 'drive', 'eq', 'yes']) }),
    element('speedNote', 'text', { visible: when('when-all', ['question-option', 'speed', 'gt', 5]) }),
    element('video', 'embed', { visible: when('when-all', ['question-option', 'drive', 'eq', 'yes']) }),
  ]);

  it('shows an element whose visible ruleset holds', () => {
    const e = evaluation(f, { drive: 'yes' });
    expect(e.status.elements.speed?.visible).toBe(true);
  });

  it('hides an element whose visible ruleset fails and clears its answer', () => {
    const e = evaluation(f, { drive: 'no', speed: 9 });
    expect(e.status.elements.speed?.visible).toBe(false);
    expect(e.answers).not.toHaveProperty('speed');
  });

  it('repeats until stable: clearing one answer hides and clears the elements that depend on it', () => {
    const e = evaluation(f, { drive: 'no', speed: 9, speedNote: 'fast' });
    expect(e.status.elements.speedNote?.visible).toBe(false);
    expect(e.answers).toEqual({ drive: 'no' });
  });

  it('keeps the answer of a hidden embed element', () => {
    const e = evaluation(f, { drive: 'no', video: 'https://example.test/v' });
    expect(e.status.elements.video?.visible).toBe(false);
    expect(e.answers.video).toBe('https://example.test/v');
  });

  it('terminates when rulesets refer to each other in a cycle', () => {
    const cyclic = form([
      element('a', 'text', { visible: when('when-none', ['question-option', 'b', 'eq', 'x']) }),
      element('b', 'text', { visible: when('when-none', ['question-option', 'a', 'eq', 'x']) }),
      element('c', 'text', { visible: when('when-all', ['question-option', 'c', 'eq', 'x']) }),
    ]);
    const e = evaluation(cyclic, { a: 'x', b: 'x', c: 'x' });
    // a is hidden by b's answer and cleared first, which shows b; c keeps itself visible.
    expect(e.answers).toEqual({ b: 'x', c: 'x' });
    expect(e.status.elements.a?.visible).toBe(false);
    expect(refresh(e)).toEqual(e);
  });

  it('drops answers for ids that are not elements of the form', () => {
    expect(evaluation(f, { ghost: 'boo', drive: 'yes' }).answers).toEqual({ drive: 'yes' });
  });

  it('does not change the evaluation it is given', () => {
    const e = evaluation(f, { drive: 'yes', speed: 9 });
    const before = structuredClone(e.answers);
    refresh({ ...e, answers: { ...e.answers, drive: 'no' } });
    expect(e.answers).toEqual(before);
  });
});

describe('refresh: editability', () => {
  it.each([
    ['all', 'shopper', true],
    ['all', 'employee', true],
    ['all', 'proofer', true],
    ['internal', 'shopper', false],
    ['internal', 'employee', true],
    ['internal', 'proofer', true],
    ['employee', 'shopper', false],
    ['employee', 'employee', true],
    ['employee', 'proofer', false],
  ] as const)('editability %s is editable by a %s: %s', (editability, role, expected) => {
    const e = evaluation(form([element('q', 'text', { editability })]), {}, { user: { role } });
    expect(e.status.elements.q?.editable).toBe(expected);
  });

  it.each(['remark', 'inboundparameter'] as const)('never lets anyone edit a %s', (typeId) => {
    const e = evaluation(form([element('q', typeId)]), {}, { user: { role: 'employee' } });
    expect(e.status.elements.q?.editable).toBe(false);
  });

  it('makes nothing editable in Preview', () => {
    const e = evaluation(
      form([element('q', 'text'), element('r', 'choice', { options: yesNo })]),
      {},
      {
        user: { role: 'employee' },
        evaluationStatus: EvaluationStatus.Preview,
      },
    );
    expect(e.status.elements.q?.editable).toBe(false);
    expect(e.status.elements.r?.editable).toBe(false);
  });
});

describe('refresh: required', () => {
  it('follows the required ruleset of an editable element', () => {
    const f = form([
      element('drive', 'choice', { options: yesNo }),
      element('why', 'text', { required: when('when-all', ['question-option', 'drive', 'eq', 'no']) }),
    ]);
    expect(evaluation(f, { drive: 'no' }).status.elements.why?.required).toBe(true);
    expect(evaluation(f, { drive: 'yes' }).status.elements.why?.required).toBe(false);
  });

  it('is never required when not editable', () => {
    const f = form([element('q', 'text', { required: REQUIRED, editability: 'employee' })]);
    const e = evaluation(f);
    expect(e.status.elements.q?.required).toBe(false);
    expect(e.status.elements.q?.message).toBeNull();
  });

  it('is not required without a required ruleset', () => {
    expect(evaluation(form([element('q', 'text')])).status.elements.q?.required).toBe(false);
  });
});

describe('refresh: numbering and indexes', () => {
  const f = form(
    [
      element('intro', 'remark'),
      element('q1', 'text'),
      element('q2', 'text', { displayNumber: false }),
      element('q3', 'choice', { options: yesNo }),
    ],
    [element('q4', 'number'), element('note', 'remark'), element('q5', 'date')],
  );
  const e = evaluation(f);

  it.each([
    ['intro', null, 0, 0],
    ['q1', 1, 1, 1],
    ['q2', null, 2, 2],
    ['q3', 2, 3, 3],
    ['q4', 3, 0, 4],
    ['note', null, 1, 5],
    ['q5', 4, 2, 6],
  ] as const)(
    'numbers %s as %s (index %i in its section, %i overall), skipping remarks and displayNumber false',
    (id, number, within, overall) => {
      expect(e.status.elements[id]).toMatchObject({
        number,
        indexWithinSection: within,
        indexOverall: overall,
      });
    },
  );

  it('gives each section its index', () => {
    expect(e.status.sections).toEqual({
      s1: { sectionIndex: 0, collected: false },
      s2: { sectionIndex: 1, collected: false },
    });
  });
});

describe('refresh: collected sections', () => {
  const f = form([element('a', 'text'), element('b', 'text')], [element('c', 'text')]);

  it('collects a section when any of its elements is populated', () => {
    const e = evaluation(f, { b: 'hello' });
    expect(e.status.sections.s1?.collected).toBe(true);
    expect(e.status.sections.s2?.collected).toBe(false);
  });

  it('does not collect a section whose answers are blank', () => {
    expect(evaluation(f, { a: '   ' }).status.sections.s1?.collected).toBe(false);
  });
});

describe('refresh: unusual ids', () => {
  it('keeps an element whose id is __proto__ as an ordinary key', () => {
    const e = evaluation(form([element('__proto__', 'text', { required: REQUIRED })]), {});
    const answered = refresh({ ...e, answers: JSON.parse('{"__proto__":"hello"}') });
    expect(Object.hasOwn(answered.answers, '__proto__')).toBe(true);
    expect(Object.hasOwn(answered.status.elements, '__proto__')).toBe(true);
    expect(answered.status.completion.description).toBe('Ready to Submit');
    expect(refresh(answered)).toEqual(answered);
  });
});
