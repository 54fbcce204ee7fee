import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  addDaysUtc,
  aggregateReport,
  csvZipFileName,
  DEFAULT_SUMMARY_FILTERS,
  filterRecords,
  formatDateUs,
  locationBoard,
  locationChoices,
  programChartData,
  programCsvFileName,
  programCsvRows,
  programsInRange,
  type SummaryFilters,
  shopCountLabel,
  summaryProgramCards,
  toCsv,
  toDateKey,
} from '../src/domain';
import type { ProgramRow, ShopRow, SummarySectionRow, SummaryShopRow } from '../src/web/reports/report-types';
import {
  choose,
  csvFields,
  customerApi,
  expectBoard,
  expectCards,
  expectQuestions,
  loginAsRiley,
  RILEY,
  rangeOf,
  SHOTS,
  shot,
  summaryLoaded,
} from './reports-support';
import { DEMO, gql, loginThroughForm, screenshot, test } from './support';

// The reporting demo customer's Performance Summary and reports, as the customer and an admin walk
// them. Every number on screen is checked against the signed reporting API, called here with a
// signature from generateSignature, and against the domain rules the screens use.

test('the dashboard summary becomes interactive and its filters narrow every widget alike', async ({
  page,
  request,
}) => {
  const api = await customerApi(request);
  const shops = await api<SummaryShopRow>('/api/summary/shops');
  await loginAsRiley(page);

  // The page's calls as it makes them, and when React has taken the server's page over (root no longer inert).
  await page.addInitScript(() => {
    const log: { what: string; at: number }[] = [];
    Object.assign(window, { callLog: log });
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const operation = /"operationName":"(\w+)"/.exec(typeof init?.body === 'string' ? init.body : '')?.[1];
      log.push({ what: operation ?? new URL(url, window.location.href).pathname, at: performance.now() });
      return fetch(input, init);
    };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (root && !root.hasAttribute('inert') && root.firstElementChild) {
        log.push({ what: 'taken over', at: performance.now() });
        observer.disconnect();
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['inert'] });
  });

  // Time to interactive: navigation start to the summary's widgets rendered, measured in the page.
  await page.goto('/account/dashboard');
  const ms = await page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid=program-cards]') &&
        document.querySelector('[data-testid=locations-board]') &&
        document.querySelector('[data-testid=worst-questions]')
          ? performance.now()
          : null,
      null,
      { polling: 'raf', timeout: 20_000 },
    )
    .then((h) => h.jsonValue());
  console.log(
    `dashboard interactive: ${Math.round(Number(ms))} ms from navigation start to the summary widgets`,
  );
  // The summary's and My Programs' first calls start while React takes the page over (their signatures
  // are asked for before it is done), and the summary takes those answers: each call is made once.
  const calls = await page.evaluate(
    () => (window as unknown as { callLog: { what: string; at: number }[] }).callLog,
  );
  const firstAt = (what: string) => calls.find((c) => c.what === what)?.at ?? Number.NaN;
  expect(firstAt('GenerateSignature')).toBeLessThan(firstAt('taken over'));
  for (const path of ['/api/summary/shops', '/api/summary/worstQuestions', '/api/programs/'])
    expect(
      calls.filter((c) => c.what === path),
      path,
    ).toHaveLength(1);

  const ytd = rangeOf('Year to Date', shops);
  let filters: SummaryFilters = DEFAULT_SUMMARY_FILTERS;
  const expectAll = async () => {
    await expectCards(page, summaryProgramCards(filterRecords(shops, ytd, filters, { ignoreProgram: true })));
    await expectBoard(page, locationBoard(filterRecords(shops, ytd, filters)));
    await expectQuestions(page, api, ytd, filters);
  };

  await expect(page.getByRole('textbox', { name: 'Date Range' })).toHaveValue('Year to Date');
  await expect(page.getByRole('textbox', { name: 'Program' })).toHaveValue('All Programs');
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('All Locations');
  await expect(page.getByTestId('active-filters')).toHaveCount(0);
  await expectAll();
  await shot(page, 'dashboard');

  // The locations' list (a chain's holds a thousand) enters the page when its field takes the focus,
  // not with the page; from the keyboard it then opens with every location in it.
  const location = locationChoices(shops, ytd, 'All Programs').at(-1)!;
  const locationOption = page.locator('[role=option]', { hasText: location });
  await expect(locationOption).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Location' }).focus();
  await expect(locationOption).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  await expect(locationOption).toBeVisible();
  await page.keyboard.press('Escape');

  // A location narrows the cards, the board and the questions.
  await choose(page, 'Location', location);
  filters = { ...filters, location };
  await expect(page.getByTestId('active-filters')).toContainText(location);
  await expectAll();

  // A program replaces the cards with its chart, and narrows the board and questions too.
  const program = summaryProgramCards(filterRecords(shops, ytd, filters, { ignoreProgram: true }))[1]!
    .programName;
  await choose(page, 'Program', program);
  filters = { ...filters, program };
  await expect(page.getByTestId('program-chart-title')).toHaveText(`${program} Program Performance`);
  await expect(page.getByTestId('program-card')).toHaveCount(0);
  await expectBoard(page, locationBoard(filterRecords(shops, ytd, filters)));
  await expectQuestions(page, api, ytd, filters);
  await expect(page.getByTestId('active-filters')).toContainText(program);

  // Back to all programs keeps the location; Clear All returns to the defaults and hides the bar.
  await page.getByRole('button', { name: 'Back to all programs' }).click();
  filters = { ...filters, program: 'All Programs' };
  await expectAll();
  await page.getByRole('button', { name: 'Clear All' }).click();
  filters = DEFAULT_SUMMARY_FILTERS;
  await expect(page.getByTestId('active-filters')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('All Locations');
  await expectAll();

  // All Time spans the first to the last shop (its months are asked for first).
  await choose(page, 'Date Range', 'All Time');
  const all = rangeOf('All Time', shops);
  await expectCards(page, summaryProgramCards(filterRecords(shops, all, filters, { ignoreProgram: true })));
  await expectBoard(page, locationBoard(filterRecords(shops, all, filters)));
  await expectQuestions(page, api, all, filters);
});

test('the program chart goes monthly or daily with the range, and a custom range narrows it', async ({
  page,
  request,
}) => {
  const api = await customerApi(request);
  const shops = await api<SummaryShopRow>('/api/summary/shops');
  const sections = await api<SummarySectionRow>('/api/summary/sectionHeaders');
  await loginAsRiley(page);
  await summaryLoaded(page);

  await choose(page, 'Date Range', 'Past 12 Months');
  const year = rangeOf('Past 12 Months', shops);
  const program = summaryProgramCards(filterRecords(shops, year, DEFAULT_SUMMARY_FILTERS))[0]!.programName;
  await page.getByTestId('program-card').filter({ hasText: program }).click();
  await expect(page.getByRole('textbox', { name: 'Program' })).toHaveValue(program);
  await expect(page.getByTestId('chart-granularity')).toHaveAttribute('data-granularity', 'monthly');
  const filters = { ...DEFAULT_SUMMARY_FILTERS, program };
  const chart = programChartData({
    shops: filterRecords(shops, year, filters),
    sections: filterRecords(sections, year, filters),
    granularity: 'monthly',
  });
  const legend = page.getByTestId('chart-legend').getByRole('button');
  await expect(legend).toHaveText(chart.series);
  // One point per month and series that has a score there.
  const points = chart.series.reduce((n, name) => n + chart.points.filter((p) => p.values[name]).length, 0);
  expect(chart.points.length).toBeGreaterThanOrEqual(12);
  await expect(page.getByTestId('program-chart').locator('.recharts-line-dots circle')).toHaveCount(points);

  // Legend: all on, a click isolates; clicking the only one left turns all back on; otherwise toggles.
  const [first, second] = chart.series as [string, string];
  await page.getByTestId('chart-legend').getByRole('button', { name: second }).click();
  for (const name of chart.series)
    await expect(page.getByTestId('chart-legend').getByRole('button', { name })).toHaveAttribute(
      'aria-pressed',
      String(name === second),
    );
  await page.getByTestId('chart-legend').getByRole('button', { name: first }).click();
  await expect(page.getByTestId('chart-legend').getByRole('button', { name: first })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByTestId('chart-legend').getByRole('button', { name: first }).click();
  await page.getByTestId('chart-legend').getByRole('button', { name: second }).click();
  for (const name of chart.series)
    await expect(page.getByTestId('chart-legend').getByRole('button', { name })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  await page.getByTestId('program-chart').hover();
  await shot(page, 'chart-monthly');

  // The chart's text alternative: the same figures as a table, opened from the keyboard.
  const figures = page.getByTestId('program-chart-table');
  await figures.locator('summary').focus();
  await page.keyboard.press('Enter');
  await expect(figures.getByRole('row')).toHaveCount(chart.points.length + 1);
  await expect(figures.getByRole('columnheader')).toHaveText(['Month', ...chart.series]);
  const last = chart.points[chart.points.length - 1]!;
  const lastCells = chart.series.map((name) => {
    const v = last.values[name];
    return v ? `${v.percent}% (${shopCountLabel(v.shops)})` : '–';
  });
  await expect(figures.getByRole('row').last().getByRole('cell')).toHaveText(lastCells);
  await figures.scrollIntoViewIfNeeded();
  await shot(page, 'chart-table');

  await choose(page, 'Date Range', 'Past 30 Days');
  await expect(page.getByTestId('chart-granularity')).toHaveAttribute('data-granularity', 'daily');

  // Selecting Custom Range opens the picker; picking two days makes the range.
  await choose(page, 'Date Range', 'Custom Range');
  const today = new Date();
  const start = addDaysUtc(today, -20);
  const end = addDaysUtc(today, -5);
  const dayLabel = (d: Date) =>
    d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  await page
    .getByRole('button', { name: dayLabel(start), exact: true })
    .first()
    .click();
  await page
    .getByRole('button', { name: dayLabel(end), exact: true })
    .first()
    .click();
  await expect(page.getByTestId('custom-range')).toHaveText(`${formatDateUs(start)} – ${formatDateUs(end)}`);
  await expect(page.getByRole('textbox', { name: 'Date Range' })).toHaveValue('Custom Range');
  const custom = rangeOf('Custom Range', shops, { start, end });
  const stillThere = filterRecords(shops, custom, filters).length > 0;
  const narrowed = stillThere ? filters : DEFAULT_SUMMARY_FILTERS;
  await expect(page.getByRole('textbox', { name: 'Program' })).toHaveValue(narrowed.program);
  if (stillThere)
    await expect(page.getByTestId('chart-granularity')).toHaveAttribute('data-granularity', 'daily');
  await expectBoard(page, locationBoard(filterRecords(shops, custom, narrowed)));
  await expectQuestions(page, api, custom, narrowed);
  await shot(page, 'custom-range');
});

test('a location card selects its location', async ({ page, request }) => {
  const api = await customerApi(request);
  const shops = await api<SummaryShopRow>('/api/summary/shops');
  await loginAsRiley(page);
  await summaryLoaded(page);
  const ytd = rangeOf('Year to Date', shops);
  const board = locationBoard(filterRecords(shops, ytd, DEFAULT_SUMMARY_FILTERS));
  const weakest = board.needsAttention[0] ?? board.growthOpportunity[0]!;
  await page.getByTestId('location-card').filter({ hasText: weakest.name }).click();
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue(weakest.name);
  await expect(page.getByTestId('active-filters')).toContainText(weakest.name);
  await expect(page.getByTestId('location-card')).toHaveCount(1);
  await expectQuestions(page, api, ytd, { ...DEFAULT_SUMMARY_FILTERS, location: weakest.name });
  // The board's text alternative lists the location with its score.
  const figures = page.getByTestId('locations-board-table');
  await figures.locator('summary').click();
  await expect(figures.getByRole('row', { name: weakest.name })).toContainText(`${weakest.percent}%`);

  // Show N more / Show Less.
  await page.getByRole('button', { name: 'Clear All' }).click();
  const strong = page.getByTestId('locations-board').getByRole('region', { name: 'Strong' });
  if (board.strong.length > 3) {
    await strong.getByRole('button', { name: `Show ${board.strong.length - 3} more` }).click();
    await expect(strong.getByTestId('location-card')).toHaveCount(board.strong.length);
    await strong.getByRole('button', { name: 'Show Less' }).click();
    await expect(strong.getByTestId('location-card')).toHaveCount(3);
  } else {
    await expect(strong.getByTestId('location-card')).toHaveCount(board.strong.length);
    await expect(strong.getByRole('button', { name: /^Show \d+ more$/ })).toHaveCount(0);
  }
});

test("Download CSV zips one CSV per program, matching the API's numbers", async ({ page, request }) => {
  const api = await customerApi(request);
  const shops = await api<SummaryShopRow>('/api/summary/shops');
  const sections = await api<SummarySectionRow>('/api/summary/sectionHeaders');
  await loginAsRiley(page);
  await summaryLoaded(page);
  const ytd = rangeOf('Year to Date', shops);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  await expect(page.getByTestId('csv-progress')).toHaveText('Download complete!');
  await expect(page.getByTestId('csv-progress')).toBeHidden({ timeout: 3000 });
  expect(download.suggestedFilename()).toBe(csvZipFileName(ytd));

  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const programs = programsInRange(shops, ytd);
  // The demo's current month always has shops (seed-reporting.ts), so Year to Date is never empty.
  expect(programs.length).toBeGreaterThan(0);
  expect(Object.keys(files).sort()).toEqual(programs.map(programCsvFileName).sort());
  for (const program of programs) {
    const questions = await api<{ shop_id: string }>('/api/summary/questions', {
      startDate: toDateKey(ytd.start),
      endDate: toDateKey(ytd.end),
      programName: program,
    });
    const rows = programCsvRows({ programName: program, range: ytd, shops, sections, questions })!;
    const text = strFromU8(files[programCsvFileName(program)]!);
    expect(text).toBe(toCsv(rows));
    // And spot-check one shop against the raw API record: Overall Performance is score / possible.
    const [header, firstRow] = text.split('\r\n').map(csvFields);
    const shop = shops.find((s) => s.shop_id === firstRow![0])!;
    expect(header!.slice(0, 5)).toEqual([
      'Shop ID',
      'Shop Location',
      'Shop Address',
      'Shop Date',
      'Overall Performance',
    ]);
    expect(Number(firstRow![4])).toBeCloseTo((shop.total_score / shop.total_possible_score) * 100, 2);
    expect(text.split('\r\n')).toHaveLength(
      1 + filterRecords(shops, ytd, { ...DEFAULT_SUMMARY_FILTERS, program }).length,
    );
  }
});

test('the reports area lists programs, shops and surveys, and a program with its aggregate report', async ({
  page,
  request,
}) => {
  const api = await customerApi(request);
  const programs = await api<ProgramRow>('/api/programs/', { pageNumber: 1, pageSize: 999 });
  await loginAsRiley(page);
  await page.getByRole('link', { name: 'Program Reports' }).click();
  await expect(page).toHaveURL(/\/account\/reports$/);
  await expect(page.getByRole('heading', { name: 'My Programs' })).toBeVisible();
  const rows = page.getByTestId('programs-table').locator('tbody tr');
  await expect(rows).toHaveCount(programs.length);
  for (const [i, p] of programs.entries())
    await expect(rows.nth(i)).toContainText(
      `${p.programName}Mystery Shop${p.orderNumber}${formatDateUs(p.orderDate)}${p.positives}${p.neutrals}${p.negatives}`,
    );
  // On a desktop screen the whole table shows, down to its last column's links: nothing to scroll.
  expect(await tableScroll(page, 'programs-table').hidden()).toBe(0);
  await expect(tableScroll(page, 'programs-table').bar).toBeHidden();
  await shot(page, 'programs');

  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'My Shops' }).click();
  await expect(page).toHaveURL(/\/account\/reports\/mystery-shops$/);
  const allShops = await api<ShopRow>('/api/shops/', { order: '', pageNumber: 1, pageSize: 999 });
  await expect(page.getByTestId('shops-count')).toHaveText(`1–25 of ${allShops.length} shops`);
  const shopRows = page.getByTestId('shops-table').locator('tbody tr');
  await expect(shopRows).toHaveCount(25);
  const delivered = await shopRows.filter({ hasText: 'Delivered' }).count();
  await expect(page.getByTestId('shops-table').getByRole('link', { name: 'View Report' })).toHaveCount(
    delivered,
  );
  await shot(page, 'shops');

  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'My Surveys' }).click();
  await expect(page.getByRole('region', { name: 'My Surveys' })).toContainText('There are no surveys yet.');
  await expect(page.getByRole('region', { name: 'My Survey Responses' })).toBeVisible();

  // A program's shops: its title, the way back, and the aggregate of its shops' section stats.
  const program = programs[0]!;
  await page.goto(`/account/reports/shopsbyprogram/${program.programId}`);
  await expect(page.getByRole('heading', { name: program.programName, level: 1 })).toBeVisible();
  const programShops = await api<ShopRow>('/api/shops/', {
    order: '',
    programId: program.programId,
    pageNumber: 1,
    pageSize: 999,
  });
  const aggregate = aggregateReport(programShops)!;
  const aggregateRows = page.getByTestId('aggregate-report').locator('tbody tr');
  await expect(aggregateRows).toHaveCount(aggregate.length);
  for (const [i, s] of aggregate.entries()) {
    await expect(aggregateRows.nth(i)).toContainText(s.sectionName);
    await expect(aggregateRows.nth(i)).toContainText(`${s.percentage}%`);
  }
  await shot(page, 'program-shops');
  await page.getByRole('link', { name: 'All Mystery Shops' }).click();
  await expect(page).toHaveURL(/\/account\/reports\/mystery-shops$/);
});

test("an admin opens the customer's reports from the customers list", async ({ page, request }) => {
  const api = await customerApi(request);
  const programs = await api<ProgramRow>('/api/programs/', { pageNumber: 1, pageSize: 999 });
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await page.waitForURL('**/account/dashboard');
  await page.goto('/admin/customers');
  await page.getByRole('textbox', { name: 'Search by Customer Name' }).fill('Riley');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: RILEY.name }).click();
  await page.getByRole('link', { name: 'View Reports' }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/[^/]+$/);
  await expect(page.getByRole('heading', { name: `${RILEY.name} Reports`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('programs-table').locator('tbody tr')).toHaveCount(programs.length);
  await expect(page.getByRole('region', { name: 'Mystery Shops' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Surveys' })).toHaveCount(0);
  await expect(page.getByTestId('shops-table').locator('tbody tr')).toHaveCount(10);
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect(page.getByTestId('shops-count')).toContainText('11–20 of');
  await shot(page, 'admin-customer');

  await page.getByTestId('programs-table').getByRole('link', { name: 'View Shops' }).first().click();
  await expect(page).toHaveURL(/\/admin\/reports\/shopsbyprogram\/[^/]+\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Customer Shops', level: 1 })).toBeVisible();
  await expect(page.getByTestId('program-title')).toHaveText(programs[0]!.programName);
  await expect(page.getByTestId('aggregate-report')).toBeVisible();
  await shot(page, 'admin-program');
  await page.getByRole('link', { name: 'Back to Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
});

/** A report table's sideways scroll box: how many pixels of the table it hides, and its scrollbar. */
function tableScroll(page: Page, testId: string) {
  const root = page.locator('.mantine-ScrollArea-root', { has: page.getByTestId(testId) }).last();
  return {
    hidden: () =>
      root
        .locator('.mantine-ScrollArea-viewport')
        .first()
        .evaluate((e) => e.scrollWidth - e.clientWidth),
    bar: root.locator(':scope > .mantine-ScrollArea-scrollbar[data-orientation="horizontal"]'),
  };
}

test('the summary and reports fit a 390px phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsRiley(page);
  await summaryLoaded(page);
  await expect(page.getByTestId('program-card')).not.toHaveCount(0);
  await shot(page, 'dashboard-390');
  await page.getByTestId('program-card').first().click();
  await expect(page.getByTestId('program-chart')).toBeVisible();
  await screenshot(page.getByTestId('performance-summary'), `${SHOTS}/reports-chart-390.png`);
  await page.goto('/account/reports');
  await expect(page.getByTestId('programs-table').locator('tbody tr')).not.toHaveCount(0);
  // The table is wider than a phone: it scrolls sideways in its box, whose scrollbar shows without a
  // hover (a phone has none), so the columns past the edge do not look cut off.
  expect(await tableScroll(page, 'programs-table').hidden()).toBeGreaterThan(0);
  await expect(tableScroll(page, 'programs-table').bar).toBeVisible();
  await shot(page, 'programs-390');
  await page.getByTestId('programs-table').getByRole('link', { name: 'View Shops' }).first().click();
  await expect(page.getByTestId('aggregate-report')).toBeVisible();
  await shot(page, 'program-shops-390');
  // Nothing spills sideways on the page itself (wide tables scroll inside their own box).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a customer without shops sees the empty states of the summary and the reports', async ({
  page,
  request,
}) => {
  const email = `no-shops-${Date.now()}@example.test`;
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: {
      email,
      password: 'no-shops-pass',
      profile: {
        firstName: 'Nora',
        lastName: 'Newcomer',
        businessName: 'Newcomer Cafe',
        phone: '(512)-555-0101',
      },
    },
  });
  await loginThroughForm(page, email, 'no-shops-pass');
  await page.waitForURL('**/account/dashboard');
  const summary = page.getByTestId('performance-summary');
  await expect(summary).toContainText('No shop data to display in this date range.');
  await expect(summary).toContainText('Try adjusting your filters or selecting a different date range.');
  await expect(summary).toContainText('No question data available for the selected filters.');
  await expect(page.getByTestId('program-card')).toHaveCount(0);

  // With no programs in the range, Download CSV says so.
  await page.getByRole('button', { name: 'Download CSV' }).click();
  await expect(page.getByTestId('csv-notice')).toHaveText('No programs found for the selected date range.');
  await shot(page, 'empty-dashboard');
});
