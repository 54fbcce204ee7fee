import { type APIRequestContext, expect, type Page } from '@playwright/test';
import {
  formatShortDate,
  LOCATION_BOARD_COLUMNS,
  type LocationBoard,
  type ProgramCard,
  SIGNED_PARAMS,
  type SummaryDateRange,
  type SummaryFilters,
  signingText,
  summaryDateRange,
  wholePercent,
  worstQuestionsParams,
} from '../src/domain';
import type { SummaryShopRow } from '../src/web/reports/report-types';
import { gql, loginThroughForm, screenshot } from './support';

// Helpers of the reports journeys: the signed reporting API as the demo reports customer, and the
// checks that hold a summary widget against the numbers the domain rules make of the API's records.

export const RILEY = { email: 'reports@demo.test', password: 'demo-reports-pass', name: 'Riley Reports' };
export const SHOTS = process.env.REPORTS_SHOTS_DIR ?? '/tmp/shots';
export const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/reports-${name}.png`, { fullPage: true });

export type WorstQuestion = { prompt: string; avg_percent_score: number; program_name: string | null };
export type Api = <T>(path: string, params?: Record<string, string | number>) => Promise<T[]>;

/** The reporting API as the customer: logs in, then signs and sends each call. */
export async function customerApi(request: APIRequestContext): Promise<Api> {
  const { login } = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: RILEY.email, p: RILEY.password },
  );
  const { currentUser } = await gql<{ currentUser: { _id: string } }>(
    request,
    '{ currentUser { _id } }',
    {},
    login.token,
  );
  return async <T>(path: string, params: Record<string, string | number> = {}) => {
    const all: Record<string, string | number> = {
      userMakingRequest: currentUser._id,
      client: currentUser._id,
      ...params,
    };
    const { generateSignature } = await gql<{ generateSignature: string }>(
      request,
      'mutation($t:String!){ generateSignature(text:$t) }',
      { t: signingText(all) },
      login.token,
    );
    const search = new URLSearchParams();
    for (const key of SIGNED_PARAMS) if (all[key] !== undefined) search.set(key, String(all[key]));
    search.set('signature', generateSignature);
    const res = await request.get(`${path}?${search}`);
    expect(res.ok(), `${path} ${res.status()}`).toBe(true);
    return (await res.json()) as T[];
  };
}

/** The fields of one CSV line (quoted fields may hold commas and doubled quotes). */
export const csvFields = (line: string): string[] =>
  [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
    .filter((m) => m.index < line.length || m[1] !== '')
    .map((m) => (m[1]!.startsWith('"') ? m[1]!.slice(1, -1).replace(/""/g, '"') : m[1]!));

export async function loginAsRiley(page: Page) {
  await loginThroughForm(page, RILEY.email, RILEY.password);
  await page.waitForURL('**/account/dashboard');
}

export const summaryLoaded = (page: Page) =>
  expect(
    page.getByTestId('locations-board').or(page.getByTestId('program-chart-section')).first(),
  ).toBeVisible({
    timeout: 15_000,
  });

export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export const rangeOf = (
  choice: SummaryDateRange,
  shops: SummaryShopRow[],
  custom?: { start: Date; end: Date },
) => summaryDateRange(choice, { today: new Date(), shopDates: shops.map((s) => s.shop_date), custom });

export async function expectCards(page: Page, cards: ProgramCard[]) {
  const els = page.getByTestId('program-card');
  await expect(els).toHaveCount(cards.length);
  for (const [i, card] of cards.entries()) {
    await expect(els.nth(i)).toContainText(card.programName);
    await expect(els.nth(i).getByTestId('program-card-score')).toHaveText(`${card.percent}%`);
    await expect(els.nth(i).getByTestId('program-card-shops')).toHaveText(String(card.shopCount));
    await expect(els.nth(i)).toContainText(`Last Shop: ${formatShortDate(card.lastShopDate)}`);
  }
}

export async function expectBoard(page: Page, board: LocationBoard) {
  for (const column of LOCATION_BOARD_COLUMNS) {
    const el = page.getByTestId('locations-board').getByRole('region', { name: column.title });
    const locations = board[column.key];
    await expect(el.getByTestId('column-count')).toHaveText(String(locations.length));
    const cards = el.getByTestId('location-card');
    await expect(cards).toHaveCount(Math.min(3, locations.length));
    for (const [i, location] of locations.slice(0, 3).entries()) {
      await expect(cards.nth(i)).toContainText(location.name);
      await expect(cards.nth(i).getByTestId('location-card-score')).toHaveText(`${location.percent}%`);
    }
    if (locations.length === 0) await expect(el.getByTestId('empty-column')).toBeVisible();
    if (locations.length > 3)
      await expect(el.getByRole('button', { name: `Show ${locations.length - 3} more` })).toBeVisible();
  }
}

export async function expectQuestions(
  page: Page,
  api: Api,
  range: { start: Date; end: Date },
  filters: SummaryFilters,
) {
  const rows = await api<WorstQuestion>('/api/summary/worstQuestions', worstQuestionsParams(range, filters));
  const items = page.getByTestId('worst-question');
  await expect(items).toHaveCount(rows.length);
  for (const [i, row] of rows.entries()) {
    await expect(items.nth(i).getByTestId('question-prompt')).toHaveText(`"${row.prompt}"`);
    await expect(items.nth(i).getByTestId('question-score')).toHaveText(
      `${wholePercent(row.avg_percent_score)}%`,
    );
    await expect(items.nth(i).getByTestId('question-program')).toHaveText(
      row.program_name ?? 'Unknown Program',
    );
  }
}
