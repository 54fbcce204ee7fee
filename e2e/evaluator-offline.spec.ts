import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { gql, placeOrderThroughApi, test } from './support';

// The evaluator app offline (docs/offline-evaluator.md), on a phone: a shopper accepts a visit, loses
// the connection, answers and adds a photo, reloads the page without a connection (the app and the
// answers are still there), comes back online, sees everything saved and submits.

const PHONE = { width: 390, height: 844 };
const baseURL = () => test.info().project.use.baseURL ?? 'http://localhost:4173';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const CUSTOMER = {
  email: `offline-${stamp()}@example.test`,
  password: 'offline-pass-1',
  profile: { firstName: 'Olive', lastName: 'Offline', businessName: 'Olive Foods', phone: '(512)-555-0160' },
};

async function customerOrders(request: APIRequestContext, locationName: string) {
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: { email: CUSTOMER.email, password: CUSTOMER.password, profile: CUSTOMER.profile },
  });
  await placeOrderThroughApi(request, {
    email: CUSTOMER.email,
    password: CUSTOMER.password,
    title: 'Dine-In Experience',
    location: {
      name: locationName,
      address: {
        line1: '600 Congress Ave',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        formattedAddress: '600 Congress Ave, Austin, TX 78701, USA',
      },
    },
    cardNumber: '4242424242424242',
  });
}

const question = (page: Page, elementId: string): Locator => page.locator(`[data-element-id="${elementId}"]`);
const choose = (page: Page, elementId: string, option: string) =>
  question(page, elementId).getByRole('radio', { name: option, exact: true }).check();

/** A small PNG, drawn in the browser. */
async function photo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 48;
    const g = c.getContext('2d')!;
    g.fillStyle = '#c62828';
    g.fillRect(0, 0, 64, 48);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

test('a shopper fills in a visit offline, reloads offline, and everything is saved once back online', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const locationName = `Offline Diner ${stamp()}`;
  await customerOrders(request, locationName);

  const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE });
  const page = await context.newPage();

  // A new shopper signs up and accepts the visit.
  await page.goto('/evaluator');
  const signup = page.getByTestId('shopper-signup');
  await signup.getByLabel('First Name').fill('Pat');
  await signup.getByLabel('Last Name').fill('Phone');
  await signup.getByLabel('E-mail').fill(`offline-shopper-${stamp()}@example.test`);
  await signup.getByLabel('Choose a password').fill('shopper-pass');
  await signup.getByLabel('Phone').fill('5125550177');
  await signup.getByLabel('City').fill('Austin');
  await signup.getByLabel('State').selectOption('TX');
  await signup.getByRole('button', { name: 'Sign up as a shopper' }).click();
  await expect(page).toHaveURL(/\/evaluator\/visits$/, { timeout: 15_000 });
  const card = page.getByTestId('visit-card').filter({ hasText: locationName });
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/evaluator\/evaluations\/[^/]+$/);
  const section = page.getByTestId('evaluation-section');
  await expect(section.getByRole('heading', { name: 'Arrival and Greeting' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText('All changes saved');

  // The service worker controls the page and has kept this page for offline use.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
    for (let i = 0; i < 50; i++) {
      const cache = await caches.open('evaluator-pages');
      if (await cache.match(location.pathname)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the page was not kept for offline use');
  });

  // Offline: answers and a photo wait on the phone.
  await context.setOffline(true);
  await section.getByLabel('1. Date of visit').fill(new Date().toISOString().slice(0, 10));
  await section.getByLabel('2. Time you arrived').fill('14:30');
  await choose(page, 'greeted', 'Yes');
  await choose(page, 'greeting-quality', 'Polite');
  await section.getByLabel(/Name or description of the employee/).fill('Jordan');
  await question(page, 'wait-time').getByRole('textbox', { name: 'Minutes' }).fill('1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Cleanliness' })).toBeVisible();
  await choose(page, 'entrance-clean', 'Yes');
  await choose(page, 'floor-clean', 'Yes');
  await choose(page, 'restroom-clean', 'Did not visit the restroom');
  await question(page, 'storefront-photo')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'storefront.png', mimeType: 'image/png', buffer: await photo(page) });
  await expect(question(page, 'storefront-photo').getByRole('img', { name: 'Uploaded image' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText(/^Offline: \d+ changes? waiting$/, {
    timeout: 10_000,
  });
  await expect(page.getByTestId('save-state')).toHaveText('Saved on this phone');

  // A reload without a connection: the app and the answers are still there. (The page puts changes
  // into the outbox a moment after the last one; the photo's save is the last to get there.)
  const waitingPhotos = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('evaluator-offline');
          open.onsuccess = () => {
            const all = open.result.transaction('outbox').objectStore('outbox').getAll();
            all.onsuccess = () =>
              resolve(all.result.filter((s) => JSON.stringify(s.answers).includes('offline-photo:')).length);
          };
        }),
    );
  await expect.poll(waitingPhotos).toBe(1);
  await page.reload();
  await expect(section.getByRole('heading', { name: 'Cleanliness' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('offline-banner')).toHaveText(/^Offline: \d+ changes? waiting$/);
  await expect(question(page, 'floor-clean').getByRole('radio', { name: 'Yes', exact: true })).toBeChecked();
  await expect(question(page, 'storefront-photo').getByRole('img', { name: 'Uploaded image' })).toBeVisible();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(section.getByLabel(/Name or description of the employee/)).toHaveValue('Jordan');

  // Back online: the waiting changes go to the server in order.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveText('All changes saved', { timeout: 20_000 });
  await expect(page.getByTestId('save-state')).toHaveText('Saved');

  // The server has them: a reload online shows them, the photo from its upload.
  await page.reload();
  await expect(section.getByLabel(/Name or description of the employee/)).toHaveValue('Jordan');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    question(page, 'storefront-photo').getByRole('img', { name: 'Uploaded image' }),
  ).toHaveAttribute('src', /\/s3\/uploads\//);

  // The rest online, then submit.
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'answered-accurately', 'Yes, confidently');
  await section.getByLabel(/Rate the employee's product knowledge/).fill('8');
  await choose(page, 'upsell', 'Yes');
  await section.getByLabel(/What did the employee suggest/).fill('A larger coffee for fifty cents more.');
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'would-return', 'Definitely');
  await section
    .getByLabel(/Summarize your visit/)
    .fill('A polite greeting, a clean store and a helpful suggestion. I would come back.');
  await section.getByLabel(/Receipt total/).fill('23.5');
  await expect(page.getByTestId('completion-description')).toHaveText('Ready to Submit');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Submitted', { timeout: 15_000 });
  await context.close();
});
