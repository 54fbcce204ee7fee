import { EvaluationError } from './evaluation-error';
import type { Form, FormElement } from './form-schema';

function checkElement(element: FormElement, ids: ReadonlySet<string>): string | null {
  const optionIds = new Set<string>();
  for (const option of element.options) {
    if (optionIds.has(option.localId)) return `Option id ${option.localId} is used twice.`;
    optionIds.add(option.localId);
  }
  const { min, max, minLength, maxLength } = element.config;
  if (typeof min === 'number' && typeof max === 'number' && min > max)
    return 'The minimum is above the maximum.';
  if (
    typeof minLength === 'number' &&
    typeof maxLength === 'number' &&
    maxLength > 0 &&
    minLength > maxLength
  ) {
    return 'The minimum length is above the maximum length.';
  }
  if (element.scoreRanges.some((r) => r.lowerValue > r.upperValue)) {
    return 'A score range has its lower value above its upper value.';
  }
  for (const ruleset of [element.visible, element.required]) {
    for (const condition of ruleset.conditions) {
      const readsQuestion =
        condition.sourceField === 'question-option' || condition.sourceField === 'question-score';
      if (readsQuestion && (condition.sourceRef == null || !ids.has(condition.sourceRef))) {
        return `A condition refers to element ${condition.sourceRef ?? '(none)'}, which is not in this form.`;
      }
    }
  }
  return null;
}

/**
 * The first problem the schema cannot see: duplicate section, element or option ids, conditions
 * on elements that do not exist, min above max, an upside-down score range.
 */
export function checkForm(form: Form): EvaluationError | null {
  const elementIds = new Set<string>();
  const sectionIds = new Set<string>();
  for (const [s, section] of form.sections.entries()) {
    if (sectionIds.has(section.localId)) {
      return new EvaluationError('duplicate-id', `Section id ${section.localId} is used twice.`, {
        sectionId: section.localId,
        path: ['sections', s, 'localId'],
      });
    }
    sectionIds.add(section.localId);
    for (const [e, element] of section.elements.entries()) {
      if (elementIds.has(element.localId)) {
        return new EvaluationError('duplicate-id', `Element id ${element.localId} is used twice.`, {
          elementId: element.localId,
          sectionId: section.localId,
          path: ['sections', s, 'elements', e, 'localId'],
        });
      }
      elementIds.add(element.localId);
    }
  }
  for (const [s, section] of form.sections.entries()) {
    for (const [e, element] of section.elements.entries()) {
      const problem = checkElement(element, elementIds);
      if (problem) {
        const code = problem.startsWith('Option id')
          ? 'duplicate-id'
          : problem.startsWith('A condition')
            ? 'unknown-source-ref'
            : 'invalid-config';
        return new EvaluationError(code, problem, {
          elementId: element.localId,
          sectionId: section.localId,
          path: ['sections', s, 'elements', e],
        });
      }
    }
  }
  return null;
}
