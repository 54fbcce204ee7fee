// Per-program shop results as CSV (spec: admin-and-evaluation 5 and 9). Pure: records in, rows or
// CSV text out; fetching the records and zipping the files is the caller's job.

import { type DateRange, parseDate, toDateKey } from './dates';

/** Summary shop record (reporting API /api/summary/shops). */
export interface CsvShopRecord {
  shop_id: string | number;
  shop_date?: string | Date | null;
  /** Location name. */
  name?: string | null;
  address_name?: string | null;
  program_name?: string | null;
  total_score?: number | null;
  total_possible_score?: number | null;
}

/** Section record: a shop's percent (0 to 1) in one section. */
export interface CsvSectionRecord {
  shop_id: string | number;
  section_header?: string | null;
  percent_score?: number | null;
}

/** Question record: one answer of a shop, percent 0 to 1. */
export interface CsvQuestionRecord {
  shop_id: string | number;
  prompt?: string | null;
  answer?: string | number | null;
  total_possible_score?: number | null;
  percent_score?: number | null;
}

export const CSV_FIXED_COLUMNS = [
  'Shop ID',
  'Shop Location',
  'Shop Address',
  'Shop Date',
  'Overall Performance',
];

/** Text with surrounding whitespace and double quotes (straight or curly) stripped. */
export const cleanText = (value: unknown): string =>
  value == null
    ? ''
    : String(value)
        .trim()
        .replace(/^["“”]+|["“”]+$/g, '')
        .trim();

/** A percent (0-100) with 2 decimals from a 0-1 score, half up; '' for a missing score. */
export function formatScore(score: number | null | undefined): string {
  if (score == null || !Number.isFinite(score)) return '';
  // toPrecision removes binary noise (0.87655 x 10000 = 8765.499999...) before rounding.
  return (Math.round(Number((score * 10000).toPrecision(12))) / 100).toFixed(2);
}

const dateKeyOf = (value: CsvShopRecord['shop_date']): string | null => {
  const date = parseDate(value);
  return date ? toDateKey(date) : null;
};
/**
 * Keys of the stored date texts seen: the summary's thousands of records share a few hundred dates and
 * are filtered by range several times per render (bounded, so a long session does not grow it).
 */
const dateKeys = new Map<string, string | null>();
const shopDateKey = ({ shop_date: value }: Pick<CsvShopRecord, 'shop_date'>): string | null => {
  if (typeof value !== 'string') return dateKeyOf(value);
  let key = dateKeys.get(value);
  if (key === undefined) {
    if (dateKeys.size >= 10_000) dateKeys.clear();
    key = dateKeyOf(value);
    dateKeys.set(value, key);
  }
  return key;
};

/** Shops with a valid shop date inside the range, both ends inclusive by UTC day. */
export function shopsInRange<S extends Pick<CsvShopRecord, 'shop_date'>>(
  shops: ReadonlyArray<S>,
  range: DateRange,
): S[] {
  const from = toDateKey(range.start);
  const to = toDateKey(range.end);
  return shops.filter((shop) => {
    const key = shopDateKey(shop);
    return key !== null && key >= from && key <= to;
  });
}

/**
 * Names of the programs to export: those with shops in the range, in order of first appearance. Names
 * are kept as the records give them (quotes and all), since the server filters a program's records by
 * its exact title; `cleanText` them for display.
 */
export const programsInRange = (
  shops: ReadonlyArray<Pick<CsvShopRecord, 'shop_date' | 'program_name'>>,
  range: DateRange,
): string[] => [...new Set(shopsInRange(shops, range).map((shop) => shop.program_name ?? ''))];

/** File-name-safe text: anything but letters, digits, '.', '_' and '-' becomes an underscore. */
export const safeFileName = (name: string): string => name.replace(/[^A-Za-z0-9._-]/g, '_');

export const programCsvFileName = (programName: string): string =>
  `${safeFileName(cleanText(programName))}.csv`;

export const csvZipFileName = (range: DateRange): string =>
  `program-reports_${toDateKey(range.start)}_to_${toDateKey(range.end)}.zip`;

export interface ProgramCsvInput {
  programName: string;
  range: DateRange;
  /** All summary shops (any program); the program's shops in range are picked here. */
  shops: ReadonlyArray<CsvShopRecord>;
  sections: ReadonlyArray<CsvSectionRecord>;
  questions: ReadonlyArray<CsvQuestionRecord>;
}

/**
 * The header and one row per shop of a program, ordered by shop date then id. Columns: the fixed five,
 * one per section header, then per distinct question (by prompt, in order of first appearance) a
 * prompt, an answer and a score column. Scores are percents with 2 decimals; a question's score is
 * empty when its total_possible_score is 0, and so is Overall Performance for a shop with nothing
 * possible. Null when the program has no shop or no question data: such a program is skipped.
 */
export function programCsvRows(input: ProgramCsvInput): string[][] | null {
  const programName = cleanText(input.programName);
  const shops = shopsInRange(input.shops, input.range)
    .filter((shop) => cleanText(shop.program_name) === programName)
    .map((shop) => ({ shop, id: String(shop.shop_id), date: shopDateKey(shop) ?? '' }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id, 'en', { numeric: true }));
  const shopIds = new Set(shops.map(({ id }) => id));
  // Columns in order of first appearance; cells keyed by shop id and column, the first record wins.
  const cellKey = (shopId: string | number, column: string) => JSON.stringify([String(shopId), column]);
  const headers = new Set<string>();
  const sectionScores = new Map<string, number | null | undefined>();
  for (const s of input.sections) {
    const header = cleanText(s.section_header);
    if (!shopIds.has(String(s.shop_id)) || !header) continue;
    headers.add(header);
    if (!sectionScores.has(cellKey(s.shop_id, header)))
      sectionScores.set(cellKey(s.shop_id, header), s.percent_score);
  }
  const prompts = new Set<string>();
  const answers = new Map<string, CsvQuestionRecord>();
  for (const q of input.questions) {
    const prompt = cleanText(q.prompt);
    if (!shopIds.has(String(q.shop_id)) || !prompt) continue;
    prompts.add(prompt);
    if (!answers.has(cellKey(q.shop_id, prompt))) answers.set(cellKey(q.shop_id, prompt), q);
  }
  if (shops.length === 0 || prompts.size === 0) return null;
  const header = [
    ...CSV_FIXED_COLUMNS,
    ...headers,
    ...[...prompts].flatMap((_, i) => [
      `Question ${i + 1}`,
      `Question ${i + 1} Answer`,
      `Question ${i + 1} Score`,
    ]),
  ];

  const rows = shops.map(({ shop, id, date }) => {
    const possible = Number(shop.total_possible_score) || 0;
    const overall = possible === 0 ? '' : formatScore((Number(shop.total_score) || 0) / possible);
    const sectionCells = [...headers].map((h) => formatScore(sectionScores.get(cellKey(id, h))));
    const questionCells = [...prompts].flatMap((prompt) => {
      const q = answers.get(cellKey(id, prompt));
      if (!q) return [prompt, '', ''];
      const score = (Number(q.total_possible_score) || 0) === 0 ? '' : formatScore(q.percent_score);
      return [prompt, cleanText(q.answer), score];
    });
    return [
      id,
      cleanText(shop.name),
      cleanText(shop.address_name),
      date,
      overall,
      ...sectionCells,
      ...questionCells,
    ];
  });
  return [header, ...rows];
}

/** Strings a spreadsheet would run as a formula; plain numbers such as '-5.00' are left alone. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote, CR or LF, quotes doubled. Text starting
 * with =, +, - or @ (or a tab or CR) is prefixed with a single quote against formula injection.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with CRLF line breaks. */
export const toCsv = (rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
