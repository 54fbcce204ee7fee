import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildCsvZip, CSV_TEXT, fetchProgramPages } from './download-csv';

const range = { start: new Date('2024-01-01T00:00:00Z'), end: new Date('2024-01-31T23:59:59.999Z') };
const shops = [
  {
    shop_id: 's1',
    shop_date: '2024-01-05',
    name: 'Downtown',
    address_name: '1 Main St',
    program_name: 'Lunch',
    total_score: 9,
    total_possible_score: 12,
  },
  {
    shop_id: 's2',
    shop_date: '2024-01-06',
    name: 'Airport',
    address_name: '2 Sky Rd',
    program_name: 'Dinner / Late',
    total_score: 1,
    total_possible_score: 2,
  },
  {
    shop_id: 's3',
    shop_date: '2023-12-06',
    name: 'Airport',
    address_name: '2 Sky Rd',
    program_name: 'Breakfast',
    total_score: 1,
    total_possible_score: 2,
  },
];
const sections = [{ shop_id: 's1', section_header: 'Service', percent_score: 0.75 }];
const questions: Record<
  string,
  { shop_id: string; prompt: string; answer: string; total_possible_score: number; percent_score: number }[]
> = {
  Lunch: [{ shop_id: 's1', prompt: 'Greeted?', answer: 'Yes', total_possible_score: 4, percent_score: 1 }],
  'Dinner / Late': [
    { shop_id: 's2', prompt: 'Clean?', answer: 'No', total_possible_score: 2, percent_score: 0 },
  ],
};

function run(fetchQuestions: (p: string) => Promise<unknown[]>, zip?: () => Uint8Array) {
  const progress: string[] = [];
  const result = buildCsvZip({
    range,
    shops,
    fetchProgram: async (program) => ({
      shops,
      sections,
      questions: (await fetchQuestions(program)) as never,
    }),
    onProgress: (t) => progress.push(t),
    ...(zip ? { zip } : {}),
  });
  return { result, progress };
}

describe('buildCsvZip', () => {
  it('zips one CSV per program with shops in the range, reporting progress', async () => {
    const { result, progress } = run(async (p) => questions[p] ?? []);
    const r = await result;
    expect(progress).toEqual([
      'Preparing download...',
      'Processing Lunch... (1/2)',
      'Processing Dinner / Late... (2/2)',
      'Creating zip file...',
    ]);
    if (r.kind !== 'zip') throw new Error(r.kind);
    expect(r.fileName).toBe('program-reports_2024-01-01_to_2024-01-31.zip');
    const files = unzipSync(r.bytes);
    expect(Object.keys(files)).toEqual(['Lunch.csv', 'Dinner___Late.csv']);
    expect(strFromU8(files['Lunch.csv']!).split('\r\n')).toEqual([
      'Shop ID,Shop Location,Shop Address,Shop Date,Overall Performance,Service,Question 1,Question 1 Answer,Question 1 Score',
      's1,Downtown,1 Main St,2024-01-05,75.00,75.00,Greeted?,Yes,100.00',
    ]);
  });

  it('finds no programs when the range has no shops', async () => {
    const progress: string[] = [];
    const r = await buildCsvZip({
      range: { start: new Date('2030-01-01'), end: new Date('2030-01-31') },
      shops,
      fetchProgram: async () => ({ shops, sections, questions: [] }),
      onProgress: (t) => progress.push(t),
    });
    expect(r).toEqual({ kind: 'noPrograms' });
    expect(CSV_TEXT.noPrograms).toBe('No programs found for the selected date range.');
  });

  it('asks the server for a quoted program title as it is, and shows and files it without the quotes', async () => {
    const quoted = [{ ...shops[0]!, program_name: ' "Lunch" ' }];
    const asked: string[] = [];
    const progress: string[] = [];
    const r = await buildCsvZip({
      range,
      shops: quoted,
      fetchProgram: async (program) => {
        asked.push(program);
        return { shops: quoted, sections, questions: questions.Lunch! };
      },
      onProgress: (t) => progress.push(t),
    });
    expect(asked).toEqual([' "Lunch" ']);
    expect(progress).toContain('Processing Lunch... (1/1)');
    expect(r.kind === 'zip' && r.files).toEqual(['Lunch.csv']);
  });

  it('skips a program without question data silently', async () => {
    const r = await run(async (p) => (p === 'Lunch' ? [] : (questions[p] ?? []))).result;
    expect(r.kind === 'zip' && r.files).toEqual(['Dinner___Late.csv']);
    expect(r.kind === 'zip' && r.failures).toEqual([]);
  });

  it('continues with the programs that worked and lists the failures', async () => {
    const r = await run(async (p) => {
      if (p === 'Lunch') throw new Error('/api/summary/questions answered 500');
      return questions[p] ?? [];
    }).result;
    expect(r.kind).toBe('zip');
    expect(r.kind === 'zip' && r.failures).toEqual([
      { program: 'Lunch', message: '/api/summary/questions answered 500' },
    ]);
    expect(CSV_TEXT.someFailed(1)).toBe(
      'Warning: 1 program(s) failed to process. The download will continue with the successful programs.',
    );
  });

  it('reports that all programs failed', async () => {
    const r = await run(async () => {
      throw new Error('offline');
    }).result;
    expect(r).toEqual({
      kind: 'allFailed',
      failures: [
        { program: 'Lunch', message: 'offline' },
        { program: 'Dinner / Late', message: 'offline' },
      ],
    });
  });

  it('reports a failure to create the zip', async () => {
    const r = await run(
      async (p) => questions[p] ?? [],
      () => {
        throw new Error('out of memory');
      },
    ).result;
    expect(r).toEqual({ kind: 'zipFailed', message: 'out of memory', failures: [] });
    expect(CSV_TEXT.zipFailed('out of memory')).toBe('Error creating zip file: out of memory');
  });
});

describe('fetchProgramPages', () => {
  it('reads the same page of shops, sections and answers until a page has fewer shops than asked for', async () => {
    const page = (shops: number, from: number) => {
      const ids = Array.from({ length: shops }, (_, i) => `s${from + i}`);
      return {
        shops: ids.map((shop_id) => ({ shop_id, shop_date: '2024-01-05', program_name: 'Lunch' })),
        sections: ids.map((shop_id) => ({ shop_id, section_header: 'Service', percent_score: 1 })),
        questions: ids.flatMap((shop_id) =>
          ['q0', 'q1'].map((prompt) => ({
            shop_id,
            prompt,
            answer: 'Yes',
            total_possible_score: 1,
            percent_score: 1,
          })),
        ),
      };
    };
    const asked: number[] = [];
    const all = await fetchProgramPages(async ({ pageNumber, pageSize }) => {
      asked.push(pageNumber);
      expect(pageSize).toBe(3);
      return pageNumber < 3 ? page(3, (pageNumber - 1) * 3) : page(1, 6);
    }, 3);
    expect(asked).toEqual([1, 2, 3]);
    expect(all.shops.map((s) => s.shop_id)).toEqual(['s0', 's1', 's2', 's3', 's4', 's5', 's6']);
    expect(all.sections).toHaveLength(7);
    expect(all.questions).toHaveLength(14);
  });

  it('stops after an empty first page', async () => {
    const none = { shops: [], sections: [], questions: [] };
    expect(await fetchProgramPages(async () => none, 3)).toEqual(none);
  });
});
