import { describe, expect, it } from 'vitest';
import type { EvaluationLocation, EvaluationUser } from './evaluation-types';
import { indexForm } from './form-index';
import type { Comparator, Ruleset } from './form-schema';
import { compare, evaluateRuleset, type RuleContext } from './ruleset';
import { element, form, options, ranges } from './testing/factories';

const survey = form([
  element('q1', 'choice', { options: options(['yes', 1], ['no', 0], ['na', 0, true]) }),
  element('q2', 'multichoice', { options: options(['a', 1], ['b', 2], ['c', 5]) }),
  element('q3', 'number', { scoreRanges: ranges([0, 5, 1], [6, 10, 3]) }),
  element('q4', 'text'),
  element('q5', 'timespan', { scoreRanges: ranges([0, 59, 2]) }),
]);
const index = indexForm(survey);

const user: EvaluationUser = {
  role: 'shopper',
  gender: 'Female',
  age: 34,
  displayName: null,
  email: null,
  phone: null,
};
const nevada: EvaluationLocation = { name: null, address: null, state: 'NV' };

function ctx(answers: Record<string, unknown>, overrides: Partial<RuleContext> = {}): RuleContext {
  return { index, answers: new Map(Object.entries(answers)), user, location: nevada, ...overrides };
}

const T = { sourceField: 'shopper-role', sourceRef: null, comparator: 'eq', value: 'shopper' } as const;
const F = { sourceField: 'shopper-role', sourceRef: null, comparator: 'eq', value: 'proofer' } as const;
const rules = (when: Ruleset['when'], ...conditions: (typeof T | typeof F)[]): Ruleset => ({
  when,
  conditions: [...conditions],
});

describe('evaluateRuleset', () => {
  it.each([
    ['always', [], true],
    ['always', [false], true],
    ['never', [], false],
    ['never', [true], false],
    ['when-all', [true, true], true],
    ['when-all', [true, false], false],
    ['when-all', [], true],
    ['when-any', [false, true], true],
    ['when-any', [false, false], false],
    ['when-any', [], false],
    ['when-none', [false, false], true],
    ['when-none', [false, true], false],
    ['when-none', [], true],
  ] as const)('%s over conditions that are %j is %s', (when, outcomes, expected) => {
    expect(evaluateRuleset(rules(when, ...outcomes.map((o) => (o ? T : F))), ctx({}))).toBe(expected);
  });
});

describe('compare', () => {
  it.each([
    [5, 'eq', 5, true],
    [5, 'eq', '5', true],
    [5, 'neq', 6, true],
    [5, 'neq', 5, false],
    [4, 'lt', 5, true],
    [5, 'lt', 5, false],
    [5, 'lte', 5, true],
    [6, 'lte', 5, false],
    [5, 'gte', 5, true],
    [4, 'gte', 5, false],
    [6, 'gt', 5, true],
    [5, 'gt', 5, false],
    [10, 'gt', '9', true],
    ['NV', 'eq', 'nv', true],
    [' Yes ', 'eq', 'yes', true],
    ['a', 'lt', 'b', true],
    [null, 'neq', 'x', false],
    ['', 'neq', 'x', false],
    ['x', 'eq', null, false],
  ] as const)('%j %s %j is %s', (actual, comparator, expected, result) => {
    expect(compare(actual, comparator as Comparator, expected)).toBe(result);
  });
});

function holds(
  sourceField: string,
  sourceRef: string | null,
  comparator: Comparator,
  value: string | number,
) {
  return (answers: Record<string, unknown>, overrides: Partial<RuleContext> = {}) =>
    evaluateRuleset(
      { when: 'when-all', conditions: [{ sourceField: sourceField as never, sourceRef, comparator, value }] },
      ctx(answers, overrides),
    );
}

describe('condition sources', () => {
  it('question-option compares the selected choice option', () => {
    expect(holds('question-option', 'q1', 'eq', 'yes')({ q1: 'yes' })).toBe(true);
    expect(holds('question-option', 'q1', 'eq', 'yes')({ q1: 'no' })).toBe(false);
    expect(holds('question-option', 'q1', 'neq', 'yes')({ q1: 'no' })).toBe(true);
  });

  it('a condition on an unanswered question is false for every comparator', () => {
    expect(holds('question-option', 'q1', 'eq', 'yes')({})).toBe(false);
    expect(holds('question-option', 'q1', 'neq', 'yes')({})).toBe(false);
    expect(holds('question-score', 'q1', 'lt', 1)({})).toBe(false);
  });

  it('question-option on a multichoice is true if any selected option matches', () => {
    expect(holds('question-option', 'q2', 'eq', 'b')({ q2: ['a', 'b'] })).toBe(true);
    expect(holds('question-option', 'q2', 'eq', 'c')({ q2: ['a', 'b'] })).toBe(false);
    expect(holds('question-option', 'q2', 'neq', 'a')({ q2: ['a', 'b'] })).toBe(true);
    expect(holds('question-option', 'q2', 'neq', 'a')({ q2: ['a'] })).toBe(false);
  });

  it('question-score compares the selected option score numerically', () => {
    expect(holds('question-score', 'q1', 'gte', 1)({ q1: 'yes' })).toBe(true);
    expect(holds('question-score', 'q1', 'gte', '1')({ q1: 'no' })).toBe(false);
    expect(holds('question-score', 'q1', 'lt', 1)({ q1: 'no' })).toBe(true);
  });

  it('question-score on a multichoice is true if any selected option score matches', () => {
    expect(holds('question-score', 'q2', 'gt', 4)({ q2: ['a', 'c'] })).toBe(true);
    expect(holds('question-score', 'q2', 'gt', 4)({ q2: ['a', 'b'] })).toBe(false);
  });

  it('question-option on a number compares the number itself', () => {
    expect(holds('question-option', 'q3', 'gt', 7)({ q3: 8 })).toBe(true);
    expect(holds('question-option', 'q3', 'gt', 7)({ q3: 7 })).toBe(false);
  });

  it('question-score on a number compares the score of its range', () => {
    expect(holds('question-score', 'q3', 'eq', 3)({ q3: 8 })).toBe(true);
    expect(holds('question-score', 'q3', 'eq', 3)({ q3: 2 })).toBe(false);
    expect(holds('question-score', 'q3', 'eq', 0)({ q3: 99 })).toBe(false);
  });

  it('question-option on text compares the text, on a timespan its seconds', () => {
    expect(holds('question-option', 'q4', 'eq', 'hello')({ q4: 'Hello' })).toBe(true);
    expect(holds('question-option', 'q5', 'eq', 90)({ q5: { hours: 0, minutes: 1, seconds: 30 } })).toBe(
      true,
    );
    expect(holds('question-score', 'q5', 'eq', 2)({ q5: { hours: 0, minutes: 0, seconds: 30 } })).toBe(true);
  });

  it.each([
    ['shopper-role', 'eq', 'shopper', true],
    ['shopper-role', 'eq', 'employee', false],
    ['shopper-age', 'gte', 21, true],
    ['shopper-age', 'lt', 30, false],
    ['shopper-gender', 'eq', 'female', true],
    ['shopper-gender', 'neq', 'Female', false],
    ['location-state', 'eq', 'NV', true],
    ['location-state', 'eq', 'CA', false],
  ] as const)(
    '%s %s %j is %s for a 34-year-old female shopper in NV',
    (field, comparator, value, expected) => {
      expect(holds(field, null, comparator, value)({})).toBe(expected);
    },
  );

  it('reads nothing from a missing age, gender or location', () => {
    const anonymous = { ...user, age: null, gender: null };
    expect(holds('shopper-age', null, 'lt', 100)({}, { user: anonymous })).toBe(false);
    expect(holds('shopper-gender', null, 'neq', 'x')({}, { user: anonymous })).toBe(false);
    expect(holds('location-state', null, 'neq', 'NV')({}, { location: null })).toBe(false);
  });

  it('ignores answers of option ids that are not on the element', () => {
    expect(holds('question-option', 'q1', 'eq', 'maybe')({ q1: 'maybe' })).toBe(false);
  });
});
