import {
  type APIRequestContext,
  test as base,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import { AxeWatch } from './axe';

/** Serious or critical axe violations fail the test; with AXE=report they are only listed (to survey a change). */
const AXE_STRICT = process.env.AXE !== 'report';

/**
 * Playwright's `test`, failing a test whose pages broke the Content-Security-Policy: Chromium blocks
 * the script, style, frame or request and reports it on the console ("Refused to ... because it
 * violates the following Content Security Policy directive"). Covers the test's own browser context.
 */
export const test = base.extend<{
  cspViolations: string[];
  hydrationErrors: string[];
  axeViolations: string[];
}>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      };
      context.on('console', onConsole);
      await use(violations);
      context.off('console', onConsole);
      expect(violations, 'Content Security Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * Fails a test whose server-rendered pages (Get Started, Login, Register) did not match the browser's
   * first render: the app reports each such difference on the console as "Hydration: ..." (app/start.tsx's
   * start), and React then renders the part again, so the visitor would see it flash.
   */
  hydrationErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.text().startsWith('Hydration:')) errors.push(message.text());
      };
      context.on('console', onConsole);
      await use(errors);
      context.off('console', onConsole);
      expect(errors, 'server render and hydration differ').toEqual([]);
    },
    { auto: true },
  ],
  /**
   * axe-core (WCAG 2.1 A and AA) on every page the test visits, once per route once the page has
   * settled (see AxeWatch): a serious or critical violation fails the test, listed with rule, impact,
   * targets and URL; with AXE=report they are only listed on the test and the console.
   */
  axeViolations: [
    async ({ browser, context }, use) => {
      const watch = new AxeWatch();
      await watch.watchContext(context);
      watch.watchBrowser(browser);
      const violations: string[] = [];
      await use(violations);
      violations.push(...(await watch.finish()));
      if (AXE_STRICT) expect(violations, 'serious or critical accessibility violations (axe)').toEqual([]);
      else if (violations.length) {
        test.info().annotations.push({ type: 'axe', description: violations.join('\n') });
        console.warn(`axe (${test.info().title}):\n${violations.join('\n')}`);
      }
    },
    { auto: true },
  ],
});

/**
 * Screenshots for people to look at (README, a change's review): taken when E2E_SCREENSHOTS=1, and by
 * default outside CI. CI compares none of them, and a full-page capture costs the browser a layout and
 * a PNG of the whole page, so a CI run skips them (issue 43). Assertions never depend on one.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== '0' : !process.env.CI;

export async function screenshot(
  target: Page | Locator,
  path: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!SCREENSHOTS) return;
  await target.screenshot({ path, ...options });
}

/**
 * Waits until the app has taken a server-rendered page over (Get Started, Login, Register, the
 * dashboard arrive rendered and inert until then): needed before keys, which Playwright does not hold
 * back for an inert page as it does clicks and fills.
 */
export async function appIsLive(page: Page) {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

export const DEMO = {
  admin: { email: 'admin@demo.test', password: 'demo-admin-pass', name: 'Avery Admin' },
  customer: { email: 'customer@demo.test', password: 'demo-customer-pass', name: 'Casey Customer' },
};

export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * QA opens the evaluation at `locationName` from the queue and waits until its own page has replaced
 * the queue (the URL names the evaluation, its badge reads "In review"). With several journeys at
 * once the queue lists other evaluations' badges too, so nothing is read from the page before that.
 */
export async function openForReview(page: Page, locationName: string): Promise<string> {
  await page.goto('/evaluator/qa');
  await page
    .getByTestId('qa-row')
    .filter({ hasText: locationName })
    .getByRole('link', { name: 'Review' })
    .click();
  await page.waitForURL(/\/evaluator\/qa\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByTestId('status-badge')).toHaveText('In review', { timeout: 20_000 });
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Calls the GraphQL API directly (for setup and for reading the admin outbox). */
export async function gql<T>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<T> {
  const res = await request.post('/api', {
    data: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await res.json()) as { data: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const data = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: DEMO.admin.email, p: DEMO.admin.password },
  );
  return data.login.token;
}

export type ApiAddress = {
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  formattedAddress?: string;
};

/**
 * Setup through the API, as the wizard calls it: a customer logs in and orders one questionnaire (one
 * one-time shop or a survey) at a new location, paying with a test card. Returns the order and the
 * program (user questionnaire) ids.
 */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  order: {
    email: string;
    password: string;
    title: string;
    location: { name: string; address: ApiAddress; additionalEmails?: string };
    cardNumber: string;
    /** Overrides of the shop (saveShop's ShopInput), e.g. { totalQuantity: 2 } for two visits. */
    shop?: Record<string, unknown>;
  },
): Promise<{ oid: string; uqid: string }> {
  const { login } = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: order.email, p: order.password },
  );
  const token = login.token;
  const { publishedIndustries } = await gql<{
    publishedIndustries: {
      questionnaires: { _id: string; title: string; type: string; minimumReimbursement: number }[];
    }[];
  }>(
    request,
    '{ publishedIndustries { questionnaires { _id title type minimumReimbursement } } }',
    {},
    token,
  );
  const q = publishedIndustries.flatMap((i) => i.questionnaires).find((x) => x.title === order.title);
  if (!q) throw new Error(`${order.title} is not in the demo catalogue`);
  const { startOrder } = await gql<{ startOrder: { _id: string; userQuestionnaires: { _id: string }[] } }>(
    request,
    'mutation($qids:[String!]!, $keys:[String!]){ startOrder(qids:$qids, serviceKeys:$keys){ _id userQuestionnaires { _id } } }',
    { qids: [q._id], keys: [q.type] },
    token,
  );
  const oid = startOrder._id;
  const uqid = startOrder.userQuestionnaires[0]?._id ?? oid;
  const { addLocation } = await gql<{ addLocation: { _id: string } }>(
    request,
    'mutation($input: LocationInput!){ addLocation(input:$input){ _id } }',
    { input: { ...order.location, oids: [oid] } },
    token,
  );
  await saveShopThroughApi(request, { oid, locationId: addLocation._id, q, uqid }, token, order.shop);
  const { tokenizeTestCard } = await gql<{ tokenizeTestCard: { token: string } }>(
    request,
    'mutation($input: TestCardInput!){ tokenizeTestCard(input:$input){ token } }',
    { input: { number: order.cardNumber, expireMonth: 12, expireYear: 2034, cvc: '123' } },
    token,
  );
  await gql(
    request,
    'mutation($oid:String!,$input: CheckoutInput!){ checkout(oid:$oid, input:$input){ _id } }',
    { oid, input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: tokenizeTestCard.token } },
    token,
  );
  return { oid, uqid };
}

/**
 * saveShop through the API: one shop of questionnaire `q` at a location of the cart, at the
 * questionnaire's minimum reimbursement; one-time unless `shop` says otherwise.
 */
export function saveShopThroughApi(
  request: APIRequestContext,
  cart: { oid: string; locationId: string; q: { _id: string; minimumReimbursement: number }; uqid?: string },
  token?: string,
  shop: Record<string, unknown> = {},
) {
  return gql(
    request,
    'mutation($input: ShopInput!){ saveShop(input:$input){ _id } }',
    {
      input: {
        oid: cart.oid,
        locationId: cart.locationId,
        qid: cart.q._id,
        uqid: cart.uqid,
        recurring: false,
        totalQuantity: 1,
        frequencyQuantity: 1,
        frequencyPeriod: 'month',
        reimbursement: cart.q.minimumReimbursement,
        ...shop,
      },
    },
    token,
  );
}

/**
 * The shopboard's card of a visit at `locationName` (/evaluator/visits): pages on with 'Show more
 * visits' until it is listed, since the board shows 20 visits at a time, nearest first.
 */
export async function visitCard(page: Page, locationName: string) {
  const card = page.getByTestId('visit-card').filter({ hasText: locationName });
  await expect(page.getByTestId('visit-card').first()).toBeVisible({ timeout: 15_000 });
  for (let i = 0; i < 20 && (await card.count()) === 0; i++) {
    const more = page.getByRole('button', { name: 'Show more visits' });
    if ((await more.count()) === 0) break;
    const before = await page.getByTestId('visit-card').count();
    await more.click();
    await expect(page.getByTestId('visit-card')).not.toHaveCount(before);
  }
  return card.first();
}
