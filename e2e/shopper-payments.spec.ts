import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { DEMO, loginThroughForm, screenshot, test } from './support';

// Shopper payments as people walk them: the demo shopper reads My Payments (pending and paid totals,
// one card per approved visit) on a 390 px phone; the admin finds the shopper's pending lines under
// Shopper Payments, marks them paid with a payout reference and downloads the payout's CSV.

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results';
const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/shopper-payments-${name}.png`, { fullPage: true });
const SHOPPER = { email: 'shopper@demo.test', password: 'demo-shopper-pass' };

/** No sideways scrolling of the page itself (wide tables scroll inside their own box). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the shopper reads My Payments on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughForm(page, SHOPPER.email, SHOPPER.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/evaluator/visits');
  await page
    .getByRole('navigation', { name: 'Evaluator' })
    .getByRole('link', { name: 'My Payments' })
    .click();
  await expect(page).toHaveURL(/\/evaluator\/payments$/);
  await expect(page.getByRole('heading', { name: 'My Payments', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payments-total-pending')).toHaveText(/^\$\d/);
  await expect(page.getByTestId('payments-total-paid')).toHaveText(/^\$\d/);
  const rows = page.getByTestId('payable-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: 'DEMO-PAYOUT-1' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'DEMO-PAYOUT-1' })).toContainText('Paid');
  await expect(rows.filter({ hasText: 'Pending' }).first()).toBeVisible();
  await expectNoPageOverflow(page);
  await shot(page, 'my-payments-phone');
});

test('the admin marks a shopper’s pending lines paid and downloads the payout CSV', async ({ page }) => {
  test.setTimeout(90_000);
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Shopper Payments' })
    .click();
  await expect(page).toHaveURL(/\/admin\/payables$/);
  await expect(page.getByRole('heading', { name: 'Shopper Payments', level: 1 })).toBeVisible();

  const search = page.getByRole('search', { name: 'Search payables by shopper' });
  await search.getByRole('searchbox', { name: 'Shopper' }).fill('shopper@demo');
  await search.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByTestId('admin-payable-row');
  await expect(rows.first()).toBeVisible();
  const pending = await rows.count();
  expect(pending).toBeGreaterThan(0);
  await shot(page, 'admin-list');

  // Mark paid: the reference is required; then the lines leave the pending view and a payout is listed.
  await page.getByRole('checkbox', { name: 'Select all pending in view' }).check();
  await page.getByRole('button', { name: new RegExp(`^Mark ${pending} paid`) }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark paid' });
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText('Please enter the payout reference.')).toBeVisible();
  const reference = `E2E-${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'Payout reference' }).fill(reference);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`^Marked ${pending} lines paid`))).toBeVisible();
  await expect(page.getByText('No payables match these filters.')).toBeVisible();
  const batch = page.getByTestId('payout-batches').getByRole('row', { name: new RegExp(reference) });
  await expect(batch).toContainText(String(pending));

  // The payout's CSV: a file download with the header and one line per paid line.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    batch.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`payout-${reference}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Shopper Name,Shopper Email,Evaluation ID,Program,Location,Shop Date,Approved At,Reimbursement,Fee,Total,Payout Reference,Paid On',
  );
  expect(lines).toHaveLength(pending + 1);
  for (const line of lines.slice(1)) expect(line).toContain(`shopper@demo.test`);
  for (const line of lines.slice(1)) expect(line).toContain(reference);

  // The paid view shows them with the reference; on a phone the page itself does not scroll sideways.
  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Paid', { exact: true }).click();
  await expect(rows.filter({ hasText: reference })).toHaveCount(pending);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoPageOverflow(page);
  await shot(page, 'admin-paid-phone');
});
