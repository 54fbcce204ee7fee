import { expect } from '@playwright/test';
import { screenshot, test } from './support';

const port = () => new URL(test.info().project.use.baseURL ?? 'http://localhost:4173').port;

test('a brand subdomain shows that brand: logo, colours and title', async ({ page }) => {
  await page.goto(`http://sb1.localhost:${port()}/`);
  await expect(page).toHaveURL(/\/industry$/);
  await expect(page).toHaveTitle('Get Started | Small Business One');
  await expect(page.getByRole('img', { name: 'Small Business One' })).toHaveAttribute(
    'src',
    '/brands/sb1.svg',
  );
  const headerBg = await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(headerBg).toBe('rgb(47, 158, 68)'); // #2f9e44
  await screenshot(page, 'test-results/brand-sb1.png');
});

test('a custom domain shows its brand', async ({ page }) => {
  await page.goto(`http://visits.primroseschools.test:${port()}/industry`);
  await expect(page).toHaveTitle('Get Started | Primrose Schools Quality Visits');
  const headerBg = await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(headerBg).toBe('rgb(134, 46, 156)'); // #862e9c
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /favicon/);
});

test('an entry path is remembered for the visit', async ({ page }) => {
  await page.goto('/dunkin');
  await expect(page).toHaveURL(/\/industry$/);
  await expect(page).toHaveTitle("Get Started | Dunkin' Franchise Audits");
  await page.goto('/login');
  await expect(page).toHaveTitle("Login | Dunkin' Franchise Audits");
  await expect(page.getByRole('img', { name: "Dunkin' Franchise Audits" })).toBeVisible();
});

test('the whole page reads well on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The header's links each keep to one line.
  for (const name of ['Client Login', 'Evaluator Login']) {
    const lines = await page
      .getByRole('banner')
      .getByRole('link', { name })
      .evaluate((a) => {
        const range = document.createRange();
        range.selectNodeContents(a);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    expect(lines, name).toBe(1);
  }
  await screenshot(page, 'test-results/login-phone.png', { fullPage: true });
});
