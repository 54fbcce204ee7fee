import { type Browser, expect } from '@playwright/test';
import { appIsLive, DEMO, loginThroughForm, test } from './support';

const port = () => new URL(test.info().project.use.baseURL ?? 'http://localhost:4173').port;

/** A page as the server sends it, before any script runs (what a phone paints first). */
async function withoutScripts(browser: Browser, cookies: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({
    ...cookies,
    javaScriptEnabled: false,
    baseURL: test.info().project.use.baseURL,
  });
  return { context, page: await context.newPage() };
}

test('Get Started and Login arrive rendered, with the brand and the catalogue, before any script', async ({
  browser,
}) => {
  const { context, page } = await withoutScripts(browser);
  await page.goto('/industry');
  await expect(page).toHaveTitle('Customer Optix');
  await expect(page.getByRole('img', { name: 'Customer Optix' })).toHaveAttribute(
    'src',
    '/brands/customer-optix.svg',
  );
  // Until the app takes the page over, it cannot be used (a tap would be lost): the root is inert.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  const root = page.locator('#root');
  await expect(root.locator('h1')).toHaveText('Get Started');
  await expect(root).toContainText('What would you like to order?');
  await expect(root).toContainText('Mystery Shops');
  // The survey promise comes from the published catalogue (GraphQL, answered during the render).
  await expect(root).toContainText('$39.00 per location per month');
  await expect(root).toContainText('Version 2.4.0');

  await page.goto('/login');
  await expect(root.locator('h1, h2').first()).toHaveText('Login');
  await expect(root.locator('input[type="email"]')).toBeVisible();
  await expect(root.locator('input[type="password"]')).toBeVisible();

  // The brand of the address, as for the browser's own render.
  await page.goto(`http://sb1.localhost:${port()}/industry`);
  await expect(page.locator('header img')).toHaveAttribute('alt', 'Small Business One');
  const headerBg = await page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(headerBg).toBe('rgb(47, 158, 68)');
  await context.close();
});

test("the server render reads the visitor's cookies: the order in progress and the login", async ({
  browser,
  page,
}) => {
  await loginThroughForm(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  const session = await page.context().cookies();
  const origin = new URL(test.info().project.use.baseURL!).hostname;
  const orderCookie = { name: 'orderId', value: 'o-in-progress', domain: origin, path: '/' };
  const { context, page: plain } = await withoutScripts(browser, {
    storageState: {
      cookies: [...session, { ...orderCookie, expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }],
      origins: [],
    },
  });
  await plain.goto('/industry');
  await expect(plain.locator('header')).toContainText(DEMO.customer.name);
  await expect(plain.locator('header')).toContainText('Logout');
  await expect(plain.getByTestId('resume-bar')).toContainText('You have an order in progress');
  await context.close();
});

test('the rendered page comes to life: the same page, then usable', async ({ page }) => {
  const served = await (await page.request.get('/industry')).text();
  expect(served).toContain('What would you like to order?');
  await page.goto('/industry');
  // The app takes the page over without rendering it again (the fixture fails on a difference)...
  await appIsLive(page);
  await expect(page.getByRole('heading', { name: 'What would you like to order?' })).toBeVisible();
  // ...and it answers at once: Next shows the industries.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('industry-step')).toBeVisible();
});

test('an order begun in another tab while the page loads: the app takes the page over as served, then shows the order', async ({
  page,
}) => {
  // The app's code is held back until the browser has an order cookie the server never saw.
  let release: () => void = () => {};
  const cookieSet = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await cookieSet;
    await route.continue();
  });
  await page.goto('/industry', { waitUntil: 'commit' });
  await expect(page.locator('#root h1')).toHaveText('Get Started');
  await expect(page.getByTestId('resume-bar')).toHaveCount(0);
  const url = test.info().project.use.baseURL ?? 'http://localhost:4173';
  await page.context().addCookies([{ name: 'orderId', value: 'o-other-tab', url }]);
  release();
  // The fixture fails the test on any difference between the served page and the app's first render.
  await appIsLive(page);
  await expect(page.getByTestId('resume-bar')).toContainText('You have an order in progress');
});
