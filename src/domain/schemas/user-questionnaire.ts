import { z } from 'zod';
import { zOptionalText } from './common';
import { safeChars } from './text';

export const CUSTOM_QUESTION_TYPES = ['Yes / No', 'Multiple Choice', 'Open-Ended'] as const;
export type TCustomQuestionType = (typeof CUSTOM_QUESTION_TYPES)[number];
export const MAX_CUSTOM_QUESTIONS = 5;
export const MULTIPLE_CHOICE_OPTION_LABELS = ['A', 'B', 'C', 'D', 'E'] as const;
export const MAX_ADDITIONAL_COMMENTS = 4000;
/** The upload prefers Word, Excel or PDF files (a hint for the file picker, not a rule). */
export const PREFERRED_UPLOAD_EXTENSIONS = ['.doc', '.docx', '.xls', '.xlsx', '.pdf'] as const;

export const MSG_QUESTION_TYPE_REQUIRED = 'Please select a type for all entered questions.';
export const MSG_CUSTOM_UPLOAD_REQUIRED =
  'You must upload a custom questionnaire when "Upload My Own Questionnaire" is selected.';

const zOptionText = z
  .string()
  .trim()
  .max(200, { error: 'Answer options cannot exceed 200 characters.' })
  .check(safeChars('Answer options'));

/** One custom question; options and multiple selections exist only for Multiple Choice. */
export const ZCustomQuestion = z
  .object({
    question: z
      .string()
      .trim()
      .max(1000, { error: 'Custom questions cannot exceed 1000 characters.' })
      .check(safeChars('Custom questions', true)),
    type: z.enum(CUSTOM_QUESTION_TYPES, { error: MSG_QUESTION_TYPE_REQUIRED }),
    multipleChoiceOptions: z.array(zOptionText.nullish()).nullish(),
    allowMultipleSelections: z.boolean().nullish(),
  })
  .transform((q, ctx) => {
    const isMultipleChoice = q.type === 'Multiple Choice';
    const options = isMultipleChoice ? (q.multipleChoiceOptions ?? []).filter((o): o is string => !!o) : [];
    if (options.length > MULTIPLE_CHOICE_OPTION_LABELS.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['multipleChoiceOptions'],
        message: 'Multiple Choice questions can have up to 5 answer options (A to E).',
      });
    }
    if (isMultipleChoice && options.length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['multipleChoiceOptions'],
        message: 'Please enter at least two answer options for each Multiple Choice question.',
      });
    }
    return {
      question: q.question,
      type: q.type,
      multipleChoiceOptions: options,
      allowMultipleSelections: isMultipleChoice && q.allowMultipleSelections === true,
    };
  });
export type TCustomQuestion = z.infer<typeof ZCustomQuestion>;

function isBlankQuestion(q: unknown): boolean {
  if (q === null || typeof q !== 'object') return false;
  const text = (q as { question?: unknown }).question;
  return text === undefined || text === null || (typeof text === 'string' && text.trim() === '');
}

/** Blank questions are dropped before validation, so an empty row never blocks a save. */
export const ZCustomQuestions = z.preprocess(
  (v) => (Array.isArray(v) ? v.filter((q) => !isBlankQuestion(q)) : v),
  z
    .array(ZCustomQuestion)
    .max(MAX_CUSTOM_QUESTIONS, { error: `You can add up to ${MAX_CUSTOM_QUESTIONS} custom questions.` }),
);

/**
 * A custom upload names the file by the key /s3/sign gave (customQuestionnaires/{oid}/...; the server
 * checks the folder). publicUrl and fileName are still accepted for older clients but ignored: the
 * server derives both from the key, so a client cannot plant a link.
 */
export const ZCustomUpload = z
  .object({
    fileKey: z.string().trim().min(1, { error: 'The uploaded file is missing its key.' }).max(500),
    publicUrl: z.unknown().optional(),
    fileName: z.unknown().optional(),
  })
  .transform((u) => ({ fileKey: u.fileKey }));
export type TCustomUpload = z.infer<typeof ZCustomUpload>;

/** saveUserQuestionnaire's input: custom questions and comments, or a custom upload. */
export const ZUserQuestionnaireInput = z.object({
  customQuestions: ZCustomQuestions.optional(),
  additionalComments: zOptionalText('Additional Comments', MAX_ADDITIONAL_COMMENTS, true).optional(),
  customUpload: ZCustomUpload.nullish(),
});
export type TUserQuestionnaireInput = z.infer<typeof ZUserQuestionnaireInput>;

/** The customize step's Continue rule: every "Upload My Own Questionnaire" type needs an upload. */
export function customizeContinueError(
  userQuestionnaires: readonly {
    questionnaire: { isCustom?: boolean | null };
    customUpload?: { fileKey?: string | null } | null;
  }[],
): string | null {
  const missing = userQuestionnaires.some(
    (uq) => uq.questionnaire.isCustom === true && !uq.customUpload?.fileKey,
  );
  return missing ? MSG_CUSTOM_UPLOAD_REQUIRED : null;
}
