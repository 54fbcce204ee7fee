import { isPopulated } from './answer-values';
import { countElement, describeCompletion, emptyCounts } from './completion';
import { isEditable } from './editability';
import type {
  AnswerValue,
  ElementStatus,
  Evaluation,
  EvaluationLocation,
  EvaluationUser,
  SectionStatus,
} from './evaluation-types';
import { indexForm } from './form-index';
import { setOwn } from './own-key';
import { evaluateRuleset, type RuleContext } from './ruleset';
import { validateElement } from './validate-element';
import { resolveVisibility } from './visibility';

export const DEFAULT_USER: EvaluationUser = {
  role: 'shopper',
  gender: null,
  age: null,
  displayName: null,
  email: null,
  phone: null,
};

/** The user and location a ruleset reads, tolerating a stored evaluation that lacks them. */
export function ruleInputs(evaluation: Evaluation): {
  user: EvaluationUser;
  location: EvaluationLocation | null;
} {
  return { user: evaluation.user ?? DEFAULT_USER, location: evaluation.location ?? null };
}

function hasText(comments: Readonly<Record<string, string>>, id: string): boolean {
  const comment = Object.hasOwn(comments, id) ? comments[id] : undefined;
  return typeof comment === 'string' && comment.trim() !== '';
}

/**
 * Brings an evaluation's derived state up to date with its answers: visibility (clearing hidden
 * answers until stable), editability, required, validation messages, numbering, collected
 * sections and the completion summary. Pure: returns a new evaluation; refreshing it again gives
 * an equal one.
 */
export function refresh(evaluation: Evaluation): Evaluation {
  const index = indexForm(evaluation.form);
  const { user, location } = ruleInputs(evaluation);
  const resolved = resolveVisibility(index, evaluation.answers ?? {}, user, location);
  const ctx: RuleContext = { index, answers: resolved.answers, user, location };
  const role = typeof user.role === 'string' ? user.role : 'shopper';
  const evaluationStatus = evaluation.metadata?.evaluationStatus;
  const comments = evaluation.proofingComments ?? {};
  const { entries } = index;

  // A section is collected when any element in it is populated, so populate first.
  const populated = new Array<boolean>(entries.length);
  const collected = new Array<boolean>(evaluation.form.sections.length).fill(false);
  for (const entry of entries) {
    const isSet = isPopulated(entry, resolved.answers.get(entry.id));
    populated[entry.indexOverall] = isSet;
    if (isSet) collected[entry.sectionIndex] = true;
  }

  const elements: Record<string, ElementStatus> = {};
  const counts = emptyCounts();
  for (const entry of entries) {
    const visible = resolved.visible[entry.indexOverall] ?? true;
    const isSet = populated[entry.indexOverall] ?? false;
    const editable = isEditable(entry.element, role, evaluationStatus);
    const required = editable && evaluateRuleset(entry.element.required, ctx);
    const message =
      editable && visible
        ? validateElement(entry.element, resolved.answers.get(entry.id), isSet, required)
        : null;
    const status: ElementStatus = {
      visible,
      editable,
      required,
      populated: isSet,
      invalid: message !== null,
      message,
      number: entry.number,
      indexWithinSection: entry.indexWithinSection,
      indexOverall: entry.indexOverall,
    };
    if (index.byId.get(entry.id) === entry) setOwn(elements, entry.id, status);
    countElement(
      counts,
      entry.element,
      status,
      collected[entry.sectionIndex] ?? false,
      hasText(comments, entry.id),
    );
  }

  const sections: Record<string, SectionStatus> = {};
  evaluation.form.sections.forEach((section, sectionIndex) => {
    if (index.sectionIndexById.get(section.localId) === sectionIndex) {
      setOwn(sections, section.localId, { sectionIndex, collected: collected[sectionIndex] ?? false });
    }
  });

  const answers: Record<string, AnswerValue> = {};
  for (const [id, value] of resolved.answers) setOwn(answers, id, value as AnswerValue);

  return {
    ...evaluation,
    answers,
    status: { elements, sections, completion: describeCompletion(counts) },
  };
}
