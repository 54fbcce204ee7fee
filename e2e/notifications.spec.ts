import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { MSG_DIGEST_HOLDS } from '../src/web/account/account-messages';
import {
  adminToken,
  DEMO,
  gql,
  loginThroughForm,
  openForReview,
  placeOrderThroughApi,
  screenshot,
  test,
  visitCard,
} from './support';

// Issue 17's journey: a customer turns "A shop has been scheduled" and the daily digest on, a shopper
// accepts and submits a visit of the customer's shop, QA approves it, and the day's notifications reach
// the customer as one branded digest, which the admin sends and reads in the outbox (/admin/emails).
// The journey's server has no SMTP_URL and its daily digest run is off (playwright.config.ts), so the
// admin's "Send waiting digests now" runs it, and the mail is kept in the outbox.

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results';
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const CUSTOMER = {
  email: `digest-${stamp}@example.test`,
  password: 'digest-pass-1',
  profile: { firstName: 'Dana', lastName: 'Digest', businessName: 'Dana Diner', phone: '(512)-555-0177' },
};
const SHOPPER = { email: `digest-shopper-${stamp}@example.test`, password: 'shopper-pass-1' };
const LOCATION = `Digest Diner ${stamp}`;

type Mail = { to: string; kind: string; subject: string; text: string };
async function mailTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const { outboxEmails } = await gql<{ outboxEmails: Mail[] }>(
    request,
    '{ outboxEmails(limit: 200) { to kind subject text } }',
    {},
    await adminToken(request),
  );
  return outboxEmails.filter((m) => m.to === to);
}

const question = (page: Page, id: string) => page.locator(`[data-element-id="${id}"]`);
const choose = (page: Page, id: string, option: string) =>
  question(page, id).getByRole('radio', { name: option, exact: true }).check();

/** A tiny PNG for the storefront photo the demo visit form requires. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The shopper fills in the demo "Dine-In Experience" visit, section by section, and submits it. */
async function fillAndSubmitVisit(page: Page) {
  const section = page.getByTestId('evaluation-section');
  await expect(section.getByRole('heading', { name: 'Arrival and Greeting' })).toBeVisible();
  await section.getByLabel('1. Date of visit').fill(new Date().toISOString().slice(0, 10));
  await section.getByLabel('2. Time you arrived').fill('12:15');
  await choose(page, 'greeted', 'Yes');
  await choose(page, 'greeting-quality', 'Polite');
  await section.getByLabel(/Name or description of the employee/).fill('Robin (name tag)');
  await question(page, 'wait-time').getByRole('textbox', { name: 'Minutes' }).fill('1');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Cleanliness' })).toBeVisible();
  await choose(page, 'entrance-clean', 'Yes');
  await choose(page, 'floor-clean', 'Yes');
  await choose(page, 'restroom-clean', 'Did not visit the restroom');
  await question(page, 'storefront-photo')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'storefront.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(question(page, 'storefront-photo').getByRole('img', { name: 'Uploaded image' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Product Knowledge and Upsell' })).toBeVisible();
  await choose(page, 'answered-accurately', 'Yes, confidently');
  await section.getByLabel(/Rate the employee's product knowledge/).fill('9');
  await choose(page, 'upsell', 'Yes');
  await section.getByLabel(/What did the employee suggest/).fill('A slice of pie with the coffee.');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Overall Experience' })).toBeVisible();
  await choose(page, 'would-return', 'Definitely');
  await section
    .getByLabel(/Summarize your visit/)
    .fill('A warm welcome, a clean room and a good suggestion.');
  await section.getByLabel(/Receipt total/).fill('18.25');
  await expect(page.getByTestId('completion-description')).toHaveText('Ready to Submit');
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 });
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByTestId('status-badge')).toHaveText('Submitted');
}

test('a customer gets the day’s shop notifications as one branded digest, seen in the admin outbox', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', { i: CUSTOMER });

  // The customer turns on "shop scheduled" and the daily digest; the choice is kept.
  await loginThroughForm(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/preferences');
  const prefs = page.getByRole('form', { name: 'Communication Preferences' });
  const scheduled = prefs.getByRole('checkbox', { name: 'A shop has been scheduled' });
  const digest = prefs.getByRole('checkbox', { name: 'Send these as one daily digest' });
  await expect(digest).not.toBeChecked();
  // It says what the digest holds, and that action plans never wait for it.
  await expect(digest).toHaveAccessibleDescription(MSG_DIGEST_HOLDS);
  await scheduled.check();
  await digest.check();
  await expect(prefs.getByRole('checkbox', { name: 'A shop has been completed' })).toBeChecked();
  await prefs.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /saved/i }).first()).toBeVisible();
  await page.reload();
  await expect(scheduled).toBeChecked();
  await expect(digest).toBeChecked();

  await placeOrderThroughApi(request, {
    email: CUSTOMER.email,
    password: CUSTOMER.password,
    title: 'Dine-In Experience',
    location: {
      name: LOCATION,
      address: {
        line1: '1100 Congress Ave',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        formattedAddress: '1100 Congress Ave, Austin, TX 78701, USA',
      },
    },
    cardNumber: '4242424242424242',
  });

  // A shopper in Texas accepts the visit and submits it.
  await gql(request, 'mutation($i:ShopperRegisterInput!){ registerShopper(input:$i){ token } }', {
    i: {
      ...SHOPPER,
      firstName: 'Sky',
      lastName: 'Shopper',
      phone: '5125550123',
      city: 'Austin',
      state: 'TX',
    },
  });
  const shopper = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await loginThroughForm(shopper, SHOPPER.email, SHOPPER.password);
  await expect(shopper.getByTestId('header-user')).toBeVisible();
  await shopper.goto('/evaluator/visits');
  const card = await visitCard(shopper, LOCATION);
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(shopper).toHaveURL(/\/evaluator\/evaluations\/[^/]+$/);
  await fillAndSubmitVisit(shopper);

  // With the digest on, the customer got no e-mail for the accepted or the submitted visit (shop sent to
  // QA is on by default): both wait for the digest.
  const kinds = (await mailTo(request, CUSTOMER.email)).map((m) => m.kind);
  expect(kinds).not.toContain('SHOP_SCHEDULED');
  expect(kinds).not.toContain('SHOP_SENT_TO_QA');

  // QA approves it.
  const admin = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await loginThroughForm(admin, DEMO.admin.email, DEMO.admin.password);
  await expect(admin.getByTestId('header-user')).toBeVisible();
  await openForReview(admin, LOCATION);
  await admin.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Evaluation approved')).toBeVisible();
  // The approval's subscribers (the shopper's payable, the customer's digest line) run as jobs of the
  // event log, relayed together: once the payable is there, so is the line.
  const adminApi = await adminToken(request);
  await expect
    .poll(
      async () =>
        (
          await gql<{ payables: { lines: unknown[] } }>(
            request,
            'query($s:String){ payables(shopperSearch:$s){ lines { __typename } } }',
            { s: SHOPPER.email },
            adminApi,
          )
        ).payables.lines.length,
      { timeout: 30_000 },
    )
    .toBe(1);
  // Nor for the completed shop: that is a digest line too.
  expect((await mailTo(request, CUSTOMER.email)).map((m) => m.kind)).not.toContain('REPORT_READY');

  // The admin sends the waiting digests and finds the customer's in the outbox.
  await admin.goto('/admin/emails');
  await admin.getByRole('button', { name: 'Send waiting digests now' }).click();
  await expect(admin.getByText(/^\d+ digests? queued\.$/).first()).toBeVisible();
  // Its delivery job keeps it in the outbox (no SMTP_URL here); then the preview shows it as kept.
  const token = await adminToken(request);
  await expect
    .poll(async () => {
      const { outbox } = await gql<{ outbox: { nodes: { status: string; kind: string }[] } }>(
        request,
        'query($to:String){ outbox(to:$to){ nodes { status kind } } }',
        { to: CUSTOMER.email },
        token,
      );
      return outbox.nodes.find((m) => m.kind === 'DAILY_DIGEST')?.status;
    })
    .toBe('kept');
  const search = admin.getByRole('search', { name: 'Search messages by recipient' });
  await search.getByRole('searchbox', { name: 'Search by recipient' }).fill(CUSTOMER.email);
  await search.getByRole('button', { name: 'Search' }).click();
  const row = admin.getByTestId('outbox-row').filter({ hasText: 'daily-digest' });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: /^Your daily summary for / }).click();
  await expect(
    admin.getByRole('heading', { name: /^Your daily summary for .*: 3 shop updates$/ }),
  ).toBeVisible();

  // The branded HTML: the brand's logo, the three sections with this location, the score against no earlier shop.
  const html = admin.frameLocator('[data-testid="email-html"]');
  const logo = html.getByRole('img', { name: 'Customer Optix' }).first();
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(html.getByText('Shops scheduled')).toBeVisible();
  await expect(html.getByText('Shops sent to QA')).toBeVisible();
  await expect(html.getByText('Reports ready')).toBeVisible();
  await expect(html.getByText(`Dine-In Experience at ${LOCATION}`)).toHaveCount(3);
  await expect(html.getByText(/^\d+% \(first shop\)$/)).toBeVisible();
  await expect(html.getByRole('link', { name: /preferences/i }).first()).toHaveAttribute(
    'href',
    /\/account\/preferences$/,
  );
  await screenshot(admin.getByTestId('email-html'), `${SHOTS}/notifications-digest-html.png`);
  await admin.getByRole('tab', { name: 'Plain text' }).click();
  await expect(admin.getByTestId('email-text')).toContainText(`Dine-In Experience at ${LOCATION}`);
  const text = (await admin.getByTestId('email-text').textContent()) ?? '';
  const unsubscribeUrl = new URL(/https?:\/\/\S+\/unsubscribe\/[\w.-]+/.exec(text)?.[0] ?? 'http://x/none');

  // The digest's lines went out once: a second run finds nothing waiting for this customer.
  await admin.goto('/admin/emails');
  await admin.getByRole('button', { name: 'Send waiting digests now' }).click();
  await expect(admin.getByText('No digests were waiting.').first()).toBeVisible();
  expect((await mailTo(request, CUSTOMER.email)).filter((m) => m.kind === 'DAILY_DIGEST')).toHaveLength(1);

  // The digest's Unsubscribe link works without a login, on a phone; it asks first, then turns the
  // digest (and the notifications it gathers) off, which the customer sees on the preferences page.
  const visitor = await (
    await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      viewport: { width: 390, height: 844 },
    })
  ).newPage();
  await visitor.goto(unsubscribeUrl.pathname);
  await expect(visitor.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expect(
    visitor.getByText(
      `Stop sending the daily digest, or the shop and survey e-mails it gathers to ${CUSTOMER.email}?`,
    ),
  ).toBeVisible();
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('status').filter({ hasText: 'You are unsubscribed' })).toBeVisible();
  await screenshot(visitor, `${SHOTS}/notifications-unsubscribed-390.png`, { fullPage: true });
  // Opened again, the link does not ask again: it says so, with the way back on.
  await visitor.goto(unsubscribeUrl.pathname);
  const already = visitor.getByRole('status').filter({ hasText: 'Already unsubscribed' });
  await expect(already).toContainText(`${CUSTOMER.email} is already unsubscribed from`);
  await expect(visitor.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  await expect(
    already.getByRole('link', { name: 'Turn them back on in your e-mail preferences' }),
  ).toHaveAttribute('href', '/account/preferences');
  await visitor.goto(`${unsubscribeUrl.pathname.slice(0, -2)}xx`);
  await expect(visitor.getByRole('alert')).toBeVisible();
  await page.goto('/account/preferences');
  await expect(digest).not.toBeChecked();
  await expect(scheduled).not.toBeChecked();
});
