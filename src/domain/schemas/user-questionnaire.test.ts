import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import {
  customizeContinueError,
  MSG_CUSTOM_UPLOAD_REQUIRED,
  MSG_QUESTION_TYPE_REQUIRED,
  ZUserQuestionnaireInput,
} from './user-questionnaire';

function errors(input: unknown) {
  const r = ZUserQuestionnaireInput.safeParse(input);
  return r.success ? [] : fieldErrors(r.error);
}

const yesNo = (question: string) => ({ question, type: 'Yes / No' });

describe('custom questions', () => {
  it('drops blank questions before validating, even when they have no type', () => {
    const out = ZUserQuestionnaireInput.parse({
      customQuestions: [yesNo('Was the floor clean?'), { question: '   ', type: '' }, { question: '' }],
    });
    expect(out.customQuestions).toEqual([
      {
        question: 'Was the floor clean?',
        type: 'Yes / No',
        multipleChoiceOptions: [],
        allowMultipleSelections: false,
      },
    ]);
  });

  it.each([{ type: '' }, { type: undefined }, { type: 'Rating' }])(
    "blocks the save with 'Please select a type for all entered questions.' for type $type",
    ({ type }) => {
      expect(errors({ customQuestions: [{ question: 'Friendly?', type }] })).toEqual([
        { field: 'customQuestions.0.type', message: MSG_QUESTION_TYPE_REQUIRED },
      ]);
    },
  );

  it.each(['Yes / No', 'Multiple Choice', 'Open-Ended'])('accepts the type %s', (type) => {
    const options = type === 'Multiple Choice' ? ['Yes', 'No'] : undefined;
    expect(errors({ customQuestions: [{ question: 'Q', type, multipleChoiceOptions: options }] })).toEqual(
      [],
    );
  });

  it('allows up to 5 custom questions, not 6', () => {
    const five = Array.from({ length: 5 }, (_, i) => yesNo(`Q${i}`));
    expect(errors({ customQuestions: five })).toEqual([]);
    expect(errors({ customQuestions: [...five, yesNo('Q6')] })).toEqual([
      { field: 'customQuestions', message: 'You can add up to 5 custom questions.' },
    ]);
  });

  it('counts the limit after dropping blanks', () => {
    const five = Array.from({ length: 5 }, (_, i) => yesNo(`Q${i}`));
    expect(errors({ customQuestions: [...five, { question: '' }] })).toEqual([]);
  });

  it('allows up to 5 options (A to E) for Multiple Choice, dropping blank options', () => {
    const mc = (multipleChoiceOptions: string[]) => ({
      customQuestions: [{ question: 'Q', type: 'Multiple Choice', multipleChoiceOptions }],
    });
    expect(
      ZUserQuestionnaireInput.parse(mc(['a', '', 'b', 'c', 'd', 'e'])).customQuestions?.[0]
        ?.multipleChoiceOptions,
    ).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(errors(mc(['a', 'b', 'c', 'd', 'e', 'f']))).toEqual([
      {
        field: 'customQuestions.0.multipleChoiceOptions',
        message: 'Multiple Choice questions can have up to 5 answer options (A to E).',
      },
    ]);
    expect(errors(mc(['only']))).toEqual([
      {
        field: 'customQuestions.0.multipleChoiceOptions',
        message: 'Please enter at least two answer options for each Multiple Choice question.',
      },
    ]);
  });

  it('keeps options and multiple selections only for Multiple Choice', () => {
    const out = ZUserQuestionnaireInput.parse({
      customQuestions: [
        {
          question: 'Q1',
          type: 'Open-Ended',
          multipleChoiceOptions: ['a', 'b'],
          allowMultipleSelections: true,
        },
        {
          question: 'Q2',
          type: 'Multiple Choice',
          multipleChoiceOptions: ['a', 'b'],
          allowMultipleSelections: true,
        },
      ],
    });
    expect(out.customQuestions?.map((q) => [q.multipleChoiceOptions, q.allowMultipleSelections])).toEqual([
      [[], false],
      [['a', 'b'], true],
    ]);
  });
});

describe('additional comments and upload', () => {
  it('allows 4000 characters of comments, not 4001', () => {
    expect(errors({ additionalComments: 'x'.repeat(4000) })).toEqual([]);
    expect(errors({ additionalComments: 'x'.repeat(4001) })).toEqual([
      { field: 'additionalComments', message: 'Additional Comments cannot exceed 4000 characters.' },
    ]);
  });

  it('takes a custom upload by its file key, dropping a sent public URL and file name', () => {
    const customUpload = {
      fileKey: 'customQuestionnaires/o1/abc_Form.docx',
      publicUrl: 'javascript:alert(1)',
      fileName: 'Form.docx',
    };
    expect(ZUserQuestionnaireInput.parse({ customUpload }).customUpload).toEqual({
      fileKey: 'customQuestionnaires/o1/abc_Form.docx',
    });
    expect(errors({ customUpload: { ...customUpload, fileKey: '' } })).toEqual([
      { field: 'customUpload.fileKey', message: 'The uploaded file is missing its key.' },
    ]);
  });
});

describe('customizeContinueError', () => {
  it.each([
    {
      case: 'an Upload My Own questionnaire without an upload',
      uqs: [{ questionnaire: { isCustom: true }, customUpload: null }],
      error: MSG_CUSTOM_UPLOAD_REQUIRED,
    },
    {
      case: 'an Upload My Own questionnaire with an upload',
      uqs: [{ questionnaire: { isCustom: true }, customUpload: { fileKey: 'k' } }],
      error: null,
    },
    {
      case: 'a standard questionnaire without an upload',
      uqs: [{ questionnaire: { isCustom: false } }],
      error: null,
    },
  ])('gives $error for $case', ({ uqs, error }) => {
    expect(customizeContinueError(uqs)).toBe(error);
  });

  it('uses the spec text', () => {
    expect(MSG_CUSTOM_UPLOAD_REQUIRED).toBe(
      'You must upload a custom questionnaire when "Upload My Own Questionnaire" is selected.',
    );
  });
});
