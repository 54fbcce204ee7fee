import type {
  Comparator,
  FormElement,
  RulesetCondition,
  RulesetWhen,
  SourceField,
} from '../../../evaluation';

export const WHEN_LABEL: Record<RulesetWhen, string> = {
  always: 'Always',
  never: 'Never',
  'when-all': 'When all conditions hold',
  'when-any': 'When any condition holds',
  'when-none': 'When no condition holds',
};

export const COMPARATOR_LABEL: Record<Comparator, string> = {
  eq: 'is',
  neq: 'is not',
  lt: 'is less than',
  lte: 'is at most',
  gte: 'is at least',
  gt: 'is more than',
};

export const SOURCE_FIELD_LABEL: Record<SourceField, string> = {
  'question-option': 'Answer to a question',
  'question-score': 'Score of a question',
  'shopper-role': "Shopper's role",
  'shopper-age': "Shopper's age",
  'shopper-gender': "Shopper's gender",
  'location-state': "Location's state",
};

export const readsQuestion = (field: SourceField) =>
  field === 'question-option' || field === 'question-score';

/** 'Q3' or the prompt of an unnumbered element. */
export function elementName(element: FormElement | undefined, number: number | null | undefined): string {
  if (!element) return 'a removed question';
  const prompt = element.prompt.trim() || 'Untitled question';
  const short = prompt.length > 48 ? `${prompt.slice(0, 47)}…` : prompt;
  return number != null ? `Q${number} “${short}”` : `“${short}”`;
}

/** A condition in words: 'Answer to Q1 “Were you greeted?” is “No”'. */
export function describeCondition(
  condition: RulesetCondition,
  byId: ReadonlyMap<string, FormElement>,
  numbers: Readonly<Record<string, number | null>>,
): string {
  const verb = COMPARATOR_LABEL[condition.comparator];
  const raw = condition.value;
  if (readsQuestion(condition.sourceField)) {
    const source = condition.sourceRef ? byId.get(condition.sourceRef) : undefined;
    const name = elementName(source, condition.sourceRef ? numbers[condition.sourceRef] : null);
    const option = source?.options.find((o) => o.localId === String(raw));
    const value =
      condition.sourceField === 'question-option' && option ? `“${option.prompt}”` : String(raw ?? '(empty)');
    const what = condition.sourceField === 'question-score' ? 'Score of' : 'Answer to';
    return `${what} ${name} ${verb} ${value}`;
  }
  return `${SOURCE_FIELD_LABEL[condition.sourceField]} ${verb} ${String(raw ?? '(empty)')}`;
}
