// Test factories: small builders for forms and evaluations, so each test states only what it is about.
import type { z } from 'zod';
import { createEvaluation, type EvaluationContext } from '../create-evaluation';
import type { Evaluation } from '../evaluation-types';
import { type ElementType, type Form, type FormElement, ZFormElement, type ZRuleset } from '../form-schema';
import { refresh } from '../refresh';

type ElementInput = z.input<typeof ZFormElement>;
type RulesetInput = z.input<typeof ZRuleset>;

export function element(
  localId: string,
  typeId: ElementType,
  extra: Partial<ElementInput> = {},
): FormElement {
  return ZFormElement.parse({ localId, typeId, prompt: `Prompt ${localId}`, ...extra });
}

/** Options from [id, score, precludesScoring?] triples. */
export function options(...specs: [string, number, boolean?][]): ElementInput['options'] {
  return specs.map(([localId, score, precludesScoring]) => ({
    localId,
    prompt: `Option ${localId}`,
    score,
    precludesScoring: precludesScoring ?? false,
  }));
}

export function ranges(...specs: [number, number, number][]): ElementInput['scoreRanges'] {
  return specs.map(([lowerValue, upperValue, score]) => ({ lowerValue, upperValue, score }));
}

/** A ruleset with one condition; `ref` is the source element for question sources. */
export function when(
  whenKind: RulesetInput['when'],
  ...conditions: [string, string | null, string, string | number][]
): RulesetInput {
  return {
    when: whenKind,
    conditions: conditions.map(([sourceField, sourceRef, comparator, value]) => ({
      sourceField: sourceField as never,
      sourceRef,
      comparator: comparator as never,
      value,
    })),
  };
}

export const REQUIRED: RulesetInput = { when: 'always', conditions: [] };

/** A form whose sections hold the given elements, named 'Section 1', 'Section 2', ... */
export function form(...sections: FormElement[][]): Form {
  return {
    name: 'Test form',
    formGuid: null,
    isActive: true,
    sections: sections.map((elements, i) => ({
      name: `Section ${i + 1}`,
      mode: 'entry',
      formSectionGuid: null,
      localId: `s${i + 1}`,
      elements,
    })),
  };
}

/** An evaluation of the form with answers set directly (no editability checks), refreshed. */
export function evaluation(
  f: Form,
  answers: Record<string, unknown> = {},
  context: EvaluationContext = {},
): Evaluation {
  const started = createEvaluation(f, context);
  return refresh({ ...started, answers: { ...started.answers, ...(answers as Evaluation['answers']) } });
}
