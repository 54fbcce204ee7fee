import type {
  ElementConfig,
  FormElement,
  Option,
  Ruleset,
  RulesetCondition,
  ScoreRange,
} from '../../../evaluation';
import { nextId } from './draft-edits';

// Immutable edits inside one element: options, score ranges, config and rulesets.

export function addOption(element: FormElement): FormElement {
  const localId = nextId(
    'o',
    element.options.map((o) => o.localId),
  );
  const option: Option = {
    localId,
    formElementOptionGuid: null,
    prompt: `Option ${element.options.length + 1}`,
    score: 0,
    precludesScoring: false,
  };
  return { ...element, options: [...element.options, option] };
}

export function updateOption(element: FormElement, optionId: string, patch: Partial<Option>): FormElement {
  return {
    ...element,
    options: element.options.map((o) => (o.localId === optionId ? { ...o, ...patch } : o)),
  };
}

export function moveOption(element: FormElement, optionId: string, delta: -1 | 1): FormElement {
  const from = element.options.findIndex((o) => o.localId === optionId);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= element.options.length) return element;
  const options = [...element.options];
  [options[from], options[to]] = [options[to]!, options[from]!];
  return { ...element, options };
}

export function removeOption(element: FormElement, optionId: string): FormElement {
  return { ...element, options: element.options.filter((o) => o.localId !== optionId) };
}

/** A new range starting just above the last one (a width of 10), scoring 0. */
export function addScoreRange(element: FormElement): FormElement {
  const last = element.scoreRanges.at(-1);
  const lowerValue = last ? last.upperValue + 1 : 0;
  const range: ScoreRange = {
    localId: nextId(
      'r',
      element.scoreRanges.map((r) => r.localId ?? ''),
    ),
    formElementScoreRangeGuid: null,
    lowerValue,
    upperValue: lowerValue + 10,
    score: 0,
  };
  return { ...element, scoreRanges: [...element.scoreRanges, range] };
}

export function updateScoreRange(
  element: FormElement,
  index: number,
  patch: Partial<ScoreRange>,
): FormElement {
  return {
    ...element,
    scoreRanges: element.scoreRanges.map((r, i) => (i === index ? { ...r, ...patch } : r)),
  };
}

export function removeScoreRange(element: FormElement, index: number): FormElement {
  return { ...element, scoreRanges: element.scoreRanges.filter((_, i) => i !== index) };
}

/** Sets config fields; a null or undefined value removes the field. */
export function updateConfig(element: FormElement, patch: Partial<ElementConfig>): FormElement {
  const config: Record<string, unknown> = { ...element.config, ...patch };
  for (const key of Object.keys(config)) if (config[key] == null) delete config[key];
  return { ...element, config: config as ElementConfig };
}

export type RulesetKind = 'visible' | 'required';

export function setWhen(element: FormElement, kind: RulesetKind, when: Ruleset['when']): FormElement {
  return { ...element, [kind]: { ...element[kind], when } };
}

/** Adds a condition on `sourceRef` (or on the shopper's role when there is no question to read). */
export function addCondition(element: FormElement, kind: RulesetKind, sourceRef: string | null): FormElement {
  const ruleset = element[kind];
  const condition: RulesetCondition = {
    rulesetConditionGuid: null,
    localId: nextId(
      'c',
      ruleset.conditions.map((c) => c.localId ?? ''),
    ),
    sourceRef,
    sourceField: sourceRef ? 'question-option' : 'shopper-role',
    comparator: 'eq',
    value: null,
  };
  return { ...element, [kind]: { ...ruleset, conditions: [...ruleset.conditions, condition] } };
}

export function updateCondition(
  element: FormElement,
  kind: RulesetKind,
  index: number,
  patch: Partial<RulesetCondition>,
): FormElement {
  const ruleset = element[kind];
  return {
    ...element,
    [kind]: {
      ...ruleset,
      conditions: ruleset.conditions.map((c, i) => (i === index ? { ...c, ...patch } : c)),
    },
  };
}

export function removeCondition(element: FormElement, kind: RulesetKind, index: number): FormElement {
  const ruleset = element[kind];
  return { ...element, [kind]: { ...ruleset, conditions: ruleset.conditions.filter((_, i) => i !== index) } };
}
