import { expect } from '@playwright/test';
import { totpAt } from '../src/server/auth/totp';
import { MSG_RECOVERY_SHOWN_ONCE } from '../src/web/account/security-messages';
import { gql, loginThroughForm, screenshot, test } from './support';

// Issue 50: a customer sets up an authenticator app at /account/security (QR code and key, a code to
// confirm, recovery codes shown once), signs out, and signs in again with the password and a code.
// Screenshots of the security page and the login's second step at 390 and 1280 px.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = 'test-results/two-factor';
const ME = { email: `two-factor-${Date.now()}@example.test`, password: 'two-factor-pass-1' };

test('a customer turns on two-factor sign-in and signs in with a code', async ({ page, request }) => {
  test.slow();
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: {
      email: ME.email,
      password: ME.password,
      profile: {
        firstName: 'Tess',
        lastName: 'Factor',
        businessName: 'Two Factor Co',
        phone: '(512)-555-0150',
      },
    },
  });
  await page.setViewportSize(DESKTOP);
  await loginThroughForm(page, ME.email, ME.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/dashboard');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByTestId('totp-status')).toHaveText('Off');
  // This browser is listed and marked.
  await expect(page.getByTestId('session').filter({ hasText: 'This device' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screenshot(page, `${SHOTS}/security-setup-1280.png`, { fullPage: true });
  const code = page.getByRole('textbox', { name: '2. Enter the 6-digit code the app shows' });
  await code.fill('000000' === totpAt(secret, new Date()) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn On' }).click();
  await expect(page.getByText('That code is not right.', { exact: false })).toBeVisible();
  await code.fill(totpAt(secret, new Date()));
  await page.getByRole('button', { name: 'Turn On' }).click();

  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(dialog.getByText(MSG_RECOVERY_SHOWN_ONCE)).toBeVisible();
  await expect(dialog.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await screenshot(page, `${SHOTS}/recovery-codes-1280.png`);
  await dialog.getByRole('button', { name: 'I Saved Them' }).click();
  await expect(page.getByTestId('totp-status')).toHaveText('On');
  await expect(page.getByTestId('recovery-left')).toHaveText('10 of 10 recovery codes left.');
  await screenshot(page, `${SHOTS}/security-1280.png`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, `${SHOTS}/security-390.png`, { fullPage: true });

  // Sign out and in again: the password alone gets the second step, not the account.
  await page.context().clearCookies();
  await page.setViewportSize(DESKTOP);
  await loginThroughForm(page, ME.email, ME.password);
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeVisible();
  await screenshot(page, `${SHOTS}/login-second-factor-1280.png`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, `${SHOTS}/login-second-factor-390.png`, { fullPage: true });
  const box = page.getByRole('textbox', { name: 'Authentication code' });
  await box.fill('123456' === totpAt(secret, new Date()) ? '654321' : '123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('form-error')).toContainText('That code is not right.');
  // The code that confirmed the setup is spent; the next step's code is within the window.
  await box.fill(totpAt(secret, new Date(Date.now() + 30_000)));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/security');
  await expect(page.getByTestId('totp-status')).toHaveText('On');
});
