import type { ElementStatus, Evaluation } from '../../evaluation';

/**
 * The evaluation with its questions numbered 1, 2, 3... among those on screen. The engine numbers
 * statically (hidden follow-ups keep their numbers, so numbers never move while a shopper works);
 * a customer answering a short public survey should not see gaps.
 */
export function numberVisibleQuestions(evaluation: Evaluation): Evaluation {
  const elements: Record<string, ElementStatus> = { ...evaluation.status.elements };
  let n = 0;
  for (const section of evaluation.form.sections) {
    for (const { localId } of section.elements) {
      const status = elements[localId];
      if (!status || status.number == null) continue;
      elements[localId] = { ...status, number: status.visible ? ++n : null };
    }
  }
  return { ...evaluation, status: { ...evaluation.status, elements } };
}
