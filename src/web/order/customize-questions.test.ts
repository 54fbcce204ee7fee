import { describe, expect, it } from 'vitest';
import { blankQuestion, editorValues, toSaveInput } from './customize-questions';

const question = (over: Partial<ReturnType<typeof blankQuestion>>) => ({ ...blankQuestion(), ...over });

describe('editorValues', () => {
  it('starts with one blank question when nothing is saved', () => {
    expect(editorValues({ customQuestions: [], additionalComments: '' }).customQuestions).toEqual([
      blankQuestion(),
    ]);
  });
  it('pads saved multiple-choice options to the five slots A to E', () => {
    const values = editorValues({
      customQuestions: [
        {
          question: 'Q',
          type: 'Multiple Choice',
          multipleChoiceOptions: ['x', 'y'],
          allowMultipleSelections: true,
        },
      ],
      additionalComments: 'note',
    });
    expect(values.customQuestions[0]?.multipleChoiceOptions).toEqual(['x', 'y', '', '', '']);
    expect(values.additionalComments).toBe('note');
  });
});

describe('toSaveInput', () => {
  it('drops blank questions and keeps options only for Multiple Choice', () => {
    const result = toSaveInput({
      customQuestions: [
        question({
          question: 'Was the table clean?',
          type: 'Yes / No',
          multipleChoiceOptions: ['a', '', '', '', ''],
        }),
        question({ question: '   ' }),
        question({
          question: 'How long was the wait?',
          type: 'Multiple Choice',
          multipleChoiceOptions: ['<5 min', '5-10 min', '', '', '>10 min'],
          allowMultipleSelections: true,
        }),
      ],
      additionalComments: ' Ask about dessert. ',
    });
    expect(result).toEqual({
      ok: true,
      input: {
        customQuestions: [
          {
            question: 'Was the table clean?',
            type: 'Yes / No',
            multipleChoiceOptions: [],
            allowMultipleSelections: false,
          },
          {
            question: 'How long was the wait?',
            type: 'Multiple Choice',
            multipleChoiceOptions: ['<5 min', '5-10 min', '>10 min'],
            allowMultipleSelections: true,
          },
        ],
        additionalComments: 'Ask about dessert.',
      },
    });
  });

  it('blocks the save when an entered question has no type', () => {
    const result = toSaveInput({
      customQuestions: [question({ question: 'A?' }), question({ question: 'B?' })],
      additionalComments: '',
    });
    expect(result).toEqual({ ok: false, errors: ['Please select a type for all entered questions.'] });
  });

  it('saves nothing but comments when every question is blank', () => {
    expect(toSaveInput({ customQuestions: [blankQuestion()], additionalComments: '' })).toEqual({
      ok: true,
      input: { customQuestions: [], additionalComments: '' },
    });
  });
});
