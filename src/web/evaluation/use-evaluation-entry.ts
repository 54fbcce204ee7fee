import { useCallback, useMemo, useState } from 'react';
import {
  type Answers,
  answer,
  createEvaluation,
  type Evaluation,
  type EvaluationContext,
  type EvaluationMetadata,
  type Form,
  nextSection,
  previousSection,
  refresh,
} from '../../evaluation';

type Position = Pick<
  EvaluationMetadata,
  'currentSectionId' | 'currentElementId' | 'furthestSectionIndex' | 'furthestElementIndex'
>;

const positionOf = (m: EvaluationMetadata): Position => ({
  currentSectionId: m.currentSectionId,
  currentElementId: m.currentElementId,
  furthestSectionIndex: m.furthestSectionIndex,
  furthestElementIndex: m.furthestElementIndex,
});

export interface EvaluationEntry {
  evaluation: Evaluation | null;
  /** Answers the engine refused (e.g. text in a number), by element, until answered again. */
  refused: Readonly<Record<string, string>>;
  answer: (elementId: string, value: unknown) => void;
  next: () => void;
  previous: () => void;
  goToSection: (sectionId: string) => void;
  reset: () => void;
}

/** Where a stored evaluation left off: its answers and position (read once, on the first render). */
export interface EvaluationEntryStart {
  answers?: Answers;
  metadata?: Partial<EvaluationMetadata>;
}

const startPosition = (m: Partial<EvaluationMetadata> | undefined): Position | null =>
  m?.currentSectionId
    ? {
        currentSectionId: m.currentSectionId,
        currentElementId: m.currentElementId ?? null,
        furthestSectionIndex: m.furthestSectionIndex ?? 0,
        furthestElementIndex: m.furthestElementIndex ?? 0,
      }
    : null;

/**
 * An evaluation being filled in, kept in memory and run through the engine on every change: the
 * form and context may change underneath (the form builder's live draft), the answers stay.
 * `context` must be memoised by the caller. `start` resumes a stored evaluation (the evaluator app).
 */
export function useEvaluationEntry(
  form: Form | null,
  context: EvaluationContext,
  start?: EvaluationEntryStart,
): EvaluationEntry {
  const [answers, setAnswers] = useState<Answers>(() => start?.answers ?? {});
  const [position, setPosition] = useState<Position | null>(() => startPosition(start?.metadata));
  const [refused, setRefused] = useState<Record<string, string>>({});

  const evaluation = useMemo(() => {
    if (!form) return null;
    const started = createEvaluation(form, context);
    const known = position?.currentSectionId
      ? form.sections.some((s) => s.localId === position.currentSectionId)
      : false;
    return refresh({
      ...started,
      // Inbound parameters come from the context and win over stored answers.
      answers: { ...answers, ...started.answers },
      metadata: known && position ? { ...started.metadata, ...position } : started.metadata,
    });
  }, [form, context, answers, position]);

  const answerElement = useCallback(
    (elementId: string, value: unknown) => {
      if (!evaluation) return;
      const result = answer(evaluation, elementId, value);
      if (result.ok) {
        setAnswers(result.value.answers);
        setPosition(positionOf(result.value.metadata));
        setRefused(({ [elementId]: _, ...rest }) => rest);
      } else {
        setRefused((r) => ({ ...r, [elementId]: result.error.message }));
      }
    },
    [evaluation],
  );

  const move = useCallback(
    (step: (e: Evaluation) => Evaluation) => {
      if (evaluation) setPosition(positionOf(step(evaluation).metadata));
    },
    [evaluation],
  );

  return {
    evaluation,
    refused,
    answer: answerElement,
    next: () => move(nextSection),
    previous: () => move(previousSection),
    goToSection: (sectionId) =>
      move((e) => ({
        ...e,
        metadata: {
          ...e.metadata,
          currentSectionId: sectionId,
          currentElementId:
            e.form.sections.find((s) => s.localId === sectionId)?.elements[0]?.localId ?? null,
        },
      })),
    reset: () => {
      setAnswers({});
      setPosition(null);
      setRefused({});
    },
  };
}
