// A 20-page Performance Summary PDF (issue 48): how long the server takes to render it, on this machine.
// The report is made up (a chain's 3,700 locations on the board, a year's chart, the worst questions),
// rendered by the same code as GET /reports/summary.pdf (renderSummaryPdf), its pages counted by pdfjs.
// RUNS=5 LOCATIONS=3700 PAPER=letter OUT=/tmp/summary.pdf npx tsx scripts/bench/pdf.ts (3,700 locations
// make 20 US Letter pages); exits 1 when the median is 2 s or more, or the pages are not as board-pages.ts
// planned them (the page's first part, then the board's pages).
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  locationBoard,
  programChartData,
  type ShopScoreRecord,
  summaryProgramCards,
} from '../../src/domain/index.js';
import { boardPages } from '../../src/server/report-pdf/board-pages.js';
import { renderSummaryPdf } from '../../src/server/report-pdf/render.js';
import type { SummaryReport } from '../../src/server/report-pdf/summary-data.js';
import { pdfPages } from '../../src/server/test/pdf-text.js';

const RUNS = Number(process.env.RUNS ?? 5);
const LOCATIONS = Number(process.env.LOCATIONS ?? 3700);
const PAPER = process.env.PAPER === 'a4' ? 'a4' : 'letter';
const BUDGET_MS = 2000;

const shops: ShopScoreRecord[] = Array.from({ length: LOCATIONS }, (_, i) => ({
  program_id: 'p1',
  program_name: 'Drive-Thru Visit',
  name: `Store #${String(i + 1).padStart(4, '0')} – ${['Main St', 'Oak Ave', 'Pine Rd', 'Elm Blvd'][i % 4]}`,
  shop_date: '2026-01-05',
  last_shop_date: '2026-12-20',
  shop_count: 12,
  total_score: 120 * (0.55 + ((i * 37) % 45) / 100),
  total_possible_score: 120,
}));
const months = Array.from({ length: 12 }, (_, m) => `2026-${String(m + 1).padStart(2, '0')}-01`);
const report: SummaryReport = {
  period: { start: '2026-01-01', end: '2026-12-31' },
  filters: { program: 'Drive-Thru Visit', location: 'All Locations' },
  regionName: null,
  scoped: false,
  headline: { shops: LOCATIONS * 12, percent: 77, locations: LOCATIONS, programs: 1 },
  cards: summaryProgramCards(shops),
  chart: {
    program: 'Drive-Thru Visit',
    granularity: 'monthly',
    data: programChartData({
      granularity: 'monthly',
      shops: months.map((d, m) => ({
        shop_date: d,
        total_score: 0,
        total_possible_score: 0,
        percent_sum: 2000 + m * 40,
        scored_shops: LOCATIONS,
      })),
      sections: ['Speed', 'Accuracy', 'Friendliness', 'Cleanliness'].flatMap((s, k) =>
        months.map((d, m) => ({
          shop_date: d,
          section_header: s,
          percent_sum: 1800 + k * 100 + m * 30,
          shop_count: LOCATIONS,
        })),
      ),
    }),
  },
  board: locationBoard(shops),
  worstQuestions: [
    {
      quotedPrompt: '"Was the order correct?"',
      percent: 61,
      status: 'error',
      programName: 'Drive-Thru Visit',
    },
    { quotedPrompt: '"Were you thanked?"', percent: 68, status: 'error', programName: 'Drive-Thru Visit' },
    {
      quotedPrompt: '"Was the menu board clean?"',
      percent: 72,
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

const render = () =>
  renderSummaryPdf({ report, brand, paper: PAPER, accountName: 'Acme Drive-Thru', now: new Date() });

// One warm-up (fonts and modules load once per process, as in a running server).
const first = performance.now();
const bytes = await render();
const coldMs = performance.now() - first;
const pages = (await pdfPages(bytes)).length;
if (process.env.OUT) writeFileSync(process.env.OUT, bytes);
const planned = 1 + boardPages(report.board, PAPER).length;
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  await render();
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)]!;
console.log(
  `Summary PDF (${PAPER}): ${pages} pages (${planned} planned), ${(bytes.length / 1024).toFixed(0)} KB, ${LOCATIONS} locations on the board; ` +
    `first render ${coldMs.toFixed(0)} ms; ${RUNS} runs: median ${median.toFixed(0)} ms, ` +
    `min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (budget ${BUDGET_MS} ms).`,
);
if (median >= BUDGET_MS || pages !== planned) process.exit(1);
