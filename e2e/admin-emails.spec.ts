import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminToken, DEMO, gql, loginThroughForm, screenshot, test } from './support';

// The admin outbox (issue 17) as an admin walks it: open Emails from the admin menu, filter by status,
// search by recipient, open a message's preview and send it again, on a desktop and on a 390 px phone.
// The journey's server has no SMTP_URL, so its mail is kept in the outbox. The messages are asked for
// through the API (password resets of this test's own customer) beforehand.

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results';
const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/admin-emails-${name}.png`, { fullPage: true });

const stamp = Date.now();
const EMAIL = `outbox-${stamp}@example.test`;

type Listed = { _id: string; status: string; subject: string };

/** This test's messages as the API lists them, newest first. */
async function messagesTo(request: APIRequestContext, token: string): Promise<Listed[]> {
  const { outbox } = await gql<{ outbox: { nodes: Listed[] } }>(
    request,
    'query($to:String){ outbox(to:$to){ nodes { _id status subject } } }',
    { to: EMAIL },
    token,
  );
  return outbox.nodes;
}

/** A customer of this test's own and two password-reset e-mails to them, once their job kept them. */
async function twoKeptMessages(request: APIRequestContext, token: string): Promise<Listed[]> {
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: {
      email: EMAIL,
      password: 'outbox-pass-1',
      profile: {
        firstName: 'Olive',
        lastName: 'Outbox',
        businessName: 'Outbox Deli',
        phone: '(512)-555-0199',
      },
    },
  });
  for (let i = 0; i < 2; i++) {
    await gql(request, 'mutation($e:String!){ sendResetPasswordEmail(email:$e) }', { e: EMAIL });
  }
  await expect
    .poll(async () => (await messagesTo(request, token)).map((m) => m.status), { timeout: 20_000 })
    .toEqual(['kept', 'kept']);
  return messagesTo(request, token);
}

/** No sideways scrolling of the page itself (wide tables scroll inside their own box). */
async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : 1;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('the admin filters the outbox, previews a message and sends it again', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const [newest, older] = await twoKeptMessages(request, token);

  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Emails' }).click();
  await expect(page).toHaveURL(/\/admin\/emails$/);
  await expect(page).toHaveTitle(/^Emails \| /);
  await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();
  await expect(page.getByTestId('outbox-row').first()).toBeVisible();

  // Filter by status: Failed has none here, Kept in outbox has ours; the choice stays in the address.
  const status = page.getByRole('radiogroup', { name: 'Status' });
  await status.getByText('Failed', { exact: true }).click();
  await expect(page).toHaveURL(/\?status=failed$/);
  await expect(page.getByTestId('outbox-empty')).toHaveText('No messages match this filter.');
  await status.getByText('Kept in outbox', { exact: true }).click();
  await expect(page).toHaveURL(/\?status=kept$/);
  await expect(page.getByTestId('outbox-row').first()).toBeVisible();
  for (const badge of await page.getByTestId('email-status').all())
    await expect(badge).toHaveText('Kept in outbox');

  // Search by recipient (applied on Search), with the status filter still on.
  const search = page.getByRole('search', { name: 'Search messages by recipient' });
  await search.getByRole('searchbox', { name: 'Search by recipient' }).fill(`OUTBOX-${stamp}`);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`status=kept&to=OUTBOX-${stamp}$`));
  await expect(page.getByTestId('outbox-count')).toHaveText('2 messages');
  const rows = page.getByTestId('outbox-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText(EMAIL);
  await expect(rows.first()).toContainText('reset-password');
  await expect(rows.first().getByRole('cell').nth(4)).toHaveText('0');
  await expect(rows.first().getByRole('cell').last()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  await shot(page, 'list');

  // The preview: delivery, headers, the branded HTML first, then the plain text.
  await rows.first().getByRole('link', { name: newest!.subject }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/emails/${newest!._id}$`));
  await expect(page.getByRole('heading', { name: newest!.subject, level: 1 })).toBeVisible();
  const headers = page.getByTestId('email-headers');
  await expect(headers.getByRole('row', { name: /^To / })).toContainText(EMAIL);
  await expect(headers.getByRole('row', { name: /^Message-ID / })).toContainText(`<${newest!._id}@`);
  const html = page.frameLocator('[data-testid="email-html"]');
  await expect(html.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
    'href',
    /\/reset-password\//,
  );
  await shot(page, 'preview');
  await page.getByRole('tab', { name: 'Plain text' }).click();
  await expect(page.getByTestId('email-text')).toContainText('/reset-password/');

  // Send again: a kept message is copied; the copy is the newest message of the list.
  await page.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('A copy of the message is queued for delivery.').first()).toBeVisible();
  await expect(page.getByTestId('email-copy-queued')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Emails' }).click();
  await expect(page).toHaveURL(new RegExp(`status=kept&to=OUTBOX-${stamp}$`));
  // The list as filtered before, then all of this recipient's: the copy is the newest.
  await status.getByText('All', { exact: true }).click();
  await expect(page.getByTestId('outbox-count')).toHaveText('3 messages');
  const listed = await messagesTo(request, token);
  expect(listed.map((m) => m._id).slice(1)).toEqual([newest!._id, older!._id]);
  await expect(rows.first().getByRole('link')).toHaveAttribute('href', `/admin/emails/${listed[0]!._id}`);

  // On a phone: the status choices stack, the table scrolls in its own box, the preview fits.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(rows).toHaveCount(3);
  await expectNoPageOverflow(page);
  await shot(page, 'list-phone');
  await rows.nth(1).getByRole('link').click();
  await expect(page.getByRole('heading', { name: newest!.subject, level: 1 })).toBeVisible();
  await expectNoPageOverflow(page);
  await shot(page, 'preview-phone');
});

test('the HTML version shows in a sandboxed frame where its scripts do not run', async ({
  page,
  request,
}) => {
  // Whatever a message's HTML holds, the preview must show it without running it: this test hands the
  // page an HTML body with a script (the API's answer with `html` replaced) and checks the frame under
  // the app's real Content-Security-Policy (any violation fails the test).
  const token = await adminToken(request);
  const { outbox } = await gql<{ outbox: { nodes: { _id: string }[] } }>(
    request,
    '{ outbox(first: 1) { nodes { _id } } }',
    {},
    token,
  );
  const id = outbox.nodes[0]?._id ?? (await twoKeptMessages(request, token))[0]!._id;
  const html = `<!doctype html><html><head><style>h1 { color: #0b5; font-family: sans-serif }</style></head>
    <body><h1 id="greeting">Your report is ready</h1><p style="font-size:16px">Hello from the brand.</p>
    <script>document.body.setAttribute('data-ran', 'yes'); parent.document.title = 'taken over';</script>
    <a href="https://example.test/report">Open the report</a></body></html>`;
  await page.route('**/api', async (route) => {
    if (route.request().postDataJSON()?.operationName !== 'AdminOutboxEmail') return route.continue();
    const response = await route.fetch();
    const json = await response.json();
    json.data.outboxEmail.html = html;
    await route.fulfill({ response, json });
  });

  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.goto(`/admin/emails/${id}`);
  const frame = page.getByTestId('email-html');
  await expect(frame).toHaveAttribute('sandbox', '');
  const inside = page.frameLocator('[data-testid="email-html"]');
  await expect(inside.getByRole('heading', { name: 'Your report is ready' })).toBeVisible();
  await expect(inside.locator('#greeting')).toHaveCSS('color', 'rgb(0, 187, 85)');
  await expect(inside.locator('body')).not.toHaveAttribute('data-ran', 'yes');
  await expect(page).not.toHaveTitle('taken over');
  await shot(page, 'preview-html');
  await screenshot(frame, `${SHOTS}/admin-emails-preview-html-frame.png`);
});
