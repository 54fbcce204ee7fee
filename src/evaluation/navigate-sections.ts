import type { Evaluation } from './evaluation-types';
import { indexForm } from './form-index';

function goTo(evaluation: Evaluation, step: 1 | -1): Evaluation {
  const { sections } = evaluation.form;
  if (sections.length === 0) return evaluation;
  const currentIndex =
    indexForm(evaluation.form).sectionIndexById.get(evaluation.metadata.currentSectionId ?? '') ?? 0;
  const nextIndex = Math.min(Math.max(currentIndex + step, 0), sections.length - 1);
  const section = sections[nextIndex]!;
  const sameSection = nextIndex === currentIndex && section.localId === evaluation.metadata.currentSectionId;
  if (sameSection) return evaluation;
  return {
    ...evaluation,
    metadata: {
      ...evaluation.metadata,
      currentSectionId: section.localId,
      currentElementId: section.elements[0]?.localId ?? null,
      furthestSectionIndex: Math.max(evaluation.metadata.furthestSectionIndex, nextIndex),
    },
  };
}

/** Moves to the next section; on the last section it stays there. */
export function nextSection(evaluation: Evaluation): Evaluation {
  return goTo(evaluation, 1);
}

/** Moves to the previous section; on the first section it stays there. */
export function previousSection(evaluation: Evaluation): Evaluation {
  return goTo(evaluation, -1);
}
