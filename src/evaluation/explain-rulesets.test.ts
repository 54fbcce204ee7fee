import { describe, expect, it } from 'vitest';
import { explainRulesets } from './explain-rulesets';
import { element, evaluation, form, options, REQUIRED, when } from './testing/factories';

const survey = form([
  element('q1', 'choice', { options: options(['yes', 1], ['no', 0]) }),
  element('q2', 'text', {
    visible: when('when-any', ['question-option', 'q1', 'eq', 'no'], ['location-state', null, 'eq', 'NV']),
    required: REQUIRED,
  }),
  element('q3', 'text', { visible: when('when-all', ['question-option', 'q2', 'eq', 'late']) }),
]);

describe('explainRulesets', () => {
  it('gives each ruleset its result and each condition its own', () => {
    const results = explainRulesets(evaluation(survey, { q1: 'no' }, { location: { state: 'TX' } }));
    expect(results.q2?.visible.result).toBe(true);
    expect(results.q2?.visible.conditions.map((c) => c.holds)).toEqual([true, false]);
    expect(results.q2?.required).toEqual({ when: 'always', result: true, conditions: [] });
    expect(results.q1?.visible).toEqual({ when: 'always', result: true, conditions: [] });
  });

  it('reads the answers left after hidden answers are cleared, as refresh does', () => {
    // q2 is hidden (q1 is yes), so its stale answer cannot show q3.
    const results = explainRulesets(evaluation(survey, { q1: 'yes', q2: 'late' }));
    expect(results.q2?.visible.result).toBe(false);
    expect(results.q3?.visible.result).toBe(false);
  });
});
