// The summary PDF's location board cut into pages before react-pdf sees it (issue 48: a 20-page summary
// in under 2 s). react-pdf paginates a long page by laying out everything left after each break again
// (and again for the page-number footer), so one flowing page of a chain's 2,700 locations took 7 s for
// 19 pages, quadratic in the pages. The board's rows have known heights (one style, a line height set
// here, names measured with Helvetica's widths), so it is cut here into pages that each fit, and react-pdf
// lays out each page once. Every page still wraps: if a measure were short, react-pdf would break that
// page (its footer's "Page N of M" counts what it made), never lose a row.
import { LOCATION_BOARD_COLUMNS, type LocationBoard, type PaperSize } from '../../domain/index.js';

type Card = LocationBoard['strong'][number];

/** Points. A4 and US Letter; the pages' paddings (styles.page). */
const PAPER_POINTS: Record<PaperSize, { width: number; height: number }> = {
  a4: { width: 595.28, height: 841.89 },
  letter: { width: 612, height: 792 },
};
const PAGE_PADDING = { top: 36, bottom: 52, horizontal: 36 };

/** The board's type and spacing, shared with summary-pdf.tsx so that drawing and measuring agree. */
export const BOARD = {
  cardsPerRow: 3,
  cardWidthPercent: 32,
  cardGapPercent: 1.3,
  cardFontSize: 8.5,
  lineHeight: 1.2,
  cardPaddingLeft: 4,
  cardBorder: 2,
  cardPaddingVertical: 1,
  rowGap: 2,
  titleFontSize: 10,
  titleGapAbove: 6,
  titleGapBelow: 4,
  emptyFontSize: 8,
  headingFontSize: 13,
  headingGapAbove: 14,
  headingGapBelow: 6,
} as const;

/** Helvetica's advance widths (per 1000 em) of the printable ASCII characters, from its AFM. */
const HELVETICA_ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Any other character is counted as wide as an M: a measure may be long, never short. */
const OTHER_WIDTH = 833;

/** The width of a text in Helvetica at a size, in points (5 % over, for kerning and rounding). */
export function helveticaWidth(text: string, fontSize: number): number {
  let units = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    units += code >= 32 && code <= 126 ? HELVETICA_ASCII[code - 32]! : OTHER_WIDTH;
  }
  return (units / 1000) * fontSize * 1.05;
}

/** How many lines a text takes in a width, broken at spaces as react-pdf breaks it (no hyphenation). */
export function lineCount(text: string, width: number, fontSize: number): number {
  const space = helveticaWidth(' ', fontSize);
  let lines = 1;
  let used = 0;
  for (const word of text.split(/ +/)) {
    const w = helveticaWidth(word, fontSize);
    if (used > 0 && used + space + w > width) {
      lines += 1;
      used = 0;
    }
    if (used === 0 && w > width) {
      // A word longer than the line is broken wherever it must be.
      lines += Math.ceil(w / width) - 1;
      used = w % width;
    } else used += (used > 0 ? space : 0) + w;
  }
  return lines;
}

/** A card's text, as drawn. */
export const boardCardText = (card: Pick<Card, 'percent' | 'name'>) => `${card.percent}%  ${card.name}`;

export type BoardItem =
  | { kind: 'heading' }
  | { kind: 'title'; column: (typeof LOCATION_BOARD_COLUMNS)[number]; count: number; first: boolean }
  | { kind: 'empty' }
  /** Part of a board column's locations, in three columns read downwards, each one text block. */
  | { kind: 'block'; columns: Card[][]; lines: number };

const lineOf = (fontSize: number) => fontSize * BOARD.lineHeight;
const cardLine = () => lineOf(BOARD.cardFontSize);
const BLOCK_EXTRA = 2 * BOARD.cardPaddingVertical + BOARD.rowGap;

/** An item's height on the page, in points. */
export function itemHeight(item: BoardItem): number {
  switch (item.kind) {
    case 'heading':
      return BOARD.headingGapAbove + lineOf(BOARD.headingFontSize) + BOARD.headingGapBelow;
    case 'title':
      return (item.first ? 0 : BOARD.titleGapAbove) + lineOf(BOARD.titleFontSize) + BOARD.titleGapBelow;
    case 'empty':
      return lineOf(BOARD.emptyFontSize);
    case 'block':
      return item.lines * cardLine() + BLOCK_EXTRA;
  }
}

/** The page's content box. */
export function contentBox(paper: PaperSize) {
  const p = PAPER_POINTS[paper];
  return {
    width: p.width - 2 * PAGE_PADDING.horizontal,
    height: p.height - PAGE_PADDING.top - PAGE_PADDING.bottom,
  };
}

/** Each card's lines in a column of the paper's width. */
function cardLines(cards: Card[], paper: PaperSize): number[] {
  const textWidth =
    (contentBox(paper).width * BOARD.cardWidthPercent) / 100 - BOARD.cardBorder - BOARD.cardPaddingLeft - 0.5;
  return cards.map((card) => lineCount(boardCardText(card), textWidth, BOARD.cardFontSize));
}

/**
 * Cards from `from` laid into three columns of at most `maxLines` lines, as even as they can be: the
 * columns and how many cards they took.
 */
function fillColumns(cards: Card[], lines: number[], from: number, maxLines: number) {
  const fill = (perColumn: number) => {
    const columns: Card[][] = [];
    let i = from;
    let tallest = 0;
    for (let c = 0; c < BOARD.cardsPerRow && i < cards.length; c++) {
      const column: Card[] = [];
      let used = 0;
      while (i < cards.length && (column.length === 0 || used + lines[i]! <= perColumn)) {
        if (used + lines[i]! > maxLines) break;
        used += lines[i]!;
        column.push(cards[i++]!);
      }
      if (!column.length) break;
      columns.push(column);
      tallest = Math.max(tallest, used);
    }
    return { columns, next: i, lines: tallest };
  };
  let remaining = 0;
  for (let i = from; i < cards.length; i++) remaining += lines[i]!;
  for (let per = Math.ceil(remaining / BOARD.cardsPerRow); per < maxLines; per++) {
    const even = fill(per);
    if (even.next === cards.length) return even;
  }
  return fill(maxLines);
}

/** The board's items (the heading, then each column's title and its locations) on pages of `room` points. */
function cutBoard(board: LocationBoard, paper: PaperSize, room: number): BoardItem[][] {
  let used = 0;
  let page: BoardItem[] = [];
  const place = (item: BoardItem) => {
    page.push(item);
    used += itemHeight(item);
  };
  const lineH = cardLine();
  const pages: BoardItem[][] = [];
  const breakPage = () => {
    pages.push(page);
    page = [];
    used = 0;
  };
  place({ kind: 'heading' });
  LOCATION_BOARD_COLUMNS.forEach((column, index) => {
    const cards = board[column.key];
    const lines = cardLines(cards, paper);
    const title = (first: boolean): BoardItem => ({ kind: 'title', column, count: cards.length, first });
    // A title keeps at least its first line of locations (or "No locations") on its page.
    if (used + itemHeight(title(index === 0)) + lineH * (lines[0] ?? 1) + BLOCK_EXTRA > room) breakPage();
    place(title(index === 0 || page.length === 0));
    if (!cards.length) place({ kind: 'empty' });
    let from = 0;
    while (from < cards.length) {
      const maxLines = Math.floor((room - used - BLOCK_EXTRA) / lineH);
      if (maxLines < (lines[from] ?? 1)) {
        breakPage();
        continue;
      }
      const block = fillColumns(cards, lines, from, maxLines);
      place({ kind: 'block', columns: block.columns, lines: block.lines });
      from = block.next;
      if (from < cards.length) breakPage();
    }
  });
  if (page.length) pages.push(page);
  return pages;
}

/**
 * The board cut into pages of the paper's content height (less `reserve` points, kept free for the
 * measure's errors). A column's title never ends a page: it moves to the next with its first locations.
 */
export function boardPages(board: LocationBoard, paper: PaperSize, reserve = 12): BoardItem[][] {
  return cutBoard(board, paper, contentBox(paper).height - reserve);
}

/** The board on one page of unbounded height (to follow the summary's first part when it is short). */
export const boardItems = (board: LocationBoard, paper: PaperSize): BoardItem[] =>
  boardPages(board, paper, -1e9).flat();

/** The board's height as one block. */
export const boardHeight = (board: LocationBoard, paper: PaperSize) =>
  boardItems(board, paper).reduce((sum, item) => sum + itemHeight(item), 0);
