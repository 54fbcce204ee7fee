import { answer, DEFAULT_REQUIRED_MESSAGE, type Evaluation } from '../../evaluation/index.js';
import type { FieldError } from '../errors.js';

/**
 * Puts raw answers ({elementId: value}) through the engine in order, as the page does: editability,
 * visibility and type are the engine's to check, and a hidden question's answer is cleared. Each
 * refused answer is returned as a field error naming `answers.{elementId}`.
 */
export function applyAnswers(evaluation: Evaluation, answers: Record<string, unknown>) {
  let e = evaluation;
  const errors: FieldError[] = [];
  for (const [elementId, value] of Object.entries(answers)) {
    const next = answer(e, elementId, value);
    if (next.ok) e = next.value;
    else errors.push({ field: `answers.${elementId}`, message: next.error.message });
  }
  return { evaluation: e, errors };
}

/** What keeps an evaluation from 'Ready to Submit': each shown question to answer or correct. */
export function unfinishedFields(e: Evaluation): FieldError[] {
  if (e.status.completion.description === 'Ready to Submit') return [];
  return Object.entries(e.status.elements)
    .filter(([, st]) => st.visible && st.editable && (st.message || (st.required && !st.populated)))
    .map(([id, st]) => ({ field: `answers.${id}`, message: st.message ?? DEFAULT_REQUIRED_MESSAGE }));
}
