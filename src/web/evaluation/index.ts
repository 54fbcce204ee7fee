// Pieces of the evaluation UI shared by the form builder (entry, report and debug modes) and
// the evaluator app: an element's input, a section of inputs, the completion summary, the
// report, and a hook that runs an in-memory evaluation through the engine.
export { CompletionSummaryView } from './completion-summary';
export { ElementInput, type ElementInputProps, elementLabel } from './element-input';
export {
  ELEMENT_TYPE_ICON,
  ELEMENT_TYPE_LABEL,
  hasContent,
  hasLengths,
  hasOptions,
  hasScoreRanges,
} from './element-types';
export { EvaluationSection } from './evaluation-section';
export { PERFORMANCE_COLOR, performanceColor, TONE_COLOR } from './performance';
export { ReportView } from './report-view';
export { SectionPager } from './section-pager';
export { type EvaluationEntry, type EvaluationEntryStart, useEvaluationEntry } from './use-evaluation-entry';
