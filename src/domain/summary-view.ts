// What the Performance Summary shows for the current filters (spec: account-and-reporting 2,
// admin-and-evaluation 2 'Summary dashboard pieces').
import {
  type PerformanceStatus,
  type ProgramCard,
  performanceStatus,
  programCards,
  type ShopScoreRecord,
  wholePercent,
} from './reporting';
import { ALL_PROGRAMS } from './summary-filters';

export type ProgramView =
  | { kind: 'none' }
  | { kind: 'cards' }
  /** `canGoBack`: several programs exist, so 'Back to all programs' is offered. */
  | { kind: 'chart'; program: string; canGoBack: boolean };

/**
 * Program cards when All Programs is selected and more than one program exists; the chart of the
 * selected program, or of the only one available; nothing without programs.
 */
export function programView(selected: string, programs: ReadonlyArray<string>): ProgramView {
  if (selected !== ALL_PROGRAMS) return { kind: 'chart', program: selected, canGoBack: programs.length > 1 };
  if (programs.length === 0) return { kind: 'none' };
  if (programs.length === 1) return { kind: 'chart', program: programs[0]!, canGoBack: false };
  return { kind: 'cards' };
}

/**
 * The program cards, one per program name and in name order, like the program filter: the summary
 * selects programs by name, so two orders of the same questionnaire are one program here, as in the
 * program filter and the reporting API's filters.
 */
export const summaryProgramCards = (shops: ReadonlyArray<ShopScoreRecord>): ProgramCard[] =>
  programCards(shops.map((shop) => ({ ...shop, program_id: shop.program_name ?? '' }))).sort((a, b) =>
    a.programName.localeCompare(b.programName),
  );

/** Cards each board column shows before 'Show N more'. */
export const BOARD_COLUMN_CARDS = 3;

/** The cards a board column shows, and how many a 'Show N more' toggle would add. */
export function columnCards<T>(cards: ReadonlyArray<T>, expanded: boolean): { shown: T[]; hidden: number } {
  const hidden = Math.max(0, cards.length - BOARD_COLUMN_CARDS);
  return { shown: expanded ? [...cards] : cards.slice(0, BOARD_COLUMN_CARDS), hidden };
}

export const UNKNOWN_PROGRAM = 'Unknown Program';

export interface WorstQuestionRecord {
  prompt?: string | null;
  /** 0 to 1. */
  avg_percent_score?: number | string | null;
  program_name?: string | null;
}

export interface WorstQuestionView {
  /** The prompt in double quotes. */
  quotedPrompt: string;
  percent: number;
  status: PerformanceStatus;
  programName: string;
}

/** An under-performing question as listed: quoted prompt, whole percent, status, program name. */
export function worstQuestionView(record: WorstQuestionRecord): WorstQuestionView {
  const score = Number(record.avg_percent_score) || 0;
  return {
    quotedPrompt: `"${(record.prompt ?? '').trim()}"`,
    percent: wholePercent(score),
    status: performanceStatus(score),
    programName: record.program_name?.trim() || UNKNOWN_PROGRAM,
  };
}
