import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminToken, DEMO, gql, placeOrderThroughApi, screenshot, test } from './support';

// Whole order journeys, each from / to /thanks as a new visitor would, through the real screens of
// the wizard (Get Started, Customize, Add Locations, Frequency, Checkout). The API is used only to read
// the admin outbox and to give the demo customer a saved location and a card on file beforehand.

const port = () => new URL(test.info().project.use.baseURL ?? 'http://localhost:4173').port;
const brandUrl = (subdomain: string) => `http://${subdomain}.localhost:${port()}/`;

const SHOP_THANKS =
  /e-mailed to you once our quality-assurance team approves the shop\. The usual turnaround is 24-36 hours/;
const SURVEY_THANKS = /link and a QR code for inviting your customers.*within 3 business days/;

const shot = (page: Page, name: string) =>
  screenshot(page, `test-results/journey-${name}.png`, { fullPage: true });

/** '$1,440.00' from 144000 cents, computed here rather than by the app's formatter. */
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A new visitor arrives at the storefront and is sent to Get Started. */
async function arrive(page: Page, url = '/') {
  await page.goto(url);
  await expect(page).toHaveURL(/\/industry$/);
}

/** Get Started, default variant: services, an industry from Popular Industries, questionnaires, Next. */
async function getStarted(
  page: Page,
  options: { surveys?: boolean; industry: string; titles: string[] },
): Promise<void> {
  if (options.surveys) await page.getByRole('checkbox', { name: 'Customer Feedback Surveys' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: options.industry, exact: true }).click();
  for (const title of options.titles) await page.getByRole('checkbox', { name: title, exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

/** Customize Your Questionnaires: nothing to change, Next. */
async function customizeNext(page: Page, path: RegExp, heading = 'Customize Your Questionnaires') {
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** Add Locations: an address through the autocomplete, a name, Add Location. */
async function addLocation(page: Page, name: string, address: string) {
  const box = page.getByRole('textbox', { name: 'Location Address or Name' });
  await box.fill(address);
  await page.getByRole('option', { name: `${address}, USA` }).click();
  await page.getByLabel('Location Name').fill(name);
  await page.getByRole('button', { name: 'Add Location' }).click();
  await expect(page.getByText('Location added successfully.')).toBeVisible();
  await expect(page.getByTestId('location-row').filter({ hasText: name })).toContainText(address);
}

/**
 * Frequency, default variant: tick a questionnaire at a location and wait for its price. A click, not
 * check(): with one questionnaire on the order the checkbox goes away once the shop exists, which can
 * be before check() looks at its state again.
 */
async function tickShop(page: Page, locationLabel: string, title: string, locationName: string) {
  const block = page.getByRole('region', { name: locationLabel });
  await block.getByRole('checkbox', { name: `${title} at ${locationName}` }).click();
  await expect(
    block.getByTestId('shop-row').filter({ hasText: title }).getByTestId('shop-price'),
  ).toBeVisible();
  return block;
}

async function fillContact(page: Page, person: { first: string; last: string; email: string }) {
  await page.getByLabel('First Name').fill(person.first);
  await page.getByLabel('Last Name').fill(person.last);
  await page.getByLabel('Business Name').fill(`${person.last} Holdings`);
  await page.getByLabel('Phone Number').fill('7025550142');
  await page.getByLabel('Email Address to Receive Reports').fill(person.email);
}

async function setPassword(page: Page, password: string) {
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

const acceptTerms = (page: Page) =>
  page.getByRole('checkbox', { name: 'I have read and agree to the Terms & Conditions' }).check();

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });

const unique = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

async function expectThanks(page: Page, content: 'shop-only' | 'survey-only' | 'mixed') {
  await expect(page).toHaveURL(/\/thanks$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank You for Your Order' })).toBeVisible();
  await expect(page.getByText(SHOP_THANKS)).toHaveCount(content === 'survey-only' ? 0 : 1);
  await expect(page.getByText(SURVEY_THANKS)).toHaveCount(content === 'shop-only' ? 0 : 1);
  await expect(page.getByTestId('resume-bar')).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === 'orderId')).toBe(false);
}

type Outbox = { outboxEmails: { to: string; kind: string; subject: string }[] };

async function confirmationsFor(request: APIRequestContext, email: string) {
  const token = await adminToken(request);
  const mail = await gql<Outbox>(request, '{ outboxEmails(limit: 200) { to kind subject } }', {}, token);
  return mail.outboxEmails.filter((m) => m.to === email && m.kind === 'ORDER_CONFIRMATION');
}

test('1. a guest orders a one-time mystery shop', async ({ page, request }) => {
  await arrive(page);
  await getStarted(page, { industry: 'Restaurants', titles: ['Dine-In Experience'] });
  await customizeNext(page, /\/customize$/);

  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await addLocation(page, 'Congress Avenue', '500 Congress Ave, Austin, TX 78701');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/frequency$/);
  const block = await tickShop(page, 'Location 1: Congress Avenue', 'Dine-In Experience', 'Congress Avenue');
  await block.getByLabel('Number of Shops').fill('2');
  // (95 + 25 minimum reimbursement) x 2
  await expect(block.getByTestId('shop-price')).toHaveText('$240.00');
  await expect(page.getByTestId('order-total')).toHaveText('$240.00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByText('Dine-In Experience')).toBeVisible();
  await expect(summary.getByText('Number of Shops: 2')).toBeVisible();
  await expect(page.getByTestId('order-total-value')).toHaveText('$240.00');
  const email = unique('gale');
  await fillContact(page, { first: 'Gale', last: 'Guest', email });
  await page.getByRole('checkbox', { name: 'Check out as a guest' }).check();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeHidden();
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await shot(page, '1-guest-checkout');
  await placeOrder(page).click();

  await expectThanks(page, 'shop-only');
  await expect(page.getByRole('link', { name: 'Client Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your Dashboard' })).toHaveCount(0);
  await shot(page, '1-guest-thanks');
  // The confirmation is order.placed's subscriber's: it is queued a job or two after the commit.
  await expect.poll(async () => (await confirmationsFor(request, email)).length).toBe(1);
});

test('2. a mixed shop and survey order creates an account', async ({ page }) => {
  test.setTimeout(60_000);
  await arrive(page);
  await getStarted(page, {
    surveys: true,
    industry: 'Restaurants',
    titles: ['Dine-In Experience', 'Restaurant Guest Survey'],
  });

  // Mystery shops first.
  await customizeNext(page, /\/customize\/mystery-shop$/);
  await expect(page).toHaveURL(/\/locations\/mystery-shop$/);
  await addLocation(page, 'Riverside', '1 Main St, Austin, TX 78701');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/frequency\/mystery-shop$/);
  const shops = page.getByRole('region', { name: 'Location 1: Riverside' });
  await expect(shops.getByTestId('shop-row')).toHaveCount(1);
  await tickShop(page, 'Location 1: Riverside', 'Dine-In Experience', 'Riverside');
  await expect(shops.getByTestId('shop-price')).toHaveText('$120.00');
  await page.getByRole('button', { name: 'Next' }).click();

  // Then the surveys.
  await expect(page).toHaveURL(/\/select-questionnaires\/customer-survey$/);
  await expect(page.getByRole('checkbox', { name: 'Restaurant Guest Survey', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await customizeNext(page, /\/customize\/customer-survey$/);
  await expect(page).toHaveURL(/\/locations\/customer-survey$/);
  await expect(page.getByText('You added your locations earlier in this order')).toBeVisible();
  await expect(page.getByTestId('location-row')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/frequency\/customer-survey$/);
  await expect(page.getByRole('heading', { name: 'Confirm Locations' })).toBeVisible();
  const surveys = await tickShop(page, 'Location 1: Riverside', 'Restaurant Guest Survey', 'Riverside');
  await expect(surveys.getByTestId('shop-price')).toHaveText('$49.00');
  await expect(page.getByTestId('order-total')).toHaveText('$169.00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByText('Dine-In Experience')).toBeVisible();
  await expect(summary.getByText('Restaurant Guest Survey')).toBeVisible();
  await expect(page.getByTestId('order-total-value')).toHaveText('$169.00');
  // A survey on the order: an account is required, the guest box is not offered.
  await expect(page.getByRole('checkbox', { name: 'Check out as a guest' })).toHaveCount(0);
  await fillContact(page, { first: 'Mia', last: 'Mixed', email: unique('mia') });
  await setPassword(page, 'mia-secret');
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await shot(page, '2-mixed-checkout');
  await placeOrder(page).click();

  await expectThanks(page, 'mixed');
  await expect(page.getByTestId('header-user')).toHaveText('Mia Mixed');
  await expect(page.getByRole('link', { name: 'Go to your Dashboard' })).toBeVisible();
  await shot(page, '2-mixed-thanks');
});

/** Mondays from the given date to the end of its month, counted one day at a time. */
function mondaysLeftInMonth(year: number, monthIndex: number, day: number): number {
  let mondays = 0;
  for (
    let d = new Date(Date.UTC(year, monthIndex, day));
    d.getUTCMonth() === monthIndex;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    if (d.getUTCDay() === 1) mondays += 1;
  }
  return mondays;
}

/**
 * Dine-In Experience, recurring, 2 per week, minimum reimbursement, in Nevada, starting on the given
 * MM/DD/YYYY: (cost $95 + reimbursement $25) x 2 per week x the Mondays left in the start month
 * (at least 4, at most 5) x 1.5 for Nevada.
 */
function weeklyNevadaCents(startDate: string): number {
  const [, mm, dd, yyyy] = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(startDate) ?? [];
  if (!mm || !dd || !yyyy) throw new Error(`Not a MM/DD/YYYY date: ${startDate}`);
  const weeks = Math.min(5, Math.max(4, mondaysLeftInMonth(Number(yyyy), Number(mm) - 1, Number(dd))));
  return ((9500 + 2500) * 2 * weeks * 3) / 2;
}

test('3. a recurring weekly order in Nevada is priced by the rules', async ({ page }) => {
  test.setTimeout(60_000);
  await arrive(page);
  await getStarted(page, { industry: 'Restaurants', titles: ['Dine-In Experience'] });
  await customizeNext(page, /\/customize$/);
  await addLocation(page, 'The Strip', '3600 S Las Vegas Blvd, Las Vegas, NV 89109');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/frequency$/);
  const block = await tickShop(page, 'Location 1: The Strip', 'Dine-In Experience', 'The Strip');
  // One-time first: (95 + 25) x 1.5 in Nevada.
  await expect(block.getByTestId('shop-price')).toHaveText('$180.00');
  await block.getByText('Recurring', { exact: true }).click();
  await block.getByRole('textbox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'per week' }).click();
  await block.getByLabel('Number of Shops').fill('2');
  await expect(block.getByRole('textbox', { name: 'Frequency' })).toHaveValue('per week');
  const startOnFrequency = await block.getByRole('textbox', { name: 'Desired Start Date' }).inputValue();
  const expectedCents = weeklyNevadaCents(startOnFrequency);
  await expect(block.getByTestId('shop-price')).toHaveText(dollars(expectedCents));
  await expect(page.getByTestId('order-total')).toHaveText(dollars(expectedCents));
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByText('Frequency: 2 per week')).toBeVisible();
  await expect(summary.getByText(/Las Vegas, NV/)).toBeVisible();
  const startText = (await summary.getByText(/^Start Date: /).textContent()) ?? '';
  expect(startText.replace(/^Start Date: /, '')).toBe(startOnFrequency);
  expect(weeklyNevadaCents(startText.replace(/^Start Date: /, ''))).toBe(expectedCents);
  await expect(page.getByTestId('order-total-value')).toHaveText(dollars(expectedCents));
  await expect(page.getByTestId('summary-shop-due')).toHaveText(dollars(expectedCents));
  await expect(page.getByRole('checkbox', { name: 'Check out as a guest' })).toHaveCount(0);
  await fillContact(page, { first: 'Vera', last: 'Vegas', email: unique('vera') });
  await setPassword(page, 'vera-secret');
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await shot(page, '3-nevada-checkout');
  await placeOrder(page).click();
  await expectThanks(page, 'shop-only');
  await expect(page.getByTestId('header-user')).toHaveText('Vera Vegas');
});

test('4. bulk locations with one unreadable line', async ({ page }) => {
  test.setTimeout(60_000);
  await arrive(page);
  await getStarted(page, { industry: 'Retail', titles: ['In-Store Shopping Experience'] });
  await customizeNext(page, /\/customize$/);
  await expect(page).toHaveURL(/\/locations$/);
  await page.getByRole('link', { name: 'Add Locations In Bulk' }).click();

  await expect(page).toHaveURL(/\/locations\/bulk$/);
  await page
    .getByLabel('Addresses')
    .fill('1 Main St, Austin, TX 78701\nthis is not an address\n500 Elm St, Dallas, TX 75201');
  await page.getByRole('button', { name: 'Validate Addresses' }).click();
  await expect(page.getByText('Error validating this is not an address')).toBeVisible();
  await expect(page.getByTestId('bulk-row')).toHaveCount(3);
  await expect(page.locator('[data-testid="bulk-row"][data-status="error"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="bulk-row"][data-status="validated"]')).toHaveCount(2);
  await page.getByLabel('Location Name, row 1').fill('Austin Store');
  await page.getByLabel('Location Name, row 3').fill('Dallas Store');
  await page.getByRole('button', { name: 'Add Locations To Order' }).click();

  await expect(page).toHaveURL(/\/locations$/);
  const rows = page.getByTestId('location-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Austin Store');
  await expect(rows.nth(1)).toContainText('Dallas Store');
  await expect(page.getByTestId('location-table')).not.toContainText('this is not an address');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/frequency$/);
  await tickShop(page, 'Location 1: Austin Store', 'In-Store Shopping Experience', 'Austin Store');
  await tickShop(page, 'Location 2: Dallas Store', 'In-Store Shopping Experience', 'Dallas Store');
  // (85 + 15) at each of the two locations.
  await expect(page.getByTestId('order-total')).toHaveText('$200.00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('summary-location')).toHaveCount(2);
  await expect(page.getByTestId('order-total-value')).toHaveText('$200.00');
  await fillContact(page, { first: 'Bea', last: 'Bulk', email: unique('bea') });
  await page.getByRole('checkbox', { name: 'Check out as a guest' }).check();
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await shot(page, '4-bulk-checkout');
  await placeOrder(page).click();
  await expectThanks(page, 'shop-only');
});

/** Setup through the API: a placed order gives the demo customer a saved location and a card on file. */
const giveCustomerSavedLocationAndCard = (request: APIRequestContext, locationName: string) =>
  placeOrderThroughApi(request, {
    email: DEMO.customer.email,
    password: DEMO.customer.password,
    title: 'Drive-Thru Visit',
    location: {
      name: locationName,
      address: { line1: '2 Virginia St', city: 'Reno', state: 'NV', postalCode: '89501' },
    },
    cardNumber: '5555555555554444',
  });

test('5. a logged-in customer reuses a saved location and the card on file', async ({ page, request }) => {
  test.setTimeout(60_000);
  const saved = `Saved Reno ${Date.now()}`;
  await giveCustomerSavedLocationAndCard(request, saved);

  await arrive(page);
  await page.getByRole('link', { name: 'Client Login' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(DEMO.customer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/account/);
  await expect(page.getByTestId('header-user')).toHaveText(DEMO.customer.name);

  // A logged-in customer starts a new order the way 'Start a New Order' does.
  await page.goto('/new-order');
  await expect(page).toHaveURL(/\/industry$/);
  await getStarted(page, { industry: 'Restaurants', titles: ['Drive-Thru Visit'] });
  await customizeNext(page, /\/customize$/);

  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('link', { name: 'Log In to Use Saved Locations' })).toHaveCount(0);
  const add = page.getByRole('button', { name: 'Add Selected Addresses' });
  await page.getByRole('button', { name: 'Select Previous Addresses' }).click();
  await expect(add).toBeDisabled();
  await page.getByTestId('saved-locations').getByRole('checkbox', { name: saved }).check();
  await add.click();
  await expect(page.getByTestId('saved-locations')).toHaveCount(0);
  const rows = page.getByTestId('location-row');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(saved);
  await expect(rows).toContainText('Reno');
  // Once on the order, the saved location is no longer offered.
  await page.getByRole('button', { name: 'Select Previous Addresses' }).click();
  await expect(page.getByTestId('saved-locations').getByRole('checkbox', { name: saved })).toHaveCount(0);
  await page.getByRole('button', { name: 'Select Previous Addresses' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/frequency$/);
  const block = await tickShop(page, `Location 1: ${saved}`, 'Drive-Thru Visit', saved);
  // (65 + 12) x 1.5 in Nevada.
  await expect(block.getByTestId('shop-price')).toHaveText('$115.50');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('contact-details')).toContainText(DEMO.customer.email);
  await expect(page.getByTestId('card-on-file')).toContainText('MasterCard ending in 4444, expires 12/34');
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await expect(page.getByTestId('order-total-value')).toHaveText('$115.50');
  await acceptTerms(page);
  await shot(page, '5-card-on-file-checkout');
  await placeOrder(page).click();
  await expectThanks(page, 'shop-only');
  await expect(page.getByRole('link', { name: 'Go to your Dashboard' })).toBeVisible();
  await shot(page, '5-card-on-file-thanks');
});

test('6. the automotive brand: a car make, Continue, Specify Frequency table, Promo Code', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await arrive(page, brandUrl('autopro'));
  await page.getByRole('combobox', { name: 'Select Make' }).selectOption({ label: 'Audi' });
  await expect(page.getByRole('checkbox', { name: /non-premium|ultra-premium/ })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Sales Visit (premium)' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await customizeNext(page, /\/customize$/);

  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('link', { name: 'Have More Than 20 Locations? Add Here' })).toBeVisible();
  await addLocation(page, 'Audi North', '9000 Research Blvd, Austin, TX 78758');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/frequency$/);
  await expect(page.getByRole('heading', { name: 'Specify Frequency' })).toBeVisible();
  const table = page.getByTestId('frequency-table');
  for (const column of [
    'Questionnaire',
    'Fee',
    'One-Time or Recurring Order',
    'Desired Start Date',
    'Number of Shops',
    'Frequency',
    'Shopper Reimbursement per Shop',
  ]) {
    await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
  }
  // Ticking a questionnaire turns its row into the shop's fields (the box goes), so click rather than
  // check(), which would wait to see the box ticked.
  await table.getByRole('checkbox', { name: 'Sales Visit (premium)' }).click();
  await expect(table.getByTestId('shop-price')).toHaveText('$175.00');
  await expect(page.getByTestId('order-total')).toHaveText('$175.00');
  await shot(page, '6-automotive-frequency');
  await page.getByRole('button', { name: 'Checkout' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-summary').getByText('Sales Visit (premium)')).toBeVisible();
  await expect(page.getByTestId('order-total-value')).toHaveText('$175.00');
  await expect(page.getByLabel('Referral Code')).toHaveCount(0);
  await page.getByLabel('Promo Code').fill('AUDI5');
  await fillContact(page, { first: 'Otto', last: 'Motors', email: unique('otto') });
  await page.getByRole('checkbox', { name: 'Check out as a guest' }).check();
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await shot(page, '6-automotive-checkout');
  await placeOrder(page).click();
  await expectThanks(page, 'shop-only');
  await expect(page).toHaveURL(new RegExp(`^${brandUrl('autopro')}thanks$`));
});

test('7. the incentive-zone brand: a city, then only that zone’s questionnaires', async ({ page }) => {
  test.setTimeout(60_000);
  await arrive(page, brandUrl('goldenchick'));
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'City' }).selectOption({ label: 'Lubbock, TX' });
  await expect(page.getByRole('checkbox', { name: 'Restaurant Visit (remote)' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /non-remote|ultra-remote/ })).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(2);
  await page.getByRole('checkbox', { name: 'Restaurant Visit (remote)' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/customize$/);
  await expect(page.getByTestId('customize-row')).toHaveCount(1);
  await expect(page.getByTestId('customize-row')).toContainText('Restaurant Visit (remote)');
  await customizeNext(page, /\/customize$/);

  await expect(page).toHaveURL(/\/locations$/);
  await addLocation(page, 'Lubbock 34th', '2402 34th St, Lubbock, TX 79411');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/frequency$/);
  const block = await tickShop(page, 'Location 1: Lubbock 34th', 'Restaurant Visit (remote)', 'Lubbock 34th');
  // (80 + 15)
  await expect(block.getByTestId('shop-price')).toHaveText('$95.00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-summary').getByText('Restaurant Visit (remote)')).toBeVisible();
  await expect(page.getByTestId('order-total-value')).toHaveText('$95.00');
  await fillContact(page, { first: 'Zoe', last: 'Zone', email: unique('zoe') });
  await page.getByRole('checkbox', { name: 'Check out as a guest' }).check();
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await placeOrder(page).click();
  await expectThanks(page, 'shop-only');
  await shot(page, '7-zone-thanks');
});

test('8. a confirm-only brand confirms its questionnaires without custom questions', async ({ page }) => {
  test.setTimeout(60_000);
  await arrive(page, '/cricket');
  await page.getByRole('checkbox', { name: 'Authorized Retailer Visit' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/customize$/);
  await expect(page.getByRole('heading', { name: 'Confirm Your Questionnaires' })).toBeVisible();
  await expect(page.getByTestId('order-progress')).toContainText('Confirm Questionnaire(s)');
  await expect(page.getByTestId('customize-row')).toContainText('Authorized Retailer Visit');
  await expect(page.getByTestId('customization-status')).toHaveText('N/A');
  await expect(page.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expect(page.getByLabel('Question 1 text')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Question' })).toHaveCount(0);
  await shot(page, '8-confirm-only');
  await customizeNext(page, /\/customize$/, 'Confirm Your Questionnaires');

  await expect(page).toHaveURL(/\/locations$/);
  await addLocation(page, 'Cricket Downtown', '1 Main St, Austin, TX 78701');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/frequency$/);
  const block = await tickShop(
    page,
    'Location 1: Cricket Downtown',
    'Authorized Retailer Visit',
    'Cricket Downtown',
  );
  // (85 + 10)
  await expect(block.getByTestId('shop-price')).toHaveText('$95.00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId('order-total-value')).toHaveText('$95.00');
  await fillContact(page, { first: 'Cody', last: 'Cricket', email: unique('cody') });
  await page.getByRole('checkbox', { name: 'Check out as a guest' }).check();
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await placeOrder(page).click();
  await expectThanks(page, 'shop-only');
});

test('9. a declined card, then a good one: one charge and one confirmation', async ({ page, request }) => {
  test.setTimeout(60_000);
  await arrive(page);
  await getStarted(page, { industry: 'Telephone Services', titles: ['Wireless Store Visit'] });
  await customizeNext(page, /\/customize$/);
  await addLocation(page, 'Wireless Corner', '500 Elm St, Dallas, TX 75201');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/frequency$/);
  await tickShop(page, 'Location 1: Wireless Corner', 'Wireless Store Visit', 'Wireless Corner');
  // (85 + 10)
  await expect(page.getByTestId('order-total')).toHaveText('$95.00');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page).toHaveURL(/\/checkout$/);
  const oid = (await page.context().cookies()).find((c) => c.name === 'orderId')?.value;
  expect(oid).toBeTruthy();
  const email = unique('dana');
  await fillContact(page, { first: 'Dana', last: 'Declined', email });
  await setPassword(page, 'dana-secret');
  await fillCard(page, '4000 0000 0000 0002');
  await acceptTerms(page);
  await placeOrder(page).click();
  await expect(page.getByTestId('card-errors')).toHaveText('Your card was declined.');
  await expect(placeOrder(page)).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);
  await shot(page, '9-declined-checkout');
  expect(await confirmationsFor(request, email)).toHaveLength(0);

  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  // An impatient double click still places the order once.
  await placeOrder(page).dblclick();
  await expectThanks(page, 'shop-only');
  await expect(page.getByTestId('header-user')).toHaveText('Dana Declined');
  await shot(page, '9-declined-then-paid-thanks');

  await expect.poll(async () => (await confirmationsFor(request, email)).length).toBe(1);
  const placed = await gql<{ order: { status: string; amount: number } }>(
    request,
    'query($oid:String){ order(_id:$oid){ status amount } }',
    { oid },
    await adminToken(request),
  );
  expect(placed.order).toEqual({ status: 'COMPLETE', amount: 9500 });
});
