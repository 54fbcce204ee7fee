import { expect } from '@playwright/test';
import { MSG_API_KEY_INVALID } from '../src/domain';
import { MSG_KEY_SHOWN_ONCE, MSG_NO_API_KEYS } from '../src/web/account/api-key-messages';
import { RILEY } from './reports-support';
import { DEMO, gql, loginThroughForm, test } from './support';

// Issue 20's API keys: the demo chain's owner creates a key on the account's API Keys page, sees it
// once, reads the reporting API with it from another system (Playwright's request context, as curl
// would), revokes it by keyboard after the confirmation, and the same call is then refused. A platform
// admin then finds the revoked key on the customer's page.

const PHONE = { width: 390, height: 844 };

test('the owner creates an API key, a system reads reports with it, and a revoked key is refused', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginThroughForm(page, RILEY.email, RILEY.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/dashboard');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'API Keys' }).click();
  await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();
  await expect(page.getByText(MSG_NO_API_KEYS)).toBeVisible();

  // Create: a name, Reporting (read-only) ticked by default.
  const form = page.getByRole('form', { name: 'Create an API key' });
  await expect(form.getByRole('checkbox', { name: 'Reporting (read-only)' })).toBeChecked();
  await form.getByRole('button', { name: 'Create Key' }).click();
  await expect(form.getByText('Name is required.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill('Power BI');
  await form.getByRole('button', { name: 'Create Key' }).click();

  // Shown once, with a warning and Copy.
  const dialog = page.getByRole('dialog', { name: 'Your new API key: Power BI' });
  await expect(dialog.getByText(MSG_KEY_SHOWN_ONCE)).toBeVisible();
  const secret = (await dialog.getByTestId('api-key-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^sk_live_[A-Za-z0-9]{43}$/);
  await dialog.getByRole('button', { name: 'Copy Key' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('api-key').filter({ hasText: 'Power BI' });
  await expect(row).toContainText(`${secret.slice(0, 12)}…`);
  await expect(row).toContainText('Reporting (read-only)');
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never used');
  await expect(page.getByText(secret)).toHaveCount(0);

  // Another system calls the reporting API with the key: no login, no signature.
  const auth = { authorization: `Bearer ${secret}` };
  const programs = await request.get('/api/programs/?pageNumber=1&pageSize=10', { headers: auth });
  expect(programs.status()).toBe(200);
  expect(((await programs.json()) as unknown[]).length).toBeGreaterThan(0);
  const shops = await request.get('/api/summary/shops?startDate=2000-01-01&endDate=2100-12-31', {
    headers: auth,
  });
  expect(shops.status()).toBe(200);
  expect(((await shops.json()) as unknown[]).length).toBeGreaterThan(0);
  // GraphQL with the key reads reports, but changes nothing.
  const mutation = await request.post('/api', {
    headers: auth,
    data: { query: 'mutation { createApiKey(name: "more") { secret } }' },
  });
  expect(((await mutation.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(
    /read-only/,
  );

  // The list shows it used; on a phone it fits the screen.
  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).toContainText('Last used');
  await page.setViewportSize(PHONE);
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // Revoke by keyboard: the question puts the focus on Cancel; the confirming Revoke is just before it.
  await row.getByRole('button', { name: 'Revoke Power BI' }).focus();
  await page.keyboard.press('Enter');
  const confirm = row.getByRole('group', { name: 'Revoke Power BI' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(confirm.getByRole('button', { name: 'Revoke' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row.getByText(/^Revoked /)).toBeVisible();

  const refused = await request.get('/api/programs/?pageNumber=1&pageSize=10', { headers: auth });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toEqual({ error: MSG_API_KEY_INVALID });

  // Support: a platform admin sees the customer's keys on the customer's page, revoked as it is.
  const { login } = await gql<{ login: { user: { _id: string } } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ user { _id } } }',
    { e: RILEY.email, p: RILEY.password },
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto(`/admin/customers/${login.user._id}`);
  const keys = page.getByRole('region', { name: 'API Keys' });
  await expect(keys.getByTestId('api-key').filter({ hasText: 'Power BI' })).toContainText('Revoked');
});
