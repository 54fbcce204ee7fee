import type { Answers, EvaluationLocation, EvaluationUser } from './evaluation-types';
import type { FormIndex } from './form-index';
import { evaluateRuleset, type RuleContext } from './ruleset';

export interface ResolvedVisibility {
  /** Visibility by indexOverall. */
  visible: boolean[];
  /** Answers of form elements only, hidden ones cleared (embed answers are kept). */
  answers: Map<string, unknown>;
}

/**
 * Applies the visible rulesets and clears the answers of hidden elements, repeating until nothing
 * changes, because clearing one answer can hide another element. Every pass that changes
 * something removes at least one answer, so this ends after at most (answers + 1) passes, also
 * when rulesets refer to each other in a cycle; the last pass saw the final answers, so the
 * result is a fixed point.
 */
export function resolveVisibility(
  index: FormIndex,
  answers: Answers,
  user: EvaluationUser,
  location: EvaluationLocation | null,
): ResolvedVisibility {
  const current = new Map<string, unknown>();
  for (const id of Object.keys(answers)) {
    const value = answers[id];
    if (value !== undefined && value !== null && index.byId.has(id)) current.set(id, value);
  }
  const ctx: RuleContext = { index, answers: current, user, location };
  const visible = new Array<boolean>(index.entries.length);
  let pending = index.entries;
  for (let pass = 0; pass <= index.entries.length + 1; pass++) {
    let cleared = false;
    for (const entry of pending) {
      const isVisible = evaluateRuleset(entry.element.visible, ctx);
      visible[entry.indexOverall] = isVisible;
      if (!isVisible && entry.element.typeId !== 'embed' && current.delete(entry.id)) cleared = true;
    }
    if (!cleared) break;
    // Only rulesets that read answers can change on the next pass.
    pending = index.answerDependent;
  }
  return { visible, answers: current };
}
