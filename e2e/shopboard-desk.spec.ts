import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { gql, loginThroughForm, placeOrderThroughApi, screenshot, test, visitCard } from './support';

// The supply side's other journeys at 390 px (issue 47): a shopper misses the due date of a visit they
// accepted (the clock moved: the deadline job runs as of then through the journeys' test hook, the
// browser's clock with Playwright's), sees it released, and the customer sees the visit as late; a
// scheduler assigns an at-risk visit from the desk to a qualified shopper they search for.

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results';
const TITLE = 'Membership Tour';
const PHONE = { width: 390, height: 844 };
const DAY_MS = 86_400_000;

/** A new customer account (so its My Shops lists this journey's shops only) and one order at `location`. */
async function customerWithOrder(request: APIRequestContext, stamp: string, location: string, line1: string) {
  const customer = {
    email: `supply-owner-${stamp}-${location.length}@example.test`,
    password: 'supply-owner-pass',
    profile: {
      firstName: 'Sam',
      lastName: 'Owner',
      businessName: `Sam's Gyms ${stamp}`,
      phone: '(512)-555-0177',
    },
  };
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', { i: customer });
  await placeOrderThroughApi(request, {
    email: customer.email,
    password: customer.password,
    title: TITLE,
    location: { name: location, address: { line1, city: 'Austin', state: 'TX', postalCode: '78701' } },
    cardNumber: '4242424242424242',
  });
  return customer;
}

/** A new shopper signs up in the evaluator app (home in Austin) and accepts the visit at `location`. */
async function shopperAccepts(
  page: Page,
  name: { first: string; last: string; email: string },
  location: string,
) {
  await page.goto('/evaluator');
  const signup = page.getByTestId('shopper-signup');
  await signup.getByLabel('First Name').fill(name.first);
  await signup.getByLabel('Last Name').fill(name.last);
  await signup.getByLabel('E-mail').fill(name.email);
  await signup.getByLabel('Choose a password').fill('shopper-pass');
  await signup.getByLabel('Phone').fill('5125550142');
  await signup.getByLabel('Home street address').fill('1100 Congress Ave');
  await signup.getByLabel('City').fill('Austin');
  await signup.getByLabel('State').selectOption('TX');
  await signup.getByLabel('ZIP Code').fill('78701');
  await signup.getByRole('button', { name: 'Sign up as a shopper' }).click();
  await expect(page).toHaveURL(/\/evaluator\/visits$/, { timeout: 15_000 });
  const card = await visitCard(page, location);
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(/\/evaluator\/evaluations\/[^/]+$/);
}

/** GraphQL as the page's login (its cookies). */
async function asPage<T>(page: Page, query: string): Promise<T> {
  const res = await page.request.post('/api', { data: { query } });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext({ viewport: PHONE, reducedMotion: 'reduce' });
  return context.newPage();
}

test('a shopper misses the due date: the visit is released, the shopper sees it, the customer sees it late', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const location = `Gym Late ${stamp}`;
  const customer = await customerWithOrder(request, stamp, location, '500 Lavaca St');

  await page.setViewportSize(PHONE);
  await shopperAccepts(page, { first: 'Lee', last: 'Late', email: `lee-${stamp}@example.test` }, location);
  const { currentUser, myStanding } = await asPage<{
    currentUser: { _id: string };
    myStanding: { holds: { programName: string; dueDate: string; submitBy: string }[] };
  }>(page, '{ currentUser { _id } myStanding { holds { programName dueDate submitBy } } }');
  expect(myStanding.holds).toHaveLength(1);
  const hold = myStanding.holds[0]!;
  const lastDay = hold.dueDate > hold.submitBy ? hold.dueDate : hold.submitBy;
  // The day after the last day to submit (and the due date), 01:00 UTC: the deadline job's run.
  const moved = new Date(Date.parse(`${lastDay}T01:00:00Z`) + DAY_MS);

  // Before the deadline the job leaves the hold alone; as of the moved clock it releases it.
  const hook = (now: Date) =>
    page.request.post('/__e2e/visit-deadlines', {
      data: { now: now.toISOString(), shopperIds: [currentUser._id] },
    });
  expect(await (await hook(new Date())).json()).toEqual({ released: 0 });
  expect(await (await hook(moved)).json()).toEqual({ released: 1 });

  // The shopper, on the moved clock, holds nothing and reads why their reliability fell.
  // The browser's clock runs on from the moved moment (a fixed one would stall the app's timers).
  await page.clock.install({ time: moved });
  await page.goto('/evaluator/standing');
  await expect(page.getByText('You hold no visits now.')).toBeVisible();
  await expect(page.getByText('Released: deadline passed: 1')).toBeVisible();
  await expect(page.getByTestId('standing-reliability')).toHaveText('0%');
  await screenshot(page, `${SHOTS}/shopboard-released-phone.png`);
  // The evaluation reads Expired; the visit is back on the board for other shoppers.
  await page.goto('/evaluator/evaluations');
  await expect(page.getByText(location).first()).toBeVisible();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Expired');

  // The customer, the same day: the visit past its due date shows Late (never silently open).
  const owner = await phonePage(browser);
  await owner.clock.install({ time: moved });
  await loginThroughForm(owner, customer.email, customer.password);
  await expect(owner).toHaveURL(/\/account/, { timeout: 15_000 });
  await owner.goto('/account/reports/mystery-shops');
  const row = owner.getByTestId('shops-table').getByRole('row').filter({ hasText: location });
  await expect(row.getByTestId('shop-status')).toContainText('Late');
  await expect(row).not.toContainText('Lee');
  await row.getByTestId('shop-status').scrollIntoViewIfNeeded();
  await screenshot(owner, `${SHOTS}/customer-late-phone.png`);
  // Before the due date the same visit is not late.
  await owner.clock.setSystemTime(new Date(Date.parse(`${hold.dueDate}T12:00:00Z`) - DAY_MS));
  await owner.reload();
  await expect(row.getByTestId('shop-status')).toHaveText('Open');
  await owner.context().close();
});

test('a scheduler assigns an at-risk visit from the desk to a shopper found by name', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const location = `Gym Desk ${stamp}`;
  await customerWithOrder(request, stamp, location, '600 Congress Ave');

  // Shopper A accepts the visit and asks for more time: the visit is at risk on the desk.
  await page.setViewportSize(PHONE);
  await shopperAccepts(page, { first: 'Ada', last: 'Asking', email: `ada-${stamp}@example.test` }, location);
  await expect(
    page.getByRole('navigation', { name: 'Evaluator' }).getByRole('link', { name: 'Desk' }),
  ).toHaveCount(0);
  await page.goto('/evaluator/standing');
  const held = page.getByTestId('hold-row').filter({ hasText: TITLE });
  await held.getByLabel('Why').fill('My car is in the shop this week.');
  await held.getByRole('button', { name: 'Ask for more time (once)' }).click();
  await expect(held.getByText('Extension requested')).toBeVisible();

  // Shopper B, who will take it over: signed up through the API, in Austin.
  const backup = `Backup${stamp}`;
  await gql(request, 'mutation($i: ShopperRegisterInput!){ registerShopper(input:$i){ token } }', {
    i: {
      email: `bo-${stamp}@example.test`,
      password: 'shopper-pass',
      firstName: 'Bo',
      lastName: backup,
      phone: '(512)-555-0143',
      line1: '1100 Congress Ave',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
    },
  });

  // The scheduler (an admin) on a phone: the desk is in the menu, the visit is at risk with why.
  const desk = await phonePage(browser);
  await loginThroughForm(desk, 'admin@demo.test', 'demo-admin-pass');
  await expect(desk).not.toHaveURL(/\/login/, { timeout: 15_000 });
  await desk.goto('/evaluator/qa');
  await desk.getByRole('navigation', { name: 'Evaluator' }).getByRole('link', { name: 'Desk' }).click();
  await expect(desk.getByRole('heading', { name: "Scheduler's Desk" })).toBeVisible();
  const card = desk.getByTestId('desk-visit').filter({ hasText: location });
  await expect(card.getByTestId('desk-why')).toHaveText('Extension asked for');
  await expect(card).toContainText('Ada Asking');
  await card.scrollIntoViewIfNeeded();
  await screenshot(desk, `${SHOTS}/desk-phone.png`);

  // Its history: accepted, then the extension asked for.
  await card.getByRole('button', { name: 'History' }).click();
  const history = desk.getByRole('dialog');
  await expect(history.getByText('Accepted by the shopper')).toBeVisible();
  await expect(history.getByText('Extension asked for')).toBeVisible();
  await history.getByRole('button').first().click();
  await expect(history).toBeHidden();

  // Assign: find shopper B by name, see their standing (the journeys' offline geocoder places no
  // location, so no distance here; the integration tests measure it), give no reason first.
  await card.getByRole('button', { name: 'Assign' }).click();
  const modal = desk.getByRole('dialog');
  await modal.getByLabel('Find a shopper').fill(backup);
  const candidate = modal.getByTestId('desk-candidate').filter({ hasText: `Bo ${backup}` });
  await expect(candidate).toContainText('No rating yet · Holds 0');
  await candidate.getByRole('radio').check();
  await modal.getByRole('button', { name: `Assign to Bo ${backup}` }).click();
  await expect(modal.getByTestId('assign-error')).toHaveText('Say why the visit is assigned.');
  await modal.getByLabel('Why').fill('Extension not possible: the client needs it this week.');
  await screenshot(desk, `${SHOTS}/desk-assign-phone.png`);
  await modal.getByRole('button', { name: `Assign to Bo ${backup}` }).click();
  await expect(desk.getByText(`Visit assigned to Bo ${backup}.`)).toBeVisible();
  await expect(card).toHaveCount(0);

  // Shopper A no longer holds it.
  await page.reload();
  await expect(page.getByText('You hold no visits now.')).toBeVisible();
  const overflow = await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await desk.context().close();
});
