import { describe, expect, it } from 'vitest';
import { ALL_PROGRAMS } from './summary-filters';
import { columnCards, programView, summaryProgramCards, worstQuestionView } from './summary-view';

describe('programView', () => {
  it.each([
    ['cards for All Programs with several programs', ALL_PROGRAMS, ['A', 'B'], { kind: 'cards' }],
    [
      'the chart of the only program, without a way back',
      ALL_PROGRAMS,
      ['A'],
      { kind: 'chart', program: 'A', canGoBack: false },
    ],
    [
      'the chart of the selected program, with a way back',
      'B',
      ['A', 'B'],
      { kind: 'chart', program: 'B', canGoBack: true },
    ],
    ['nothing without programs', ALL_PROGRAMS, [], { kind: 'none' }],
  ])('shows %s', (_name, selected, programs, expected) => {
    expect(programView(selected, programs)).toEqual(expected);
  });
});

describe('columnCards', () => {
  const cards = ['a', 'b', 'c', 'd', 'e'];
  it('shows 3 cards and offers the rest', () => {
    expect(columnCards(cards, false)).toEqual({ shown: ['a', 'b', 'c'], hidden: 2 });
  });
  it('shows all cards when expanded', () => {
    expect(columnCards(cards, true)).toEqual({ shown: cards, hidden: 2 });
  });
  it('offers nothing with 3 cards or fewer', () => {
    expect(columnCards(['a', 'b', 'c'], false)).toEqual({ shown: ['a', 'b', 'c'], hidden: 0 });
  });
});

describe('summaryProgramCards', () => {
  it('makes one card per program name, across orders of the same program, in name order', () => {
    const cards = summaryProgramCards([
      {
        program_id: 'uq1',
        program_name: 'Lunch',
        total_score: 8,
        total_possible_score: 10,
        shop_date: '2024-01-02',
      },
      {
        program_id: 'uq2',
        program_name: 'Lunch',
        total_score: 10,
        total_possible_score: 10,
        shop_date: '2024-03-04',
      },
      {
        program_id: 'uq3',
        program_name: 'Dinner',
        total_score: 1,
        total_possible_score: 2,
        shop_date: '2024-02-01',
      },
    ]);
    expect(
      cards.map((c) => [c.programName, c.percent, c.shopCount, c.lastShopDate?.toISOString().slice(0, 10)]),
    ).toEqual([
      ['Dinner', 50, 1, '2024-02-01'],
      ['Lunch', 90, 2, '2024-03-04'],
    ]);
  });
});

describe('worstQuestionView', () => {
  it('quotes the prompt and shows a whole percent with its status', () => {
    expect(
      worstQuestionView({
        prompt: ' Was the greeting warm? ',
        avg_percent_score: 0.456,
        program_name: 'Lunch',
      }),
    ).toEqual({
      quotedPrompt: '"Was the greeting warm?"',
      percent: 46,
      status: 'error',
      programName: 'Lunch',
    });
  });

  it.each([
    [0.85, 'warn'],
    [0.9, 'success'],
  ])('gives %d the status %s', (score, status) => {
    expect(worstQuestionView({ prompt: 'Q', avg_percent_score: score }).status).toBe(status);
  });

  it("names a missing program 'Unknown Program'", () => {
    expect(worstQuestionView({ prompt: 'Q', avg_percent_score: 0.5, program_name: null }).programName).toBe(
      'Unknown Program',
    );
    expect(worstQuestionView({ prompt: 'Q', avg_percent_score: 0.5, program_name: ' ' }).programName).toBe(
      'Unknown Program',
    );
  });
});
