import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { adminToken, DEMO, gql, loginThroughForm, saveShopThroughApi, screenshot, test } from './support';

// Checkout journeys: the cart is built through the API (the earlier wizard screens have their own
// journeys), the order cookie is set as the wizard would set it, and checkout runs in the browser.

type Questionnaire = { _id: string; title: string; type: string; cost: number; minimumReimbursement: number };

async function questionnaire(request: APIRequestContext, title: string): Promise<Questionnaire> {
  const data = await gql<{ publishedIndustries: { questionnaires: Questionnaire[] }[] }>(
    request,
    '{ publishedIndustries { questionnaires { _id title type cost minimumReimbursement } } }',
  );
  const found = data.publishedIndustries.flatMap((i) => i.questionnaires).find((q) => q.title === title);
  if (!found) throw new Error(`No questionnaire named ${title}`);
  return found;
}

type ShopSettings = {
  recurring?: boolean;
  totalQuantity?: number;
  frequencyQuantity?: number;
  frequencyPeriod?: 'week' | 'month' | 'quarter';
  reimbursement?: number;
  startDate?: string;
};

type Address = { line1: string; city: string; state: string; postalCode: string };

const AUSTIN: Address = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' };

/**
 * A cart with one location and one shop per questionnaire, made through the API with the page's own
 * cookies (so a logged-in visitor owns it), then the order cookies the wizard would have stored.
 */
async function cartWith(
  page: Page,
  items: { title: string; shop?: ShopSettings }[],
  location: { name: string; address: Address } = { name: 'Downtown', address: AUSTIN },
): Promise<{ oid: string; locationId: string }> {
  const request = page.request;
  const qs = await Promise.all(items.map((i) => questionnaire(request, i.title)));
  const services = [...new Set(qs.map((q) => q.type))];
  const started = await gql<{
    startOrder: { _id: string; userQuestionnaires: { _id: string; qid: string }[] };
  }>(
    request,
    'mutation($qids:[String!]!,$s:[String!]){ startOrder(qids:$qids, serviceKeys:$s){ _id userQuestionnaires { _id qid } } }',
    { qids: qs.map((q) => q._id), s: services },
  );
  const oid = started.startOrder._id;
  const added = await gql<{ addLocation: { _id: string } }>(
    request,
    'mutation($input: LocationInput!){ addLocation(input:$input){ _id } }',
    { input: { name: location.name, address: location.address, oids: [oid] } },
  );
  const locationId = added.addLocation._id;
  for (const [i, q] of qs.entries()) {
    const uq = started.startOrder.userQuestionnaires.find((u) => u.qid === q._id);
    await saveShopThroughApi(request, { oid, locationId, q, uqid: uq?._id }, undefined, items[i]?.shop);
  }
  await setOrderCookies(page.context(), oid, services);
  return { oid, locationId };
}

async function setOrderCookies(context: BrowserContext, oid: string, services: string[]) {
  const url = test.info().project.use.baseURL ?? 'http://localhost:4173';
  await context.addCookies([
    { name: 'orderId', value: oid, url },
    { name: 'orderServices', value: encodeURIComponent(JSON.stringify({ oid, services })), url },
  ]);
}

/** A new visitor arrives at the storefront as anyone would. */
async function arriveAsNewVisitor(page: Page) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/industry$/);
}

async function fillContact(page: Page, person: { first: string; last: string; email: string }) {
  await page.getByLabel('First Name').fill(person.first);
  await page.getByLabel('Last Name').fill(person.last);
  await page.getByLabel('Business Name').fill(`${person.last} Holdings`);
  await page.getByLabel('Phone Number').fill('5125550142');
  await expect(page.getByLabel('Phone Number')).toHaveValue('(512)-555-0142');
  await page.getByLabel('Email Address to Receive Reports').fill(person.email);
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card Number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

const acceptTerms = (page: Page) =>
  page.getByRole('checkbox', { name: 'I have read and agree to the Terms & Conditions' }).check();

const placeOrder = (page: Page) => page.getByRole('button', { name: 'Place Order' });

/** '$1,440.00' to 144000 cents. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

const SHOP_THANKS =
  /e-mailed to you once our quality-assurance team approves the shop\. The usual turnaround is 24-36 hours/;
const SURVEY_THANKS = /link and a QR code for inviting your customers.*within 3 business days/;

test('a visitor buys a one-time mystery shop as a guest with a test card', async ({ page }) => {
  await arriveAsNewVisitor(page);
  const { locationId } = await cartWith(page, [{ title: 'Dine-In Experience', shop: { totalQuantity: 2 } }]);
  await page.goto('/checkout');
  await expect(page).toHaveTitle('Checkout | Customer Optix');

  const summary = page.getByTestId('order-summary');
  await expect(summary.getByRole('heading', { name: 'Order Summary' })).toBeVisible();
  await expect(summary.getByText('Dine-In Experience')).toBeVisible();
  await expect(summary.getByText('Number of Shops: 2')).toBeVisible();
  await expect(summary.getByText('Fee: $95.00/shop')).toBeVisible();
  await expect(summary.getByText('Shopper Reimbursement: $25.00')).toBeVisible();
  await expect(summary.getByRole('link', { name: 'edit details' })).toHaveAttribute(
    'href',
    `/frequency#${locationId}`,
  );
  // (95 + 25) x 2
  await expect(page.getByTestId('order-total-value')).toHaveText('$240.00');
  await expect(page.getByRole('link', { name: 'Terms & Conditions' }).first()).toHaveAttribute(
    'target',
    '_blank',
  );

  // Everything is checked before anything is sent.
  await placeOrder(page).click();
  await expect(page.getByText('Email Address to Receive Reports is required.')).toBeVisible();
  await expect(page.getByText('A valid Payment Card is required.')).toBeVisible();
  await expect(page.getByText('You must agree to the Terms & Conditions.')).toBeVisible();

  await fillContact(page, { first: 'Gale', last: 'Guest', email: `gale-${Date.now()}@example.test` });
  const guest = page.getByRole('checkbox', { name: 'Check out as a guest' });
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
  await guest.check();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Confirm Password', exact: true })).toBeHidden();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByLabel('Card Number')).toHaveValue('4242 4242 4242 4242');
  await acceptTerms(page);
  await screenshot(page, 'test-results/checkout-guest.png', { fullPage: true });
  await placeOrder(page).click();

  await expect(page).toHaveURL(/\/thanks$/);
  await expect(page.getByText(SHOP_THANKS)).toBeVisible();
  await expect(page.getByText(SURVEY_THANKS)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start a New Order' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Client Login' })).toBeVisible();
  // The order cookies are gone: no resume bar, and checkout is empty again.
  await expect(page.getByTestId('resume-bar')).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === 'orderId')).toBe(false);
  await screenshot(page, 'test-results/thanks-shop.png', { fullPage: true });
  await page.goto('/checkout');
  await expect(
    page.getByText('There is nothing in your order yet, please begin the order process.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();
});

test('a survey order creates an account at checkout and logs the new customer in', async ({ page }) => {
  await arriveAsNewVisitor(page);
  await cartWith(page, [{ title: 'Restaurant Guest Survey' }]);
  await page.goto('/checkout');
  await expect(page.getByTestId('order-summary').getByText('Fee: $49.00/month')).toBeVisible();
  await expect(page.getByTestId('order-total-value')).toHaveText('$49.00');
  // Surveys need an account: no guest checkout.
  await expect(page.getByRole('checkbox', { name: 'Check out as a guest' })).toHaveCount(0);

  const email = `sam-${Date.now()}@example.test`;
  await fillContact(page, { first: 'Sam', last: 'Survey', email });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('sam-secret');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('sam-secreT');
  await fillCard(page, '4242424242424242');
  await acceptTerms(page);
  await placeOrder(page).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('sam-secret');
  await page.getByLabel('Referral Code').fill('FRIEND10');
  await placeOrder(page).click();

  await expect(page).toHaveURL(/\/thanks$/);
  await expect(page.getByText(SURVEY_THANKS)).toBeVisible();
  await expect(page.getByText(SHOP_THANKS)).toHaveCount(0);
  await expect(page.getByTestId('header-user')).toHaveText('Sam Survey');
  await expect(page.getByRole('link', { name: 'Go to your Dashboard' })).toHaveAttribute(
    'href',
    '/account/dashboard',
  );
  await screenshot(page, 'test-results/thanks-survey.png', { fullPage: true });
});

test('a declined card unlocks Place Order; a good card then places the order once', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await arriveAsNewVisitor(page);
  const { oid } = await cartWith(page, [
    { title: 'In-Store Shopping Experience', shop: { totalQuantity: 3, reimbursement: 2000 } },
    { title: 'Shopper Feedback Survey' },
  ]);
  await page.goto('/checkout');
  const totalText = (await page.getByTestId('order-total-value').textContent()) ?? '';
  // (85 + 20) x 3 + 39
  expect(totalText).toBe('$354.00');

  const email = `dana-${Date.now()}@example.test`;
  await fillContact(page, { first: 'Dana', last: 'Declined', email });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('dana-secret');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('dana-secret');
  await fillCard(page, '4000 0000 0000 0002');
  await acceptTerms(page);
  await placeOrder(page).click();

  await expect(page.locator('.mantine-Notification-root').getByText('Your card was declined.')).toBeVisible();
  await expect(page.getByTestId('card-errors')).toHaveText('Your card was declined.');
  await expect(placeOrder(page)).toBeEnabled();
  await expect(page).toHaveURL(/\/checkout$/);
  await screenshot(page, 'test-results/checkout-declined.png', { fullPage: true });

  await page.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/thanks$/, { timeout: 15_000 });
  await expect(page.getByText(SHOP_THANKS)).toBeVisible();
  await expect(page.getByText(SURVEY_THANKS)).toBeVisible();

  const token = await adminToken(request);
  // The confirmation is order.placed's subscriber's: it is queued a job or two after the commit.
  await expect
    .poll(async () => {
      const mail = await gql<{ outboxEmails: { to: string; kind: string; subject: string }[] }>(
        request,
        '{ outboxEmails(limit: 200) { to kind subject } }',
        {},
        token,
      );
      return mail.outboxEmails.filter((m) => m.to === email && m.kind === 'ORDER_CONFIRMATION').length;
    })
    .toBe(1);
  const placed = await gql<{ order: { status: string; amount: number } }>(
    request,
    'query($oid:String){ order(_id:$oid){ status amount } }',
    { oid },
    token,
  );
  expect(placed.order.status).toBe('COMPLETE');
  expect(placed.order.amount).toBe(cents(totalText));
});

test('a logged-in customer sees read-only contact details and pays with the card on file', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await loginThroughForm(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.getByTestId('header-user')).toHaveText(DEMO.customer.name);

  // The first order gives the customer a card on file.
  await cartWith(page, [{ title: 'Drive-Thru Visit' }], { name: 'North', address: AUSTIN });
  await page.goto('/checkout');
  const contact = page.getByTestId('contact-details');
  await expect(contact).toContainText(DEMO.customer.name);
  await expect(contact).toContainText(DEMO.customer.email);
  await expect(contact.getByRole('link', { name: 'Edit contact details' })).toHaveAttribute(
    'href',
    '/account/info',
  );
  await expect(page.getByLabel('First Name')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: 'Check out as a guest' })).toHaveCount(0);
  await fillCard(page, '5555 5555 5555 4444');
  await acceptTerms(page);
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/thanks$/);
  await expect(page.getByRole('link', { name: 'Go to your Dashboard' })).toBeVisible();

  // The second order is paid with that card: no card form at all.
  await cartWith(page, [{ title: 'Dine-In Experience' }], { name: 'South', address: AUSTIN });
  await page.goto('/checkout');
  const onFile = page.getByTestId('card-on-file');
  await expect(onFile).toContainText('MasterCard ending in 4444, expires 12/34');
  await expect(onFile.getByRole('link', { name: 'Change card' })).toHaveAttribute(
    'href',
    '/account/info#billing',
  );
  await expect(page.getByLabel('Card Number')).toHaveCount(0);
  await acceptTerms(page);
  await screenshot(page, 'test-results/checkout-card-on-file.png', { fullPage: true });
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/thanks$/);
  await expect(page.getByText(SHOP_THANKS)).toBeVisible();
});

/** Mondays from the given day to the end of its month, counted one day at a time. */
function mondaysLeft(year: number, monthIndex: number, day: number): number {
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

test('a weekly recurring order in Nevada is priced by the Mondays left in its start month', async ({
  page,
}) => {
  await arriveAsNewVisitor(page);
  // The first of the month after next is always past the 3-business-day lead time.
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  const startDate = start.toISOString().slice(0, 10);
  await cartWith(
    page,
    [
      {
        title: 'Dine-In Experience',
        shop: {
          recurring: true,
          frequencyQuantity: 2,
          frequencyPeriod: 'week',
          reimbursement: 3000,
          startDate,
        },
      },
    ],
    {
      name: 'The Strip',
      address: { line1: '3600 S Las Vegas Blvd', city: 'Las Vegas', state: 'NV', postalCode: '89109' },
    },
  );

  // (cost $95 + reimbursement $30) x 2 per week x Mondays left (at least 4, at most 5) x 1.5 for Nevada.
  const weeks = Math.min(5, Math.max(4, mondaysLeft(start.getUTCFullYear(), start.getUTCMonth(), 1)));
  const expectedCents = (9500 + 3000) * 2 * weeks * 1.5;
  const expected = `$${(expectedCents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

  await page.goto('/checkout');
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByText('Frequency: 2 per week')).toBeVisible();
  const mm = String(start.getUTCMonth() + 1).padStart(2, '0');
  await expect(summary.getByText(`Start Date: ${mm}/01/${start.getUTCFullYear()}`)).toBeVisible();
  await expect(summary.getByText(/Las Vegas, NV/)).toBeVisible();
  await expect(summary.getByTestId('state-surcharge')).toHaveText(
    'Shops in Nevada are priced at 1.5 times the listed price.',
  );
  await expect(page.getByTestId('order-total-value')).toHaveText(expected);
  await expect(page.getByTestId('summary-shop-due')).toHaveText(expected);
  // Recurring orders need an account.
  await expect(page.getByRole('checkbox', { name: 'Check out as a guest' })).toHaveCount(0);
  await screenshot(page, 'test-results/checkout-nevada-weekly.png', { fullPage: true });
});

test('a placed order is shown read-only to its owner and to nobody else', async ({ page, browser }) => {
  test.setTimeout(60_000);
  await arriveAsNewVisitor(page);
  const { oid } = await cartWith(page, [{ title: 'Takeout Phone Order', shop: { totalQuantity: 4 } }]);
  await page.goto('/checkout');
  const email = `olive-${Date.now()}@example.test`;
  await fillContact(page, { first: 'Olive', last: 'Owner', email });
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('olive-secret');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('olive-secret');
  await fillCard(page, '4242 4242 4242 4242');
  await acceptTerms(page);
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/thanks$/);

  const placed = await gql<{ order: { orderNumber: number } }>(
    page.request,
    'query($oid:String){ order(_id:$oid){ orderNumber } }',
    { oid },
  );
  const path = `/view-order/${oid}/${placed.order.orderNumber}`;
  await page.goto(path);
  await expect(page.getByRole('heading', { name: `Order #${placed.order.orderNumber}` })).toBeVisible();
  const summary = page.getByTestId('order-summary');
  await expect(summary.getByText('Takeout Phone Order')).toBeVisible();
  await expect(summary.getByText('Number of Shops: 4')).toBeVisible();
  await expect(summary.getByRole('link', { name: /edit/ })).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toContainText('Amount Charged');
  await expect(page.getByTestId('order-total-value')).toHaveText('$180.00');
  await screenshot(page, 'test-results/view-order.png', { fullPage: true });

  // Another visitor, or a wrong or missing order number, finds nothing.
  await page.goto(`/view-order/${oid}/${placed.order.orderNumber + 1}`);
  await expect(page.getByTestId('order-not-found')).toContainText('Order Not Found');
  await page.goto(`/view-order/${oid}`);
  await expect(page.getByTestId('order-not-found')).toBeVisible();
  const stranger = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(path);
  await expect(strangerPage.getByTestId('order-not-found')).toContainText('Log in');
  await stranger.close();
});
