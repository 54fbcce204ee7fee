import { describe, expect, it } from 'vitest';
import {
  type CsvQuestionRecord,
  type CsvSectionRecord,
  type CsvShopRecord,
  cleanText,
  csvCell,
  csvZipFileName,
  formatScore,
  programCsvFileName,
  programCsvRows,
  programsInRange,
  safeFileName,
  toCsv,
} from './csv-export';

const range = { start: new Date('2024-01-01T00:00:00.000Z'), end: new Date('2024-01-31T23:59:59.999Z') };

const shops: CsvShopRecord[] = [
  {
    shop_id: 102,
    shop_date: '2024-01-31T18:00:00Z',
    name: ' "Downtown" ',
    address_name: '1 Main St',
    program_name: 'Lunch Visit',
    total_score: 9,
    total_possible_score: 12,
  },
  {
    shop_id: 101,
    shop_date: '2024-01-01',
    name: 'Airport',
    address_name: '2 Sky Rd',
    program_name: 'Lunch Visit',
    total_score: 0,
    total_possible_score: 0,
  },
  {
    shop_id: 103,
    shop_date: '2023-12-31',
    name: 'Mall',
    program_name: 'Lunch Visit',
    total_score: 1,
    total_possible_score: 1,
  },
  {
    shop_id: 104,
    shop_date: '2024-02-01',
    name: 'Mall',
    program_name: 'Lunch Visit',
    total_score: 1,
    total_possible_score: 1,
  },
  {
    shop_id: 105,
    shop_date: null,
    name: 'Mall',
    program_name: 'Dinner / Drive-Thru',
    total_score: 1,
    total_possible_score: 1,
  },
  {
    shop_id: 106,
    shop_date: '2024-01-15',
    name: 'Mall',
    program_name: 'Dinner / Drive-Thru',
    total_score: 1,
    total_possible_score: 1,
  },
];

const sections: CsvSectionRecord[] = [
  { shop_id: 102, section_header: 'Service', percent_score: 0.875 },
  { shop_id: 101, section_header: 'Cleanliness', percent_score: 1 },
  { shop_id: 103, section_header: 'Out Of Range', percent_score: 1 },
];

const questions: CsvQuestionRecord[] = [
  {
    shop_id: 102,
    prompt: ' "Were you greeted?" ',
    answer: ' "Yes" ',
    total_possible_score: 5,
    percent_score: 0.6666667,
  },
  { shop_id: 102, prompt: 'Comments', answer: '=HYPERLINK("x")', total_possible_score: 0, percent_score: 0 },
  { shop_id: 101, prompt: 'Were you greeted?', answer: 'No', total_possible_score: 5, percent_score: 0 },
];

describe('programs to export', () => {
  it('lists programs with shops in the inclusive date range and a valid shop date', () => {
    expect(programsInRange(shops, range)).toEqual(['Lunch Visit', 'Dinner / Drive-Thru']);
    expect(programsInRange(shops, { start: range.start, end: new Date('2024-01-10T23:59:59.999Z') })).toEqual(
      ['Lunch Visit'],
    );
  });
});

describe('file names', () => {
  it('replaces unsafe characters with underscores', () => {
    expect(safeFileName('Dinner / Drive-Thru: "A&B"')).toBe('Dinner___Drive-Thru___A_B_');
    expect(programCsvFileName(' "Lunch Visit" ')).toBe('Lunch_Visit.csv');
  });

  it('names the zip with the date range', () => {
    expect(csvZipFileName(range)).toBe('program-reports_2024-01-01_to_2024-01-31.zip');
  });
});

describe('programCsvRows', () => {
  const rows = programCsvRows({ programName: 'Lunch Visit', range, shops, sections, questions });

  it('writes the fixed columns, one per section header and a prompt, answer and score per distinct question', () => {
    expect(rows?.[0]).toEqual([
      'Shop ID',
      'Shop Location',
      'Shop Address',
      'Shop Date',
      'Overall Performance',
      'Service',
      'Cleanliness',
      'Question 1',
      'Question 1 Answer',
      'Question 1 Score',
      'Question 2',
      'Question 2 Answer',
      'Question 2 Score',
    ]);
  });

  it('writes one row per shop in range, by date, with 2-decimal scores and stripped text', () => {
    expect(rows?.slice(1)).toEqual([
      [
        '101',
        'Airport',
        '2 Sky Rd',
        '2024-01-01',
        '',
        '',
        '100.00',
        'Were you greeted?',
        'No',
        '0.00',
        'Comments',
        '',
        '',
      ],
      [
        '102',
        'Downtown',
        '1 Main St',
        '2024-01-31',
        '75.00',
        '87.50',
        '',
        'Were you greeted?',
        'Yes',
        '66.67',
        'Comments',
        '=HYPERLINK("x")',
        '',
      ],
    ]);
  });

  it('skips a program with no shop or no question data in the range', () => {
    expect(
      programCsvRows({ programName: 'Dinner / Drive-Thru', range, shops, sections, questions }),
    ).toBeNull();
    expect(programCsvRows({ programName: 'Lunch Visit', range, shops, sections, questions: [] })).toBeNull();
    expect(programCsvRows({ programName: 'Unknown', range, shops, sections, questions })).toBeNull();
  });
});

describe('cell rules', () => {
  it.each([
    [0.875, '87.50'],
    [0.6666667, '66.67'],
    [0.87655, '87.66'],
    [1, '100.00'],
    [0, '0.00'],
    [null, ''],
    [Number.NaN, ''],
  ])('renders score %d as %j', (score, shown) => {
    expect(formatScore(score)).toBe(shown);
  });

  it.each([
    ['  "quoted"  ', 'quoted'],
    ['“curly”', 'curly'],
    ['say "hi" there', 'say "hi" there'],
    [null, ''],
    [42, '42'],
  ])('strips surrounding quotes and whitespace from %j', (text, clean) => {
    expect(cleanText(text)).toBe(clean);
  });

  it.each<[string | number | null, string]>([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ['-5.00', '-5.00'],
    [-5, '-5'],
    [null, ''],
  ])('writes cell %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('joins cells with commas and rows with CRLF', () => {
    expect(
      toCsv([
        ['Shop ID', 'Shop Location'],
        ['1', 'A, B'],
      ]),
    ).toBe('Shop ID,Shop Location\r\n1,"A, B"');
  });
});
