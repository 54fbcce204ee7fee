import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import type { StandIn } from '../src/server/adapters/stand-in-server';
import { MSG_CHECK_IN_WAITING } from '../src/web/evaluator/visit-proof-messages';
import { CONGRESS_AVE, startGeocoderStandIn } from './geocoder-stand-in';
import { DEMO, gql, loginThroughForm, placeOrderThroughApi, screenshot, test, visitCard } from './support';

// The evaluator app in the field (docs/offline-evaluator.md, docs/visit-proof.md,
// docs/shopper-payments.md), on a phone: a shopper accepts a visit and checks in, loses the
// connection, answers and adds a photo, reloads the page without a connection (the app and the
// answers are still there), comes back online, sees everything saved, checks out and submits; QA
// sees the visit proof and approves; the shopper's payment appears; an admin pays it and downloads
// the payout's CSV.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** The phone stands at 600 Congress Ave, Austin, and lets the app read its position. */
const AT_THE_DINER = {
  geolocation: { latitude: 30.2686, longitude: -97.7428, accuracy: 12 },
  permissions: ['geolocation'],
};
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
        formattedAddress: CONGRESS_AVE.line,
      },
    },
    cardNumber: '4242424242424242',
  });
}

const SHOTS = process.env.FIELD_SHOTS_DIR ?? 'test-results';
const shot = (page: Page, name: string) => screenshot(page, `${SHOTS}/field-${name}.png`, { fullPage: true });
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

// This journey's server geocodes through Google's adapter, played by a local stand-in, so the
// location has map coordinates (playwright.config.ts, project 'field').
let geocoder: StandIn;
test.beforeAll(async () => {
  geocoder = await startGeocoderStandIn();
});
test.afterAll(() => geocoder?.close());

test('a shopper checks in, fills in a visit offline, reloads offline, submits once back online, and is paid', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const locationName = `Offline Diner ${stamp()}`;
  await customerOrders(request, locationName);
  expect(geocoder.requests.map((r) => r.query.get('address'))).toContain(CONGRESS_AVE.line);

  const context = await browser.newContext({ baseURL: baseURL(), viewport: PHONE, ...AT_THE_DINER });
  const shopperEmail = `offline-shopper-${stamp()}@example.test`;
  const page = await context.newPage();

  // A new shopper signs up and accepts the visit.
  await page.goto('/evaluator');
  const signup = page.getByTestId('shopper-signup');
  await signup.getByLabel('First Name').fill('Pat');
  await signup.getByLabel('Last Name').fill('Phone');
  await signup.getByLabel('E-mail').fill(shopperEmail);
  await signup.getByLabel('Choose a password').fill('shopper-pass');
  await signup.getByLabel('Phone').fill('5125550177');
  await signup.getByLabel('City').fill('Austin');
  await signup.getByLabel('State').selectOption('TX');
  await signup.getByRole('button', { name: 'Sign up as a shopper' }).click();
  await expect(page).toHaveURL(/\/evaluator\/visits$/, { timeout: 15_000 });
  const card = await visitCard(page, locationName);
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/evaluator\/evaluations\/[^/]+$/);
  const evaluationId = page.url().split('/').pop()!;

  // The service worker controls the page and has kept this page for offline use (before the connection
  // goes: it installs from the network).
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

  // On arrival the shopper checks in without a connection: the app says so plainly, keeps the
  // phone's position and sends the check-in by itself once back online; the server records its time.
  const proof = page.getByTestId('visit-proof');
  await context.setOffline(true);
  await proof.getByRole('button', { name: 'Check in' }).click();
  await expect(proof.getByTestId('visit-proof-message')).toContainText(MSG_CHECK_IN_WAITING);
  await expect(proof).not.toContainText('Failed to fetch');
  await shot(page, 'check-in-offline-390');
  await context.setOffline(false);
  await expect(proof).toContainText('Checked in at', { timeout: 20_000 });
  await expect(proof.getByTestId('visit-proof-message')).toHaveCount(0);
  const section = page.getByTestId('evaluation-section');
  await expect(section.getByRole('heading', { name: 'Arrival and Greeting' })).toBeVisible();

  // A first fill-in: leaving a section with required questions unanswered is work still to do, not
  // the red 'Corrections Needed' of an evaluation QA returned.
  await section.getByLabel('1. Date of visit').fill(new Date().toISOString().slice(0, 10));
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Cleanliness' })).toBeVisible();
  await expect(page.getByTestId('completion-summary')).toContainText(/\d+ to correct/);
  await expect(page.getByTestId('completion-description')).toHaveText('In Progress');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(section.getByRole('heading', { name: 'Arrival and Greeting' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveText('All changes saved');

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
  await shot(page, 'offline-390');

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
  // The header still shows the signed-in shopper (the login the app kept), not the login links.
  await expect(page.getByTestId('header-user')).toHaveText('Pat Phone');
  await expect(page.getByRole('link', { name: 'Evaluator Login' })).toHaveCount(0);
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
  await page.getByRole('button', { name: 'Check out before you submit' }).click();
  await expect(proof).toContainText('Visit ');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Submitted', { timeout: 15_000 });

  // QA (an admin) reviews it: the check-in point, duration and flags, then approves.
  const admin = await (await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP })).newPage();
  await loginThroughForm(admin, DEMO.admin.email, DEMO.admin.password);
  await expect(admin.getByTestId('header-user')).toBeVisible();
  await admin.goto(`/evaluator/qa/${evaluationId}`);
  await expect(admin.getByTestId('status-badge')).toHaveText('In review', { timeout: 20_000 });
  const visitProof = admin.getByTestId('qa-visit-proof');
  await expect(visitProof).toContainText('Check-in');
  // The phone stood about 66 m from the location's geocoded point: shown, and within the limit.
  await expect(visitProof.getByTestId('proof-distance')).toHaveText(/^\d{2} m$/);
  await expect(visitProof.getByTestId('proof-flag').filter({ hasText: /from the location/ })).toHaveCount(0);
  await expect(visitProof.getByRole('link', { name: 'Open in OpenStreetMap' })).toHaveAttribute(
    'href',
    /mlat=30\.268/,
  );
  await expect(visitProof.getByTestId('proof-flag').filter({ hasText: /Visit lasted \d+ min/ })).toHaveCount(
    1,
  );
  await shot(admin, 'qa-proof-desktop');
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Evaluation approved')).toBeVisible({ timeout: 20_000 });

  // The shopper's payment appears, pending: the payables subscriber of evaluation.approved makes it
  // through the job queue, shortly after the approval.
  const line = page.getByTestId('payable-row').filter({ hasText: locationName });
  await expect(async () => {
    await page.goto('/evaluator/payments');
    await expect(line).toContainText('Pending', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The admin pays this shopper's line in a payout and downloads its CSV.
  await admin.goto('/admin/payables');
  const search = admin.getByRole('search', { name: 'Search payables by shopper' });
  await search.getByRole('searchbox', { name: 'Shopper' }).fill(shopperEmail);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(admin.getByTestId('admin-payable-row')).toHaveCount(1);
  await admin.getByRole('checkbox', { name: 'Select all pending in view' }).check();
  await admin.getByRole('button', { name: /^Mark 1 paid/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Mark paid' });
  const reference = `FIELD-${stamp()}`;
  await dialog.getByRole('textbox', { name: 'Payout reference' }).fill(reference);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog).toBeHidden();
  const batch = admin.getByTestId('payout-batches').getByRole('row', { name: new RegExp(reference) });
  const [download] = await Promise.all([
    admin.waitForEvent('download'),
    batch.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(csv).toHaveLength(2);
  expect(csv[1]).toContain(shopperEmail);
  expect(csv[1]).toContain(evaluationId);
  expect(csv[1]).toContain(reference);

  // And the shopper sees it paid.
  await page.reload();
  await expect(line).toContainText('Paid');
  await expect(line).toContainText(reference);
  await context.close();
});
