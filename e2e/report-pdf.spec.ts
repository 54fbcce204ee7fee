import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { loginAsRiley, summaryLoaded } from './reports-support';
import { test } from './support';

/** The text of a PDF's pages (pdfjs-dist): what a reader selects and copies. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++)
    pages.push(
      (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' '),
    );
  return pages.join('\n');
}

test('the owner downloads the Performance Summary as a PDF holding the figures the page shows', async ({
  page,
}) => {
  await loginAsRiley(page);
  await summaryLoaded(page);
  const prompts = await page.getByTestId('question-prompt').allTextContents();
  const scores = await page.getByTestId('question-score').allTextContents();
  expect(prompts.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Download PDF' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'US Letter' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^performance-summary-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/,
  );
  const text = await pdfText(new Uint8Array(await readFile((await download.path())!)));
  expect(text).toContain('Performance Summary');
  expect(text).toContain('Most under-performing questions from Shops');
  expect(text).toMatch(/Page 1 of \d+/);
  // The worst questions, with the same whole percents as the page.
  prompts.forEach((prompt, i) => {
    expect(text).toContain(prompt.trim());
    expect(text).toContain(scores[i]!.trim());
  });
});

test('the owner sets a weekly report for a manager', async ({ page }) => {
  await loginAsRiley(page);
  await page.goto('/account/report-emails');
  await expect(page.getByRole('heading', { name: 'Scheduled Reports' })).toBeVisible();
  await page.getByRole('radio', { name: /Weekly/ }).check();
  // A manager of the demo chain: they will get their regions' figures only.
  const manager = page.getByRole('checkbox', { name: /· Manager/ }).first();
  await expect(manager).toBeVisible();
  await manager.check();
  await page.getByRole('button', { name: 'Save Schedule' }).click();
  await expect(page.getByText('Your scheduled report has been saved.')).toBeVisible();
  await expect(page.getByTestId('next-send-day')).toContainText('Next e-mail:');
  await page.reload();
  await expect(page.getByRole('radio', { name: /Weekly/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /· Manager/ }).first()).toBeChecked();
});
