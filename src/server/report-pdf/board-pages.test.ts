// The summary PDF's board, cut into pages before react-pdf lays it out (board-pages.ts): every location
// once, in order, and the pages react-pdf makes are the pages planned (a measure too short would show
// as an extra page, a row lost as a missing name).
import { describe, expect, it } from 'vitest';
import { type LocationBoard, locationBoard, type ShopScoreRecord } from '../../domain/index.js';
import { pdfPages } from '../test/pdf-text.js';
import { boardPages, contentBox, helveticaWidth, itemHeight, lineCount } from './board-pages.js';
import { renderSummaryPdf } from './render.js';
import type { SummaryReport } from './summary-data.js';

const LONG = 'at the Riverside Shopping Centre food court, by the north car park entrance';

function board(n: number): LocationBoard {
  const shops: ShopScoreRecord[] = Array.from({ length: n }, (_, i) => ({
    program_id: 'p1',
    program_name: 'Drive-Thru Visit',
    name: `Store ${String(i + 1).padStart(4, '0')}${i % 7 === 3 ? ` ${LONG}` : ''}`,
    shop_date: '2026-03-02',
    last_shop_date: '2026-03-20',
    shop_count: 1,
    total_score: 100 * (0.5 + ((i * 37) % 50) / 100),
    total_possible_score: 100,
  }));
  return locationBoard(shops);
}

describe('the summary board in pages', () => {
  it('measures text as Helvetica sets it, and breaks lines at spaces', () => {
    expect(helveticaWidth('iiii', 10)).toBeLessThan(helveticaWidth('MMMM', 10));
    expect(lineCount('77%  Store 0001', 160, 8.5)).toBe(1);
    expect(lineCount(`77%  Store 0004 ${LONG}`, 160, 8.5)).toBe(3);
    expect(lineCount('W'.repeat(60), 160, 8.5)).toBeGreaterThan(2);
  });

  it('holds every location once, in the board order, on pages that fit, no title last on a page', () => {
    const b = board(1500);
    for (const paper of ['letter', 'a4'] as const) {
      const pages = boardPages(b, paper);
      const room = contentBox(paper).height - 12;
      const names = pages.flat().flatMap((item) => (item.kind === 'block' ? item.columns.flat() : []));
      expect(names.map((c) => c.name)).toEqual(
        [...b.strong, ...b.growthOpportunity, ...b.needsAttention].map((c) => c.name),
      );
      for (const page of pages) {
        expect(page.reduce((sum, item) => sum + itemHeight(item), 0)).toBeLessThanOrEqual(room);
        expect(page.at(-1)!.kind).not.toBe('title');
      }
      expect(pages[0]![0]!.kind).toBe('heading');
    }
  });

  it('renders the pages it planned, each location on them and each page numbered', async () => {
    const b = board(700);
    const report: SummaryReport = {
      period: { start: '2026-03-01', end: '2026-03-31' },
      filters: { program: 'Drive-Thru Visit', location: 'All Locations' },
      regionName: null,
      scoped: false,
      headline: { shops: 700, percent: 74, locations: 700, programs: 1 },
      cards: [],
      chart: null,
      board: b,
      worstQuestions: [
        {
          quotedPrompt: '"Was the order correct?"',
          percent: 61,
          status: 'error',
          programName: 'Drive-Thru Visit',
        },
      ],
    };
    const brand = {
      name: 'Customer Optix',
      primaryColor: '#1c7ed6',
      onPrimary: '#ffffff',
      secondaryColor: '#495057',
      logo: null,
    };
    for (const paper of ['letter', 'a4'] as const) {
      const bytes = await renderSummaryPdf({ report, brand, paper, accountName: 'Acme', now: new Date() });
      const pages = await pdfPages(bytes);
      const planned = 1 + boardPages(b, paper).length;
      expect(pages.length).toBe(planned);
      for (const [i, text] of pages.entries()) expect(text).toContain(`Page ${i + 1} of ${planned}`);
      const all = pages.join('\n');
      for (let i = 1; i <= 700; i++) expect(all).toContain(`Store ${String(i).padStart(4, '0')}`);
      expect(pages.at(-1)).toContain('Was the order correct?');
    }
  });
});
