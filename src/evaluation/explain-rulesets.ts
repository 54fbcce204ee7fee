import type { Evaluation } from './evaluation-types';
import { indexForm } from './form-index';
import type { Ruleset, RulesetCondition, RulesetWhen } from './form-schema';
import { setOwn } from './own-key';
import { ruleInputs } from './refresh';
import { conditionHolds, evaluateRuleset, type RuleContext } from './ruleset';
import { resolveVisibility } from './visibility';

/** One condition of a ruleset and whether it holds. */
export interface ConditionResult {
  condition: RulesetCondition;
  holds: boolean;
}

/** What a ruleset gives, with each condition's own result. */
export interface RulesetResult {
  when: RulesetWhen;
  result: boolean;
  conditions: ConditionResult[];
}

/** An element's visible and required rulesets, evaluated. */
export interface ElementRulesetResults {
  visible: RulesetResult;
  /** The required ruleset alone; the status's `required` is also false when the element is not editable. */
  required: RulesetResult;
}

function explain(ruleset: Ruleset, ctx: RuleContext): RulesetResult {
  return {
    when: ruleset.when,
    result: evaluateRuleset(ruleset, ctx),
    conditions: ruleset.conditions.map((condition) => ({ condition, holds: conditionHolds(condition, ctx) })),
  };
}

/**
 * For the form builder's debug mode: every element's visible and required rulesets evaluated
 * against the evaluation's answers (after hidden answers are cleared, as `refresh` does), with
 * each condition's result. Keyed by element localId.
 */
export function explainRulesets(evaluation: Evaluation): Record<string, ElementRulesetResults> {
  const index = indexForm(evaluation.form);
  const { user, location } = ruleInputs(evaluation);
  const { answers } = resolveVisibility(index, evaluation.answers ?? {}, user, location);
  const ctx: RuleContext = { index, answers, user, location };
  const results: Record<string, ElementRulesetResults> = {};
  for (const entry of index.entries) {
    if (index.byId.get(entry.id) !== entry) continue;
    setOwn(results, entry.id, {
      visible: explain(entry.element.visible, ctx),
      required: explain(entry.element.required, ctx),
    });
  }
  return results;
}
