import { strToU8, zipSync } from 'fflate';
import {
  type CsvQuestionRecord,
  type CsvSectionRecord,
  type CsvShopRecord,
  cleanText,
  csvZipFileName,
  type DateRange,
  programCsvFileName,
  programCsvRows,
  programsInRange,
  toCsv,
} from '../../../domain';

// 'Download CSV' (admin-and-evaluation 4, 5, 8, 9): one CSV per program with shops in the date range,
// built in the browser from each program's shops, sections and answers in the range, zipped with fflate.

export const CSV_TEXT = {
  preparing: 'Preparing download...',
  processing: (program: string, index: number, count: number) =>
    `Processing ${program}... (${index}/${count})`,
  zipping: 'Creating zip file...',
  complete: 'Download complete!',
  noPrograms: 'No programs found for the selected date range.',
  allFailed: 'All programs failed to process. Please try again or contact support.',
  someFailed: (count: number) =>
    `Warning: ${count} program(s) failed to process. The download will continue with the successful programs.`,
  zipFailed: (message: string) => `Error creating zip file: ${message}`,
  tryAgain: 'Please try again or contact support.',
} as const;

/** 'Download complete!' shows this long before the button is idle again. */
export const CSV_COMPLETE_RESET_MS = 1000;

export interface ProgramFailure {
  program: string;
  message: string;
}

export type CsvZipResult =
  | { kind: 'noPrograms' }
  | { kind: 'allFailed'; failures: ProgramFailure[] }
  | { kind: 'zipFailed'; message: string; failures: ProgramFailure[] }
  | { kind: 'zip'; fileName: string; bytes: Uint8Array; files: string[]; failures: ProgramFailure[] };

/** A program's records in the range: its shops, their sections and their answers. */
export interface ProgramRecords {
  shops: ReadonlyArray<CsvShopRecord>;
  sections: ReadonlyArray<CsvSectionRecord>;
  questions: ReadonlyArray<CsvQuestionRecord>;
}

export interface CsvZipInput {
  range: DateRange;
  /** Summary records (single or grouped shops): the programs with shops in the range are exported. */
  shops: ReadonlyArray<Pick<CsvShopRecord, 'shop_date' | 'program_name'>>;
  /** /api/summary/shops, sectionHeaders and questions of one program in the range, by its exact title. */
  fetchProgram: (programName: string) => Promise<ProgramRecords>;
  onProgress: (text: string) => void;
  zip?: (files: Record<string, Uint8Array>) => Uint8Array;
}

/**
 * Shops one page of a program's records holds: the shops, sections (about 5 each) and answers (about
 * 20 each) of 250 shops per request of /api/summary/shops, sectionHeaders and questions.
 */
export const CSV_PAGE_SHOPS = 250;

/**
 * A program's records in the range, read a page of shops at a time (the same page of its shops,
 * their sections and their answers, in shop date order), pooled in page order: the records of one call
 * each, so the same CSV. A page with fewer shops than asked for is the last.
 */
export async function fetchProgramPages(
  fetchPage: (page: { pageNumber: number; pageSize: number }) => Promise<ProgramRecords>,
  pageSize = CSV_PAGE_SHOPS,
): Promise<ProgramRecords> {
  const shops: CsvShopRecord[] = [];
  const sections: CsvSectionRecord[] = [];
  const questions: CsvQuestionRecord[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await fetchPage({ pageNumber, pageSize });
    shops.push(...page.shops);
    sections.push(...page.sections);
    questions.push(...page.questions);
    if (page.shops.length < pageSize) return { shops, sections, questions };
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A file name not yet in the zip: 'Lunch.csv', then 'Lunch_2.csv'. */
function uniqueName(name: string, taken: Record<string, unknown>): string {
  if (!(name in taken)) return name;
  const base = name.replace(/\.csv$/, '');
  let n = 2;
  while (`${base}_${n}.csv` in taken) n += 1;
  return `${base}_${n}.csv`;
}

/**
 * Builds the zip, program by program. A program without shop or question data is skipped silently;
 * one whose records cannot be fetched or turned into CSV is a failure, reported with the rest.
 */
export async function buildCsvZip(input: CsvZipInput): Promise<CsvZipResult> {
  input.onProgress(CSV_TEXT.preparing);
  const programs = programsInRange(input.shops, input.range);
  if (programs.length === 0) return { kind: 'noPrograms' };
  const files: Record<string, Uint8Array> = {};
  const failures: ProgramFailure[] = [];
  for (const [i, title] of programs.entries()) {
    const program = cleanText(title);
    input.onProgress(CSV_TEXT.processing(program, i + 1, programs.length));
    try {
      const records = await input.fetchProgram(title);
      const rows = programCsvRows({ programName: title, range: input.range, ...records });
      if (rows) files[uniqueName(programCsvFileName(title), files)] = strToU8(toCsv(rows));
    } catch (err) {
      failures.push({ program, message: messageOf(err) });
    }
  }
  const names = Object.keys(files);
  if (names.length === 0)
    return failures.length > 0 ? { kind: 'allFailed', failures } : { kind: 'noPrograms' };
  input.onProgress(CSV_TEXT.zipping);
  try {
    const bytes = (input.zip ?? zipSync)(files);
    return { kind: 'zip', fileName: csvZipFileName(input.range), bytes, files: names, failures };
  } catch (err) {
    return { kind: 'zipFailed', message: messageOf(err), failures };
  }
}
