import { numericValue, selectedOptionIds } from './answer-values';
import type { ElementEntry } from './form-index';

export interface ElementScore {
  score: number;
  possibleScore: number;
}

const NOT_SCORED: ElementScore = { score: 0, possibleScore: 0 };

function nonNegative(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}

/**
 * Scores one element. Hidden elements and elements whose selected option precludes scoring (an
 * N/A answer) score 0 and also leave the possible score, so they neither help nor hurt the
 * percentage. Choice: the selected option's score out of the greatest option score. Multichoice:
 * the selected options' scores summed, out of the total of all scoring options. Number and
 * timespan (in seconds): the first score range containing the value (inclusive), out of the
 * greatest range score. Negative scores count as 0, so a score never exceeds the possible score.
 * An unanswered visible element scores 0 out of its possible score.
 */
export function scoreElement(entry: ElementEntry, value: unknown, visible: boolean): ElementScore {
  if (!visible) return NOT_SCORED;
  const type = entry.element.typeId;
  if (type === 'choice' || type === 'multichoice') {
    const selected = selectedOptionIds(entry, value).map((id) => entry.optionsById.get(id)!);
    if (selected.some((o) => o.precludesScoring)) return NOT_SCORED;
    const score = selected.reduce((sum, o) => sum + nonNegative(o.score), 0);
    const possibleScore = type === 'choice' ? entry.maxOptionScore : entry.totalOptionScore;
    return { score: Math.min(score, possibleScore), possibleScore };
  }
  if (type === 'number' || type === 'timespan') {
    const possibleScore = entry.maxRangeScore;
    const n = numericValue(entry, value);
    if (n === null) return { score: 0, possibleScore };
    const range = entry.element.scoreRanges.find((r) => r.lowerValue <= n && n <= r.upperValue);
    return { score: Math.min(nonNegative(range?.score ?? 0), possibleScore), possibleScore };
  }
  return NOT_SCORED;
}
