import { z } from 'zod';

/**
 * The form model of spec/admin-and-evaluation.md section 3 as zod schemas; the types are inferred
 * from them. The schemas accept the form builder's JSON leniently (missing or null fields take the
 * spec's defaults, numeric ids become strings) and produce a fully defaulted Form.
 *
 * Ids: `localId` identifies sections, elements and options inside one form. Answers, conditions'
 * sourceRef, statuses and proofing comments are keyed by the element's localId, and choice /
 * multichoice answers hold option localIds. The Guid fields are persistence ids and optional.
 */

/** Every element type of the spec. */
export const ELEMENT_TYPES = [
  'text',
  'narrative',
  'number',
  'date',
  'time',
  'timespan',
  'choice',
  'multichoice',
  'remark',
  'imageupload',
  'phonerecording',
  'inboundparameter',
  'embed',
] as const;
export const ZElementType = z.enum(ELEMENT_TYPES);
export type ElementType = z.infer<typeof ZElementType>;

/** Types the form builder offers for creation, with their labels. */
export const CREATABLE_ELEMENT_TYPES: readonly { typeId: ElementType; label: string }[] = [
  { typeId: 'text', label: 'Textbox' },
  { typeId: 'narrative', label: 'Narrative' },
  { typeId: 'date', label: 'Date' },
  { typeId: 'choice', label: 'Choice' },
  { typeId: 'remark', label: 'Remark' },
  { typeId: 'multichoice', label: 'Multiple Choice' },
];

/** When a ruleset holds: always, never, or by its conditions (all, any, none). */
export const RULESET_WHEN = ['always', 'never', 'when-all', 'when-any', 'when-none'] as const;
export type RulesetWhen = (typeof RULESET_WHEN)[number];
/** Condition comparators. */
export const COMPARATORS = ['eq', 'neq', 'lt', 'lte', 'gte', 'gt'] as const;
export type Comparator = (typeof COMPARATORS)[number];
/** What a condition reads: the source question's option or score, the user, the location. */
export const SOURCE_FIELDS = [
  'question-option',
  'question-score',
  'shopper-role',
  'shopper-age',
  'shopper-gender',
  'location-state',
] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];
/** Who may edit an element: all, internal (employee, proofer) or employee. */
export const EDITABILITY = ['all', 'internal', 'employee'] as const;
export type Editability = (typeof EDITABILITY)[number];
/** When an element shows in the report: when visible, always or never. */
export const REPORTABILITY = ['visibility', 'always', 'never'] as const;
export type Reportability = (typeof REPORTABILITY)[number];
/** Form builder modes. */
export const FORM_BUILDER_MODES = ['content', 'entry', 'report', 'debug'] as const;

const zId = z
  .union([z.string().trim().min(1, { error: 'An id cannot be empty.' }), z.number()])
  .transform(String);
const zGuid = z.string().nullish();
const zText = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const zNumberOr = (fallback: number) =>
  z
    .number()
    .nullish()
    .transform((v) => v ?? fallback);
const zBooleanOr = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);
const zListOf = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);
const zEnumOr = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z
    .enum(values)
    .nullish()
    .transform((v): T[number] => v ?? fallback);

/** A choice option; precludesScoring marks an N/A answer. */
export const ZOption = z.object({
  localId: zId,
  formElementOptionGuid: zGuid,
  prompt: zText,
  score: zNumberOr(0),
  precludesScoring: zBooleanOr(false),
});
export type Option = z.output<typeof ZOption>;

/** A score range for number and timespan (seconds) answers, bounds inclusive. */
export const ZScoreRange = z.object({
  localId: zId.nullish(),
  formElementScoreRangeGuid: zGuid,
  lowerValue: z.number(),
  upperValue: z.number(),
  score: zNumberOr(0),
});
export type ScoreRange = z.output<typeof ZScoreRange>;

const zLength = z.number().int().nonnegative().nullish();
/** Element settings: number min/max, text minLength/maxLength, remark content. */
export const ZElementConfig = z.object({
  max: z.number().nullish(),
  min: z.number().nullish(),
  maxLength: zLength,
  minLength: zLength,
  content: z.string().nullish(),
  isPromoterScore: z.boolean().nullish(),
});
export type ElementConfig = z.output<typeof ZElementConfig>;

/** One condition; sourceRef is the source element's localId for question sources. */
export const ZRulesetCondition = z.object({
  rulesetConditionGuid: zGuid,
  localId: zId.nullish(),
  sourceRef: zId.nullish(),
  sourceField: z.enum(SOURCE_FIELDS),
  comparator: z.enum(COMPARATORS),
  value: z.union([z.string(), z.number(), z.boolean()]).nullish(),
});
export type RulesetCondition = z.output<typeof ZRulesetCondition>;

/** A visible or required ruleset. */
export const ZRuleset = z.object({
  when: z.enum(RULESET_WHEN),
  conditions: zListOf(ZRulesetCondition),
});
export type Ruleset = z.output<typeof ZRuleset>;

const ALWAYS: Ruleset = { when: 'always', conditions: [] };
const NEVER: Ruleset = { when: 'never', conditions: [] };

/** One question, remark or embedded item of a form. */
export const ZFormElement = z.object({
  typeId: ZElementType,
  name: zText,
  formElementGuid: zGuid,
  localId: zId,
  prompt: zText,
  options: zListOf(ZOption),
  scoreRanges: zListOf(ZScoreRange),
  config: ZElementConfig.nullish().transform((v): ElementConfig => v ?? {}),
  /** Missing means never required. */
  required: ZRuleset.nullish().transform((v) => v ?? NEVER),
  /** Missing means always visible. */
  visible: ZRuleset.nullish().transform((v) => v ?? ALWAYS),
  displayNumber: zBooleanOr(true),
  editability: zEnumOr(EDITABILITY, 'all'),
  reportability: zEnumOr(REPORTABILITY, 'visibility'),
});
export type FormElement = z.output<typeof ZFormElement>;

/** A page of a form. */
export const ZFormSection = z.object({
  name: zText,
  mode: z
    .string()
    .nullish()
    .transform((v) => v ?? 'entry'),
  formSectionGuid: zGuid,
  localId: zId,
  elements: zListOf(ZFormElement),
});
export type FormSection = z.output<typeof ZFormSection>;

/** A form as the form builder saves it; parse with `parseForm` to get a checked Form. */
export const ZForm = z.object({
  name: zText,
  formGuid: zGuid,
  isActive: zBooleanOr(true),
  sections: zListOf(ZFormSection),
});
export type Form = z.output<typeof ZForm>;
/** The JSON shape accepted for a form (defaults not yet applied). */
export type FormInput = z.input<typeof ZForm>;
