import { answerText, selectedOptionIds } from './answer-values';
import type { AnswerValue, Evaluation } from './evaluation-types';
import { indexForm, type PossibleAnswer } from './form-index';
import type { ElementType } from './form-schema';

export type { PossibleAnswer };

import {
  elementPerformanceClass,
  type PerformanceClass,
  percentage,
  sectionPerformanceClass,
} from './performance-class';
import { ruleInputs } from './refresh';
import { scoreElement } from './score-element';
import { resolveVisibility } from './visibility';

export interface ReportElement {
  localId: string;
  typeId: ElementType;
  prompt: string;
  /** The answer as text (option prompts joined by ', ', timespans as h:mm:ss), null if none. */
  answer: string | null;
  /** The selected option of a choice element. */
  answerOptionId: string | null;
  possibleAnswers: readonly PossibleAnswer[];
  possibleScore: number;
  score: number;
  isScored: boolean;
  percentageScore: number;
  /** Null when the element is not scored. */
  performanceClass: PerformanceClass | null;
  visible: boolean;
  /** Reportability: visibility (shown when visible), always or never. */
  isReported: boolean;
}

export interface ReportSection {
  name: string;
  markupId: string;
  elements: ReportElement[];
  possibleScore: number;
  score: number;
  isScored: boolean;
  percentageScore: number;
  performanceClass: PerformanceClass | null;
  /** How many of its elements are reported. */
  visibleElements: number;
}

export interface Report {
  sections: ReportSection[];
  possibleScore: number;
  score: number;
  percentageScore: number;
  performanceClass: PerformanceClass | null;
  /** How many sections have at least one reported element. */
  visibleSections: number;
  expanded: boolean;
}

/**
 * Scores an evaluation into the report model. Visibility is worked out from the answers as in
 * `refresh`, so a stale status cannot leak into scores. Reportability decides only what is
 * shown: an element reported 'never' still counts towards its section's score.
 */
export function score(evaluation: Evaluation): Report {
  const index = indexForm(evaluation.form);
  const { user, location } = ruleInputs(evaluation);
  const { visible, answers } = resolveVisibility(index, evaluation.answers ?? {}, user, location);

  const sections: ReportSection[] = evaluation.form.sections.map((section, sectionIndex) => ({
    name: section.name,
    markupId: `section-${sectionIndex + 1}`,
    elements: [],
    possibleScore: 0,
    score: 0,
    isScored: false,
    percentageScore: 0,
    performanceClass: null,
    visibleElements: 0,
  }));

  for (const entry of index.entries) {
    const { element } = entry;
    const isVisible = visible[entry.indexOverall] ?? true;
    const value = answers.get(entry.id) as AnswerValue | undefined;
    const result = scoreElement(entry, value, isVisible);
    const isScored = result.possibleScore > 0;
    const elementPercentage = percentage(result.score, result.possibleScore);
    const isReported = element.reportability === 'always' || (element.reportability !== 'never' && isVisible);
    const section = sections[entry.sectionIndex]!;
    section.elements.push({
      localId: element.localId,
      typeId: element.typeId,
      prompt: element.prompt,
      answer: answerText(entry, value),
      answerOptionId: element.typeId === 'choice' ? (selectedOptionIds(entry, value)[0] ?? null) : null,
      possibleAnswers: entry.possibleAnswers,
      possibleScore: result.possibleScore,
      score: result.score,
      isScored,
      percentageScore: elementPercentage,
      performanceClass: isScored ? elementPerformanceClass(elementPercentage) : null,
      visible: isVisible,
      isReported,
    });
    section.possibleScore += result.possibleScore;
    section.score += result.score;
    if (isReported) section.visibleElements++;
  }

  let possibleScore = 0;
  let total = 0;
  for (const section of sections) {
    section.isScored = section.possibleScore > 0;
    section.percentageScore = percentage(section.score, section.possibleScore);
    section.performanceClass = section.isScored ? sectionPerformanceClass(section.percentageScore) : null;
    possibleScore += section.possibleScore;
    total += section.score;
  }
  const percentageScore = percentage(total, possibleScore);
  return {
    sections,
    possibleScore,
    score: total,
    percentageScore,
    performanceClass: possibleScore > 0 ? sectionPerformanceClass(percentageScore) : null,
    visibleSections: sections.filter((s) => s.visibleElements > 0).length,
    expanded: false,
  };
}
