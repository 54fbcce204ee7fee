import { EvaluationError, fail, ok, type Result } from './evaluation-error';
import type { AnswerValue, Evaluation } from './evaluation-types';
import { indexForm } from './form-index';
import { parseAnswer } from './parse-answer';
import { refresh } from './refresh';

function withKey<T>(record: Readonly<Record<string, T>>, key: string, value: T | null): Record<string, T> {
  const entries = Object.entries(record).filter(([k]) => k !== key);
  if (value !== null) entries.push([key, value]);
  return Object.fromEntries(entries);
}

/**
 * Answers one element and returns a new, refreshed evaluation (the input is not changed).
 * `null`, '' or an empty list clears the answer. Fails with unknown-element, invalid-answer,
 * not-editable (including Preview and the user's role) or hidden-element.
 */
export function answer(evaluation: Evaluation, elementId: string, value: unknown): Result<Evaluation> {
  const index = indexForm(evaluation.form);
  const entry = index.byId.get(elementId);
  if (!entry) {
    return fail(
      new EvaluationError('unknown-element', `There is no element ${elementId} in this form.`, { elementId }),
    );
  }
  const where = { elementId, sectionId: entry.section.localId };
  const current = refresh(evaluation);
  const status = current.status.elements[elementId];
  if (!status?.editable)
    return fail(new EvaluationError('not-editable', 'This element cannot be edited.', where));
  if (!status.visible) return fail(new EvaluationError('hidden-element', 'This element is hidden.', where));
  const parsed = parseAnswer(entry, value);
  if (!parsed.ok) return parsed;
  return ok(
    refresh({
      ...current,
      answers: withKey<AnswerValue>(current.answers, elementId, parsed.value),
      metadata: {
        ...current.metadata,
        currentSectionId: entry.section.localId,
        currentElementId: elementId,
        furthestSectionIndex: Math.max(current.metadata.furthestSectionIndex, entry.sectionIndex),
        furthestElementIndex: Math.max(current.metadata.furthestElementIndex, entry.indexOverall),
      },
    }),
  );
}

/**
 * Leaves a proofing comment on an element (proofers only, not on remarks); empty text removes it.
 * Fails with unknown-element, not-allowed or not-commentable.
 */
export function setProofingComment(
  evaluation: Evaluation,
  elementId: string,
  comment: string,
): Result<Evaluation> {
  const entry = indexForm(evaluation.form).byId.get(elementId);
  if (!entry) {
    return fail(
      new EvaluationError('unknown-element', `There is no element ${elementId} in this form.`, { elementId }),
    );
  }
  const where = { elementId, sectionId: entry.section.localId };
  if (evaluation.user?.role !== 'proofer') {
    return fail(new EvaluationError('not-allowed', 'Only proofers can leave proofing comments.', where));
  }
  if (entry.element.typeId === 'remark') {
    return fail(new EvaluationError('not-commentable', 'Remarks cannot have proofing comments.', where));
  }
  const text = typeof comment === 'string' && comment.trim() !== '' ? comment : null;
  return ok(
    refresh({ ...evaluation, proofingComments: withKey(evaluation.proofingComments ?? {}, elementId, text) }),
  );
}
