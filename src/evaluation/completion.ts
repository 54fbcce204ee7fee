import type { CompletionSummary, ElementStatus } from './evaluation-types';
import type { FormElement } from './form-schema';

export type CompletionCounts = Omit<CompletionSummary, 'description' | 'icon' | 'tone'>;

export function emptyCounts(): CompletionCounts {
  return { incomplete: 0, invalid: 0, available: 0, validated: 0, completed: 0, commented: 0 };
}

/**
 * Adds one element to the completion counts of spec section 4. Counted: not a remark and
 * visible. available: counted. completed: counted and (populated or not required). incomplete:
 * visible, required and unpopulated. invalid: counted, has a message and its section is
 * collected. validated: completed and not invalid. commented: counted with a proofing comment.
 */
export function countElement(
  counts: CompletionCounts,
  element: FormElement,
  status: ElementStatus,
  sectionCollected: boolean,
  hasProofingComment: boolean,
): void {
  if (status.visible && status.required && !status.populated) counts.incomplete++;
  if (element.typeId === 'remark' || !status.visible) return;
  counts.available++;
  const isInvalid = status.message !== null && sectionCollected;
  const isCompleted = status.populated || !status.required;
  if (isInvalid) counts.invalid++;
  if (isCompleted) counts.completed++;
  if (isCompleted && !isInvalid) counts.validated++;
  if (hasProofingComment) counts.commented++;
}

/** 'Corrections Needed' if anything counted is invalid, else 'In Progress' if a required answer is missing, else 'Ready to Submit'. */
export function describeCompletion(counts: CompletionCounts): CompletionSummary {
  if (counts.invalid > 0)
    return { ...counts, description: 'Corrections Needed', icon: 'error', tone: 'danger' };
  if (counts.incomplete > 0)
    return { ...counts, description: 'In Progress', icon: 'empty-circle', tone: 'info' };
  return { ...counts, description: 'Ready to Submit', icon: 'check', tone: 'success' };
}
