/**
 * The evaluation engine: the form model, rulesets, validation, scoring and the report model of
 * spec/admin-and-evaluation.md sections 3-5 and 9. Pure functions over plain data: no I/O, no
 * clock. Fallible operations return a Result with a typed EvaluationError; nothing throws.
 * Decisions where the spec is open are in src/evaluation/README.md.
 */

/** Answers one element, returning a new refreshed evaluation or a typed error. */
export { answer, setProofingComment } from './answer';
/** Starts an evaluation (status Started, not submitted, first section current) and its context. */
export { createEvaluation, type EvaluationContext } from './create-evaluation';
/** Typed engine errors and the Result type returned instead of throwing. */
export { EvaluationError, type EvaluationErrorCode, type Result } from './evaluation-error';
/** The evaluation model: answers, users, statuses, completion summary. */
export type {
  Answers,
  AnswerValue,
  CompletionDescription,
  CompletionSummary,
  ElementStatus,
  Evaluation,
  EvaluationLocation,
  EvaluationMetadata,
  EvaluationRole,
  EvaluationShop,
  EvaluationState,
  EvaluationUser,
  PhoneRecordingAnswer,
  SectionStatus,
  SubmitStatus,
  TimespanAnswer,
} from './evaluation-types';
export { EVALUATION_ROLES, isEvaluationRole } from './evaluation-types';
/** Each element's visible and required rulesets evaluated, condition by condition (debug mode). */
export {
  type ConditionResult,
  type ElementRulesetResults,
  explainRulesets,
  type RulesetResult,
} from './explain-rulesets';
/** The form model as zod schemas (for validating form-builder JSON) and inferred types. */
export {
  COMPARATORS,
  type Comparator,
  CREATABLE_ELEMENT_TYPES,
  EDITABILITY,
  type Editability,
  ELEMENT_TYPES,
  type ElementConfig,
  type ElementType,
  FORM_BUILDER_MODES,
  type Form,
  type FormElement,
  type FormInput,
  type FormSection,
  type Option,
  REPORTABILITY,
  type Reportability,
  RULESET_WHEN,
  type Ruleset,
  type RulesetCondition,
  type RulesetWhen,
  type ScoreRange,
  SOURCE_FIELDS,
  type SourceField,
  ZElementConfig,
  ZElementType,
  ZForm,
  ZFormElement,
  ZFormSection,
  ZOption,
  ZRuleset,
  ZRulesetCondition,
  ZScoreRange,
} from './form-schema';
/** Moves between sections; both stay put at the ends. */
export { nextSection, previousSection } from './navigate-sections';
/** A new form with one section named 'Default Section'. */
export { DEFAULT_SECTION_NAME, newForm } from './new-form';
/** Checks raw answers against a form: one element's answer, or a whole answers map. */
export { parseAnswers, parseElementAnswer } from './parse-answers';
/** Parses and checks form JSON into a Form, or a typed error naming the bad element. */
export { parseForm } from './parse-form';
/** Report performance classes and whole-percent rounding. */
export {
  elementPerformanceClass,
  type PerformanceClass,
  percentage,
  sectionPerformanceClass,
} from './performance-class';
/** What each reader (shopper, QA staff, customer) may see of an evaluation document and report. */
export {
  CUSTOMER_VIEWER_ROLE,
  documentForReader,
  type EvaluationDocument,
  type EvaluationReader,
  reportedElementIds,
  reportForReader,
} from './readers';
/** Re-derives visibility, required, validation, numbering and completion from the answers. */
export { refresh } from './refresh';
/** Scores an evaluation into the report model. */
export {
  type PossibleAnswer,
  type Report,
  type ReportElement,
  type ReportSection,
  score,
} from './score';
/** Evaluation and legacy visit status catalogues. */
export {
  canTransition,
  EVALUATION_TRANSITIONS,
  EvaluationStatus,
  type EvaluationStatusCode,
  type EvaluationStatusName,
  evaluationStatusName,
  isShopperEditable,
  transitionRefusal,
  VisitStatus,
  type VisitStatusCode,
  type VisitStatusName,
  visitStatusName,
} from './statuses';
/** The local-time format of time answers ('h:mm A') and helpers. */
export { formatLocalTime, isValidLocalTime, TIME_FORMAT } from './time-format';
/** The spec's validation messages, for the UI and tests. */
export {
  DEFAULT_REQUIRED_MESSAGE,
  INVALID_TIME_MESSAGE,
  REQUIRED_MESSAGES,
  rangeMessage,
  tooLongMessage,
  tooShortMessage,
} from './validate-element';
/** The date of the visit the shopper entered (a calendar date, kept as entered). */
export { visitDateOf } from './visit-date';
