import { describe, expect, it } from 'vitest';
import { score } from './score';
import { element, evaluation, form, options, ranges, when } from './testing/factories';

const choice = element('choice', 'choice', {
  options: options(['great', 5], ['ok', 3], ['poor', 0], ['na', 0, true]),
});
const multi = element('multi', 'multichoice', {
  options: options(['a', 2], ['b', 3], ['c', 0], ['none', 0, true]),
});
const number = element('number', 'number', { scoreRanges: ranges([0, 5, 10], [5, 10, 6], [11, 20, 2]) });
const timespan = element('wait', 'timespan', { scoreRanges: ranges([0, 120, 4], [121, 300, 2]) });

function elementScore(el: typeof choice, value: unknown) {
  const report = score(evaluation(form([el]), value === undefined ? {} : { [el.localId]: value }));
  const e = report.sections[0]?.elements[0];
  return { score: e?.score, possible: e?.possibleScore, isScored: e?.isScored };
}

describe('score: choice', () => {
  it.each([
    ['great', 5, 5],
    ['ok', 3, 5],
    ['poor', 0, 5],
    [undefined, 0, 5],
  ])('answer %j scores %d out of the greatest option score %d', (value, s, possible) => {
    expect(elementScore(choice, value)).toMatchObject({ score: s, possible });
  });

  it('an option that precludes scoring gives 0 and removes the element from the possible score', () => {
    expect(elementScore(choice, 'na')).toEqual({ score: 0, possible: 0, isScored: false });
  });
});

describe('score: multichoice', () => {
  it.each([
    [['a'], 2],
    [['a', 'b'], 5],
    [['c'], 0],
    [[], 0],
  ])('selected %j sums to %d out of the total of all scoring options (5)', (value, s) => {
    expect(elementScore(multi, value)).toMatchObject({ score: s, possible: 5 });
  });

  it('a selected option that precludes scoring gives 0 out of 0', () => {
    expect(elementScore(multi, ['a', 'none'])).toEqual({ score: 0, possible: 0, isScored: false });
  });
});

describe('score: number and timespan ranges', () => {
  it.each([
    [0, 10],
    [5, 10],
    [7, 6],
    [10, 6],
    [10.5, 0],
    [20, 2],
    [21, 0],
    [-1, 0],
  ])('number %d takes the first range containing it inclusively: %d of 10', (value, s) => {
    expect(elementScore(number, value)).toMatchObject({ score: s, possible: 10 });
  });

  it.each([
    [{ hours: 0, minutes: 2, seconds: 0 }, 4],
    [{ hours: 0, minutes: 2, seconds: 1 }, 2],
    [{ hours: 0, minutes: 5, seconds: 0 }, 2],
    [{ hours: 1, minutes: 0, seconds: 0 }, 0],
  ])('timespan %j is converted to seconds and scores %d of 4', (value, s) => {
    expect(elementScore(timespan, value)).toMatchObject({ score: s, possible: 4 });
  });

  it('an element without ranges or options is not scored', () => {
    expect(elementScore(element('t', 'text'), 'hi')).toEqual({ score: 0, possible: 0, isScored: false });
  });
});

describe('score: report', () => {
  const f = form(
    [
      element('q1', 'choice', { options: options(['yes', 4], ['no', 0]) }),
      element('q2', 'choice', {
        options: options(['yes', 6], ['no', 0]),
        visible: when('when-all', ['question-option', 'q1', 'eq', 'yes']),
      }),
      element('internal', 'choice', { options: options(['yes', 10], ['no', 0]), reportability: 'never' }),
      element('always', 'text', { reportability: 'always', visible: { when: 'never', conditions: [] } }),
    ],
    [element('remark', 'remark')],
  );

  it('sums element scores into section and total scores with whole percentages', () => {
    const report = score(evaluation(f, { q1: 'yes', q2: 'no', internal: 'yes' }));
    expect(report.sections[0]).toMatchObject({
      score: 14,
      possibleScore: 20,
      percentageScore: 70,
      isScored: true,
    });
    expect(report).toMatchObject({
      score: 14,
      possibleScore: 20,
      percentageScore: 70,
      performanceClass: 'warning',
    });
  });

  it('scores a hidden element 0 and leaves it out of the possible score', () => {
    const report = score(evaluation(f, { q1: 'no', q2: 'yes', internal: 'yes' }));
    const q2 = report.sections[0]?.elements[1];
    expect(q2).toMatchObject({
      visible: false,
      score: 0,
      possibleScore: 0,
      isScored: false,
      isReported: false,
    });
    expect(report).toMatchObject({ score: 10, possibleScore: 14, percentageScore: 71 });
  });

  it.each([
    ['q1', true],
    ['internal', false],
    ['always', true],
  ])('reports %s: %s (reportability visibility, never, always)', (id, reported) => {
    const report = score(evaluation(f, { q1: 'yes' }));
    const el = report.sections.flatMap((s) => s.elements).find((e) => e.localId === id);
    expect(el?.isReported).toBe(reported);
  });

  it('counts reported elements per section and sections with any', () => {
    const report = score(evaluation(f, { q1: 'no' }));
    expect(report.sections.map((s) => s.visibleElements)).toEqual([2, 1]);
    expect(report.visibleSections).toBe(2);
  });

  it('gives classes by percentage to scored elements and sections only', () => {
    const report = score(evaluation(f, { q1: 'yes', q2: 'yes', internal: 'no' }));
    expect(report.sections[0]?.elements.map((e) => e.performanceClass)).toEqual([
      'success',
      'success',
      'danger',
      null,
    ]);
    expect(report.sections[0]?.performanceClass).toBe('danger');
    expect(report.sections[1]).toMatchObject({ isScored: false, percentageScore: 0, performanceClass: null });
  });

  it('gives 0% and no class when nothing can be scored', () => {
    const report = score(evaluation(form([element('t', 'text')])));
    expect(report).toMatchObject({ score: 0, possibleScore: 0, percentageScore: 0, performanceClass: null });
  });

  it('describes each element for the report', () => {
    const report = score(evaluation(f, { q1: 'yes' }));
    expect(report.sections[0]?.elements[0]).toEqual({
      localId: 'q1',
      typeId: 'choice',
      prompt: 'Prompt q1',
      answer: 'Option yes',
      answerOptionId: 'yes',
      possibleAnswers: [
        { localId: 'yes', prompt: 'Option yes', score: 4, precludesScoring: false },
        { localId: 'no', prompt: 'Option no', score: 0, precludesScoring: false },
      ],
      possibleScore: 4,
      score: 4,
      isScored: true,
      percentageScore: 100,
      performanceClass: 'success',
      visible: true,
      isReported: true,
    });
    expect(report.sections[0]).toMatchObject({ name: 'Section 1', markupId: 'section-1' });
    expect(report.expanded).toBe(false);
  });

  it.each([
    ['multichoice', multi, ['a', 'b'], 'Option a, Option b'],
    ['timespan', timespan, { hours: 1, minutes: 2, seconds: 3 }, '1:02:03'],
    ['number', number, 7, '7'],
  ])('writes a %s answer as %j', (_, el, value, text) => {
    const report = score(evaluation(form([el]), { [el.localId]: value }));
    expect(report.sections[0]?.elements[0]?.answer).toBe(text);
  });
});
