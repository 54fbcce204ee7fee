import { expect, type Locator, type Page } from '@playwright/test';
import { MSG_ORDERING_FOR_OWNERS_AND_ADMINS } from '../src/domain';
import { DEMO, gql, loginThroughForm, screenshot, test } from './support';

// Issue 45's phone pass: an owner's team, API keys and a webhook's delivery log read whole at 390 px
// (a card per row: no word, date or badge cut); the account menu waits in a drawer so the page comes
// first; the evaluator's menu shows every tab; and the heading that takes the focus after a navigation
// shows a ring only when a key press led there.

const PHONE = { width: 390, height: 844 };
const DESK = { width: 1280, height: 900 };
const SHOTS = process.env.PHONE_SHOTS_DIR ?? 'test-results';
const shot = (page: Page, name: string) => screenshot(page, `${SHOTS}/phone-${name}.png`, { fullPage: true });
// Eight characters every run: the addresses (29 characters, a common length) are the same width each
// time, where a stamp of varying length made the widest of them wrap on some runs only.
const stamp = Math.random().toString(36).slice(2, 10).padEnd(8, '0');
const OWNER = {
  email: `durable-${stamp}@example.test`,
  password: 'phone-owner-pass',
  profile: {
    firstName: 'Dana',
    lastName: 'Durable',
    businessName: `Durable Diner ${stamp}`,
    phone: '(512)-555-0131',
  },
};

/** The text stays on one line: its box is not taller than one line of its own height. */
async function expectOneLine(text: Locator) {
  const { height, line } = await text.evaluate((el) => ({
    height: el.getBoundingClientRect().height,
    line: Number.parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(height, `${await text.textContent()} wraps`).toBeLessThan(line * 1.5);
}

/** Each date (MM/DD/YYYY) and e-mail address in the element stays on one line. */
async function expectDatesAndEmailsWhole(el: Locator) {
  const split = await el.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of (node.textContent ?? '').matchAll(/\d\d\/\d\d\/\d{4}|[\w.+-]+@[\w.-]+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
    return broken;
  });
  expect(split, 'dates or e-mails broken across lines').toEqual([]);
}

/** Nothing of the element is cut: its content fits its box, and the box fits the screen. */
async function expectWhole(el: Locator, width = PHONE.width) {
  const box = await el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return { right: r.right, left: r.left, cut: e.scrollWidth > e.clientWidth + 1 };
  });
  expect(box.cut, `${await el.textContent()} is cut`).toBe(false);
  expect(box.left).toBeGreaterThanOrEqual(0);
  expect(box.right).toBeLessThanOrEqual(width);
}

test('on a phone the team, API keys and webhook deliveries read whole, one card per row', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const { register } = await gql<{ register: { token: string } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token } }',
    { i: OWNER },
  );
  const token = register.token;
  await gql(
    request,
    'mutation($input: TeamInviteInput!){ inviteTeamMember(input:$input){ _id } }',
    { input: { email: `invited-${stamp}@example.test`, role: 'admin' } },
    token,
  );
  await gql(request, 'mutation { createApiKey(name: "Power BI dashboard") { secret } }', {}, token);
  const { createApiKey } = await gql<{ createApiKey: { key: { _id: string } } }>(
    request,
    'mutation { createApiKey(name: "Old export") { key { _id } } }',
    {},
    token,
  );
  await gql(
    request,
    'mutation($id:String!){ revokeApiKey(_id:$id){ _id } }',
    { id: createApiKey.key._id },
    token,
  );
  // An endpoint nobody listens at (not the webhooks journey's receiver, 4555, which may be up at this
  // moment): its test event fails and is retried, a row in the log.
  const { createWebhookEndpoint } = await gql<{ createWebhookEndpoint: { _id: string } }>(
    request,
    'mutation($input: WebhookEndpointInput!){ createWebhookEndpoint(input:$input){ _id } }',
    { input: { url: 'http://127.0.0.1:4556/nobody-home', events: ['REPORT_READY'] } },
    token,
  );
  await gql(
    request,
    'mutation($id:String!){ sendTestWebhook(endpointId:$id){ _id } }',
    {
      id: createWebhookEndpoint._id,
    },
    token,
  );

  const page = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE })
  ).newPage();
  await loginThroughForm(page, OWNER.email, OWNER.password);
  await expect(page.getByTestId('header-user')).toBeVisible();

  await page.goto('/account/team');
  const member = page.getByTestId('team-member').first();
  await expect(member).toBeVisible();
  await expectOneLine(member.getByText(OWNER.email, { exact: true }));
  const invitation = page.getByTestId('team-invitation').first();
  await expectOneLine(invitation.getByText(`invited-${stamp}@example.test`, { exact: true }));
  await expectOneLine(invitation.getByText(/^Expires \d\d\/\d\d\/\d{4}$/));
  await expectDatesAndEmailsWhole(page.getByTestId('team-members'));
  await expectWhole(invitation.getByRole('button', { name: /^Withdraw/ }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'team-390');

  await page.goto('/account/api-keys');
  const kept = page.getByTestId('api-key').filter({ hasText: 'Power BI dashboard' });
  await expectDatesAndEmailsWhole(kept);
  const revoked = page.getByTestId('api-key').filter({ hasText: 'Old export' });
  await expectWhole(revoked.locator('.mantine-Badge-label'));
  await expect(revoked.locator('.mantine-Badge-label')).toHaveText(/^Revoked \d\d\/\d\d\/\d{4}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'api-keys-390');

  await page.goto(`/account/webhooks/${createWebhookEndpoint._id}`);
  const delivery = page.getByTestId('webhook-delivery').first();
  await expect(delivery).toBeVisible({ timeout: 15_000 });
  await expectOneLine(delivery.getByText('webhook.test', { exact: true }));
  await expectDatesAndEmailsWhole(delivery);
  await expectWhole(delivery.getByRole('button', { name: /^Resend/ }));
  await delivery.getByRole('button', { name: /^Details/ }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, 'webhook-deliveries-390');

  // On a desk the same lists stay tables: a row's cells side by side.
  await page.setViewportSize(DESK);
  await page.goto('/account/api-keys');
  const cells = kept.getByRole('cell');
  const [first, second] = [await cells.nth(0).boundingBox(), await cells.nth(1).boundingBox()];
  expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
});

test('on a phone the account menu waits in a drawer, so the page comes first', async ({ browser }) => {
  const page = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE })
  ).newPage();
  await loginThroughForm(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/dashboard');
  const heading = page.getByRole('heading', { name: 'Dashboard', level: 1 });
  await expect(heading).toBeVisible();
  expect((await heading.boundingBox())!.y).toBeLessThan(PHONE.height / 3);
  await expect(page.getByRole('navigation', { name: 'Account' })).toHaveCount(0);
  await shot(page, 'account-dashboard-390');

  const toggle = page.getByRole('button', { name: 'Account Menu' });
  await toggle.click();
  const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Account' });
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await shot(page, 'account-menu-390');
  await menu.getByRole('link', { name: 'History / Reorder' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The drawer closes and the focus goes to the new page's heading, not back to the button.
  await expect(page.getByRole('heading', { name: 'Order History', level: 1 })).toBeFocused();

  // From a tablet up the menu stands beside the page again.
  await page.setViewportSize(DESK);
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeVisible();
  await expect(toggle).toBeHidden();
});

test('the evaluator’s menu shows all its tabs whole on a phone', async ({ browser }) => {
  const page = await (
    await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE })
  ).newPage();
  await loginThroughForm(page, 'shopper@demo.test', 'demo-shopper-pass');
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/evaluator/visits');
  const menu = page.getByRole('navigation', { name: 'Evaluator' });
  await expect(menu.getByRole('link')).toHaveCount(4);
  for (const name of ['Open Visits', 'My Evaluations', 'My Payments', 'My Standing']) {
    const tab = menu.getByRole('link', { name });
    await expect(tab).toBeVisible();
    await expectWhole(tab);
    await expectWhole(tab.locator('.mantine-Button-label'));
  }
  await shot(page, 'evaluator-menu-390');
});

/** The computed outline of the focused page heading. */
const ringOf = (heading: Locator) => heading.evaluate((el) => getComputedStyle(el).outlineStyle);

test('the heading takes the focus after a navigation, with a ring only when a key press led there', async ({
  page,
}) => {
  // The storefront's first page: no ring on its heading.
  await page.goto('/');
  const getStarted = page.getByRole('heading', { level: 1 });
  await expect(getStarted).toBeVisible();
  expect(await ringOf(getStarted)).toBe('none');

  await loginThroughForm(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/dashboard');
  const menu = page.getByRole('navigation', { name: 'Account' });

  // A click: the focus moves to the new page's heading, without a ring.
  await menu.getByRole('link', { name: 'History / Reorder' }).click();
  const history = page.getByRole('heading', { name: 'Order History', level: 1 });
  await expect(history).toBeFocused();
  expect(await ringOf(history)).toBe('none');

  // The keyboard: the same, with a ring.
  await menu.getByRole('link', { name: 'Location Management' }).focus();
  await page.keyboard.press('Enter');
  const locations = page.getByRole('heading', { name: 'Location Management', level: 1 });
  await expect(locations).toBeFocused();
  expect(await ringOf(locations)).not.toBe('none');
  await screenshot(page, `${SHOTS}/phone-heading-ring-keyboard.png`);

  // A click again: the ring goes with it.
  await menu.getByRole('link', { name: 'History / Reorder' }).click();
  await expect(history).toBeFocused();
  expect(await ringOf(history)).toBe('none');
});

test('a manager opening the order wizard is told at the start that ordering is for the owner and admins', async ({
  page,
}) => {
  await loginThroughForm(page, 'manager1@demo.test', 'demo-manager-pass');
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/industry');
  await expect(page.getByTestId('ordering-not-for-role')).toHaveText(
    new RegExp(MSG_ORDERING_FOR_OWNERS_AND_ADMINS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
