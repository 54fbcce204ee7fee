import type { Form, FormElement, FormSection, Option, Ruleset } from './form-schema';

/** An option as listed in the report. */
export interface PossibleAnswer {
  localId: string;
  prompt: string;
  score: number;
  precludesScoring: boolean;
}

/** One element with everything the engine looks up repeatedly, computed once per form. */
export interface ElementEntry {
  id: string;
  element: FormElement;
  section: FormSection;
  sectionIndex: number;
  indexWithinSection: number;
  indexOverall: number;
  /** Display number (remarks and displayNumber false are skipped); static, see numbering in README. */
  number: number | null;
  optionsById: ReadonlyMap<string, Option>;
  /** The options as the report lists them; shared, frozen. */
  possibleAnswers: readonly PossibleAnswer[];
  /** Greatest score of an option that does not preclude scoring (at least 0). */
  maxOptionScore: number;
  /** Total of the positive scores of options that do not preclude scoring. */
  totalOptionScore: number;
  /** Greatest score range score (at least 0). */
  maxRangeScore: number;
  /** Whether the visible ruleset reads answers, so it must be re-checked when answers change. */
  visibilityReadsAnswers: boolean;
}

export interface FormIndex {
  entries: readonly ElementEntry[];
  byId: ReadonlyMap<string, ElementEntry>;
  sectionIndexById: ReadonlyMap<string, number>;
  /** Entries whose visibility depends on answers, in form order. */
  answerDependent: readonly ElementEntry[];
}

function readsAnswers(ruleset: Ruleset): boolean {
  if (ruleset.when === 'always' || ruleset.when === 'never') return false;
  return ruleset.conditions.some(
    (c) => c.sourceField === 'question-option' || c.sourceField === 'question-score',
  );
}

function buildIndex(form: Form): FormIndex {
  const entries: ElementEntry[] = [];
  const byId = new Map<string, ElementEntry>();
  const sectionIndexById = new Map<string, number>();
  let number = 0;
  form.sections.forEach((section, sectionIndex) => {
    if (!sectionIndexById.has(section.localId)) sectionIndexById.set(section.localId, sectionIndex);
    section.elements.forEach((element, indexWithinSection) => {
      const numbered = element.typeId !== 'remark' && element.displayNumber !== false;
      const optionsById = new Map<string, Option>();
      let maxOptionScore = 0;
      let totalOptionScore = 0;
      for (const option of element.options) {
        if (!optionsById.has(option.localId)) optionsById.set(option.localId, option);
        if (option.precludesScoring) continue;
        maxOptionScore = Math.max(maxOptionScore, option.score);
        if (option.score > 0) totalOptionScore += option.score;
      }
      let maxRangeScore = 0;
      for (const range of element.scoreRanges) maxRangeScore = Math.max(maxRangeScore, range.score);
      const entry: ElementEntry = {
        id: element.localId,
        element,
        section,
        sectionIndex,
        indexWithinSection,
        indexOverall: entries.length,
        number: numbered ? ++number : null,
        optionsById,
        possibleAnswers: Object.freeze(
          element.options.map((o) =>
            Object.freeze({
              localId: o.localId,
              prompt: o.prompt,
              score: o.score,
              precludesScoring: o.precludesScoring,
            }),
          ),
        ),
        maxOptionScore,
        totalOptionScore,
        maxRangeScore,
        visibilityReadsAnswers: readsAnswers(element.visible),
      };
      entries.push(entry);
      // A duplicated id (only possible in a form that skipped parseForm) resolves to the first.
      if (!byId.has(entry.id)) byId.set(entry.id, entry);
    });
  });
  return {
    entries,
    byId,
    sectionIndexById,
    answerDependent: entries.filter((e) => e.visibilityReadsAnswers),
  };
}

const cache = new WeakMap<Form, FormIndex>();

/**
 * The index of a form, cached per form object: forms are treated as immutable values, so a
 * changed form must be a new object (as the form builder's immutable updates produce).
 */
export function indexForm(form: Form): FormIndex {
  let index = cache.get(form);
  if (!index) {
    index = buildIndex(form);
    cache.set(form, index);
  }
  return index;
}
