import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO, loginThroughForm, screenshot, test } from './support';

// Brand colours keep WCAG AA contrast: the brand form warns about an unreadable pick and offers the
// nearest readable colour, and the storefront shows readable text whatever the admin picked.

const port = () => new URL(test.info().project.use.baseURL ?? 'http://localhost:4173').port;
const colourOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);

async function openAddBrand(page: Page) {
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/admin/brands/add');
  await expect(page.getByRole('heading', { name: 'Colors' })).toBeVisible();
}

test('the brand form warns about a light primary colour under white header text, and fixes it', async ({
  page,
}) => {
  await openAddBrand(page);
  const header = page.getByTestId('contrast-header-text-on-primary');
  const buttons = page.getByTestId('contrast-button-text-on-primary');
  const footer = page.getByTestId('contrast-footer-links-on-secondary');
  await expect(footer).toContainText('Footer links on secondary: contrast 8.1:1 — passes AA');

  // Live, as the admin types: white (the default header text) on yellow is 1.2:1.
  await page.getByRole('textbox', { name: 'Primary Color' }).fill('#ffeb3b');
  await page.getByRole('textbox', { name: 'Name', exact: true }).click(); // closes the colour picker
  await expect(header).toContainText('Header text on primary: contrast 1.2:1 — below 4.5:1');
  await expect(header).toContainText('The storefront shows #686868 instead.');
  await expect(buttons).toContainText('Button text on primary: contrast 17.1:1 — passes AA');
  // The preview shows what the storefront will: the readable grey, not white.
  await expect(page.getByTestId('preview-header').getByText('Client Login')).toHaveCSS(
    'color',
    'rgb(104, 104, 104)',
  );
  const colours = page.getByRole('region', { name: 'Colors' });
  await header.scrollIntoViewIfNeeded();
  await screenshot(colours, 'test-results/brand-contrast-warning.png');
  await page.setViewportSize({ width: 390, height: 844 });
  await header.scrollIntoViewIfNeeded();
  await screenshot(colours, 'test-results/brand-contrast-warning-390.png');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await header.getByRole('button', { name: 'Use #686868' }).click();
  await expect(page.getByRole('textbox', { name: 'Header Text Color' })).toHaveValue('#686868');
  await expect(header).toContainText('Header text on primary: contrast 4.5:1 — passes AA');
  await expect(header.getByRole('button')).toHaveCount(0);
});

test('a storefront shows readable header text and button labels on its brand colour', async ({ page }) => {
  // Small Business One: white header text (the default) on #2f9e44 is 3.4:1, so the nearest grey
  // that reaches 4.5:1 is shown instead; text on the green (the chosen industry, filled buttons) is black.
  await page.goto(`http://sb1.localhost:${port()}/industry`);
  await expect(page).toHaveTitle('Get Started | Small Business One');
  expect(await colourOf(page.getByRole('banner').getByRole('link', { name: 'Client Login' }))).toBe(
    'rgb(36, 36, 36)',
  );
  const industry = page.getByRole('button', { name: 'Restaurants' });
  await industry.click();
  await expect(industry).toHaveAttribute('aria-pressed', 'true');
  expect(await colourOf(industry.getByText('Restaurants'))).toBe('rgb(0, 0, 0)');
  await page.getByTestId('industry-step').getByRole('checkbox').first().check();
  const submit = page.getByTestId('industry-step').locator('button[type="submit"]');
  await expect(submit).toBeEnabled();
  expect(await colourOf(submit)).toBe('rgb(0, 0, 0)');
  await screenshot(page, 'test-results/brand-contrast-sb1.png');

  // Customer Optix: white on #1b6ec2 is 5.2:1, so the admin's white stays.
  await page.goto('/industry');
  await expect(page).toHaveTitle('Get Started | Customer Optix');
  expect(await colourOf(page.getByRole('banner').getByRole('link', { name: 'Client Login' }))).toBe(
    'rgb(255, 255, 255)',
  );
});
