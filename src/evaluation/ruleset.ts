import { numericValue, selectedOptionIds } from './answer-values';
import type { EvaluationLocation, EvaluationUser } from './evaluation-types';
import type { ElementEntry, FormIndex } from './form-index';
import type { Comparator, Ruleset, RulesetCondition } from './form-schema';

/** What a ruleset can read: the answers so far, the evaluation user and the location. */
export interface RuleContext {
  index: FormIndex;
  answers: ReadonlyMap<string, unknown>;
  user: EvaluationUser;
  location: EvaluationLocation | null;
}

type Scalar = string | number | boolean | null | undefined;

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function asNumber(value: Scalar): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return null;
}

function ordered<T extends number | string>(a: T, comparator: Comparator, b: T): boolean {
  switch (comparator) {
    case 'eq':
      return a === b;
    case 'neq':
      return a !== b;
    case 'lt':
      return a < b;
    case 'lte':
      return a <= b;
    case 'gte':
      return a >= b;
    case 'gt':
      return a > b;
    default:
      return false;
  }
}

/**
 * Compares an actual value with a condition's value. Both numeric (numbers or numeric text):
 * numerically; otherwise as trimmed, case-insensitive text. A missing side makes it false.
 */
export function compare(actual: Scalar, comparator: Comparator, expected: Scalar): boolean {
  if (actual === null || actual === undefined || actual === '') return false;
  if (expected === null || expected === undefined) return false;
  const a = asNumber(actual);
  const b = asNumber(expected);
  if (a !== null && b !== null) return ordered(a, comparator, b);
  return ordered(String(actual).trim().toLowerCase(), comparator, String(expected).trim().toLowerCase());
}

/** question-option reads option ids (choice, multichoice) or the answer itself (other types). */
function optionValues(entry: ElementEntry, value: unknown): Scalar[] {
  const type = entry.element.typeId;
  if (type === 'choice' || type === 'multichoice') return selectedOptionIds(entry, value);
  const n = numericValue(entry, value);
  if (n !== null) return [n];
  return typeof value === 'string' ? [value] : [];
}

/** question-score reads the selected options' scores, or the matching score range's score. */
function scoreValues(entry: ElementEntry, value: unknown): Scalar[] {
  const type = entry.element.typeId;
  if (type === 'choice' || type === 'multichoice') {
    return selectedOptionIds(entry, value).map((id) => entry.optionsById.get(id)?.score);
  }
  const n = numericValue(entry, value);
  if (n === null) return [];
  const range = entry.element.scoreRanges.find((r) => r.lowerValue <= n && n <= r.upperValue);
  return range ? [range.score] : [];
}

function sourceValues(condition: RulesetCondition, ctx: RuleContext): Scalar[] {
  switch (condition.sourceField) {
    case 'question-option':
    case 'question-score': {
      const entry = condition.sourceRef == null ? undefined : ctx.index.byId.get(condition.sourceRef);
      if (!entry) return [];
      const value = ctx.answers.get(entry.id);
      if (value === undefined) return [];
      return condition.sourceField === 'question-option'
        ? optionValues(entry, value)
        : scoreValues(entry, value);
    }
    case 'shopper-role':
      return [ctx.user.role];
    case 'shopper-age':
      return [ctx.user.age];
    case 'shopper-gender':
      return [ctx.user.gender];
    case 'location-state':
      return [ctx.location?.state];
    default:
      return [];
  }
}

/**
 * Whether one condition holds. With several values (multichoice) it holds if it holds for any
 * selected option; a condition on an unanswered question holds for no comparator.
 */
export function conditionHolds(condition: RulesetCondition, ctx: RuleContext): boolean {
  const values = sourceValues(condition, ctx);
  for (const value of values) {
    if (compare(value, condition.comparator, condition.value)) return true;
  }
  return false;
}

/** Evaluates a ruleset: always, never, when-all (every), when-any (some), when-none (none). */
export function evaluateRuleset(ruleset: Ruleset, ctx: RuleContext): boolean {
  switch (ruleset.when) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'when-all':
      return ruleset.conditions.every((c) => conditionHolds(c, ctx));
    case 'when-any':
      return ruleset.conditions.some((c) => conditionHolds(c, ctx));
    case 'when-none':
      return !ruleset.conditions.some((c) => conditionHolds(c, ctx));
    default:
      return false;
  }
}
