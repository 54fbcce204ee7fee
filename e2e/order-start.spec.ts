import { expect, type Page } from '@playwright/test';
import { screenshot, test } from './support';

const port = () => new URL(test.info().project.use.baseURL ?? 'http://localhost:4173').port;

async function pick(page: Page, field: string, option: string) {
  await page.getByRole('textbox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Default brand: start an order of the given questionnaires in one industry (mystery shops only). */
async function startShopOrder(page: Page, industry: string, titles: string[]) {
  await page.goto('/industry');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: industry, exact: true }).click();
  for (const title of titles) await page.getByRole('checkbox', { name: title }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/customize$/);
}

test('a visitor picks both services, an industry, a shop and a survey, and lands on the mystery-shop step', async ({
  page,
}) => {
  await page.goto('/industry');
  await expect(page.getByRole('checkbox', { name: 'Mystery Shops' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Customer Feedback Surveys' })).not.toBeChecked();
  await expect(page.getByText('Save 25% by selecting an Annual plan')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Customer Feedback Surveys' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('combobox', { name: 'Industry' })).toContainText(
    'Please select an industry...',
  );
  await page.getByRole('button', { name: 'Restaurants', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Restaurants' })).toBeVisible();
  await expect(page.getByTestId('survey-promise')).toContainText('per location');
  await expect(page.getByText('$95.00/shop')).toBeVisible();
  await expect(page.getByText('$49.00/month')).toBeVisible();
  await expect(page.getByRole('link', { name: /Sample report for Dine-In Experience/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Dine-In Experience' }).check();
  await page.getByRole('checkbox', { name: 'Restaurant Guest Survey', exact: true }).check();
  await screenshot(page, 'test-results/order-start-get-started.png', { fullPage: true });
  await next.click();

  await expect(page).toHaveURL(/\/customize\/mystery-shop$/);
  await expect(page.getByRole('heading', { name: 'Customize Your Questionnaires' })).toBeVisible();
  const progress = page.getByTestId('order-progress');
  await expect(progress).toContainText('Mystery Shops');
  await expect(progress).toContainText('Surveys');
  await expect(progress).toContainText('Mystery Shop Options');
  await expect(page.getByTestId('customize-row')).toHaveCount(1);
  await expect(page.getByTestId('customize-row')).toContainText('Dine-In Experience');

  await page.goto('/select-questionnaires/mystery-shop');
  await expect(page.getByRole('heading', { name: 'Select Mystery Shops' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Dine-In Experience' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Drive-Thru Visit' }).check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page).toHaveURL(/\/customize\/mystery-shop$/);
  await expect(page.getByTestId('customize-row')).toHaveCount(2);
  await page.goto('/customize/customer-survey');
  await expect(page.getByTestId('customize-row')).toContainText('Restaurant Guest Survey');
});

test('custom questions: a Yes / No and a Multiple Choice question with options A to E', async ({ page }) => {
  await startShopOrder(page, 'Restaurants', ['Dine-In Experience']);
  // The only questionnaire opens for editing by default.
  const editor = page.getByRole('form', { name: 'Customize Dine-In Experience' });
  await expect(editor).toBeVisible();
  await expect(editor).toContainText('Add up to 5 custom questions at no additional charge.');

  await editor.getByLabel('Question 1 text').fill('Were you greeted within a minute?');
  await pick(page, 'Question 1 type', 'Yes / No');
  await editor.getByRole('button', { name: 'Add Question' }).click();
  await editor.getByLabel('Question 2 text').fill('Which dessert was offered?');
  await pick(page, 'Question 2 type', 'Multiple Choice');
  for (const [letter, answer] of [
    ['A', 'Pie'],
    ['B', 'Cake'],
    ['C', 'Ice cream'],
    ['D', 'Fruit'],
    ['E', 'None'],
  ] as const) {
    await editor.getByLabel(`Question 2 option ${letter}`).fill(answer);
  }
  await editor.getByLabel('Allow multiple selections').check();
  await editor.getByLabel('Additional Comments').fill('Visit at lunch time.');
  await expect(editor.getByTestId('comments-counter')).toHaveText('20/4000 characters');
  await screenshot(page, 'test-results/order-start-customize.png', { fullPage: true });
  await editor.getByRole('button', { name: 'Save' }).click();

  await expect(editor).toBeHidden();
  await expect(page.getByTestId('customization-status')).toHaveText('2 custom question(s) added');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Edit Dine-In Experience' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(page.getByLabel('Question 2 option E')).toHaveValue('None');
  await expect(page.getByLabel('Allow multiple selections')).toBeChecked();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Question 1 text')).toBeHidden();
});

test('a question without a type blocks the save; blank questions are dropped', async ({ page }) => {
  await startShopOrder(page, 'Restaurants', ['Dine-In Experience', 'Drive-Thru Visit']);
  // With two questionnaires nothing opens by default.
  await expect(page.getByLabel('Question 1 text')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Drive-Thru Visit' }).click();
  await page.getByLabel('Question 1 text').fill('Was the order correct?');
  await page.getByRole('button', { name: 'Add Question' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please select a type for all entered questions.');
  await pick(page, 'Question 1 type', 'Open-Ended');
  await page.getByRole('button', { name: 'Save' }).click();
  const drive = page.getByTestId('customize-row').filter({ hasText: 'Drive-Thru Visit' });
  await expect(drive.getByTestId('customization-status')).toHaveText('1 custom question(s) added');
  const dine = page.getByTestId('customize-row').filter({ hasText: 'Dine-In Experience' });
  await expect(dine.getByTestId('customization-status')).toHaveText('Not customized');
});

test('"Upload My Own Questionnaire" needs an upload before continuing', async ({ page }) => {
  await startShopOrder(page, 'Retail', ['Upload My Own Questionnaire']);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You must upload a custom questionnaire when "Upload My Own Questionnaire" is selected.',
  );
  await expect(page).toHaveURL(/\/customize$/);

  await expect(page.getByTestId('custom-upload')).toContainText('Word, Excel or PDF');
  await page
    .getByTestId('custom-upload')
    .locator('input[type=file]')
    .setInputFiles({
      name: 'our-questionnaire.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% a tiny questionnaire\n'),
    });
  await expect(page.getByText('Successfully uploaded your custom questionnaire')).toBeVisible();
  await expect(page.getByTestId('customization-status')).toHaveText('Custom upload added');
  const file = page.getByRole('link', { name: 'our-questionnaire.pdf' });
  await expect(file).toHaveAttribute(
    'href',
    // A customer's file is read through a signed link that expires (issue 42).
    /^\/s3\/uploads\/customQuestionnaires\/.+_our-questionnaire\.pdf\?expires=\d+&sig=[0-9a-f]+$/,
  );
  const served = await page.request.get((await file.getAttribute('href')) ?? '');
  expect(await served.text()).toContain('a tiny questionnaire');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/locations$/);
});

test('customize without an order sends the visitor to Get Started', async ({ page }) => {
  await page.goto('/customize');
  await expect(
    page.getByText('You have not selected any questionnaires yet, please begin the order process.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/industry$/);
});

test('an incentive-zone brand asks for the city first and lists that zone’s questionnaires', async ({
  page,
}) => {
  await page.goto(`http://goldenchick.localhost:${port()}/`);
  await expect(page).toHaveURL(/\/industry$/);
  // Shops only: no service step; one industry: no industry chooser.
  await expect(page.getByTestId('service-step')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveCount(0);
  await expect(page.getByTestId('questionnaires-hidden')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: 'Lubbock, TX' });
  await expect(page.getByRole('checkbox', { name: 'Restaurant Visit (remote)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Drive-Thru Visit' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /non-remote|ultra-remote/ })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: 'Pecos, TX' });
  await expect(page.getByRole('checkbox', { name: 'Restaurant Visit (ultra-remote)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Restaurant Visit (remote)' })).toHaveCount(0);
  await screenshot(page, 'test-results/order-start-zones.png', { fullPage: true });
});

test('the automotive brand asks for the make and continues without sample links', async ({ page }) => {
  await page.goto(`http://autopro.localhost:${port()}/`);
  await expect(page.getByTestId('questionnaires-hidden')).toBeVisible();
  await page.getByRole('combobox', { name: 'Select Make' }).selectOption({ label: 'BMW' });
  await expect(page.getByRole('checkbox', { name: 'Sales Visit (premium)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /non-premium|ultra-premium/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sample report/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Sales Visit (premium)' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/customize$/);
  await expect(page.getByTestId('customize-row')).toContainText('Sales Visit (premium)');
  await expect(page.getByRole('link', { name: /Sample report/ })).toHaveCount(0);

  // The automotive flow shows the get-started view on Select Questionnaires.
  await page.goto(`http://autopro.localhost:${port()}/select-questionnaires`);
  await expect(page.getByRole('combobox', { name: 'Select Make' })).toBeVisible();
});

test('a brand without customization only confirms questionnaires, and can remove them', async ({ page }) => {
  await page.goto('/cricket');
  await expect(page).toHaveURL(/\/industry$/);
  await page.getByRole('checkbox', { name: 'Authorized Retailer Visit' }).check();
  await page.getByRole('checkbox', { name: 'Sales Call Evaluation' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/customize$/);
  await expect(page.getByRole('heading', { name: 'Confirm Your Questionnaires' })).toBeVisible();
  await expect(page.getByTestId('customization-status').first()).toHaveText('N/A');
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove Sales Call Evaluation' }).click();
  await expect(page.getByTestId('customize-row')).toHaveCount(1);
  await expect(page.getByTestId('customize-row')).toContainText('Authorized Retailer Visit');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/locations$/);
});

test('a brand with an unlisted-industry address offers a click-here e-mail link', async ({ page }) => {
  await page.goto(`http://order.mysteryshopmarket.test:${port()}/industry`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('link', { name: 'click here' })).toHaveAttribute(
    'href',
    'mailto:sales@mysteryshopmarket.test',
  );
});

test('Get Started reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/industry');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Restaurants', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Dine-In Experience' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
