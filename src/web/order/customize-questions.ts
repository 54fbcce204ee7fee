// The custom-questions editor's form values and their conversion to saveUserQuestionnaire's input,
// validated by the domain schema (blank questions dropped, a type required for the rest).
import {
  MULTIPLE_CHOICE_OPTION_LABELS,
  type TUserQuestionnaireInput,
  ZUserQuestionnaireInput,
} from '../../domain';

export interface QuestionRow {
  question: string;
  /** '' until a type is picked. */
  type: string;
  /** Always five entries, A to E; only Multiple Choice uses them. */
  multipleChoiceOptions: string[];
  allowMultipleSelections: boolean;
}

export interface CustomizeValues {
  customQuestions: QuestionRow[];
  additionalComments: string;
}

const fiveOptions = (options: readonly string[] = []) =>
  MULTIPLE_CHOICE_OPTION_LABELS.map((_, i) => options[i] ?? '');

export const blankQuestion = (): QuestionRow => ({
  question: '',
  type: '',
  multipleChoiceOptions: fiveOptions(),
  allowMultipleSelections: false,
});

/** The editor's starting values: the saved questions, or one blank question to fill in. */
export function editorValues(saved: {
  customQuestions: readonly {
    question: string;
    type: string;
    multipleChoiceOptions: readonly string[];
    allowMultipleSelections: boolean;
  }[];
  additionalComments: string;
}): CustomizeValues {
  const questions = saved.customQuestions.map((q) => ({
    question: q.question,
    type: q.type,
    multipleChoiceOptions: fiveOptions(q.multipleChoiceOptions),
    allowMultipleSelections: q.allowMultipleSelections,
  }));
  return {
    customQuestions: questions.length > 0 ? questions : [blankQuestion()],
    additionalComments: saved.additionalComments ?? '',
  };
}

export type SaveInput =
  | { ok: true; input: Required<Pick<TUserQuestionnaireInput, 'customQuestions' | 'additionalComments'>> }
  | { ok: false; errors: string[] };

/** The values as saveUserQuestionnaire's input, or the messages that block the save (each once). */
export function toSaveInput(values: CustomizeValues): SaveInput {
  const parsed = ZUserQuestionnaireInput.safeParse({
    customQuestions: values.customQuestions.map((q) => ({
      question: q.question,
      type: q.type === '' ? undefined : q.type,
      multipleChoiceOptions: q.multipleChoiceOptions,
      allowMultipleSelections: q.allowMultipleSelections,
    })),
    additionalComments: values.additionalComments,
  });
  if (!parsed.success) return { ok: false, errors: [...new Set(parsed.error.issues.map((i) => i.message))] };
  return {
    ok: true,
    input: {
      customQuestions: parsed.data.customQuestions ?? [],
      additionalComments: parsed.data.additionalComments ?? '',
    },
  };
}
