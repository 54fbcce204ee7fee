import { expect } from '@playwright/test';
import { DEMO, gql, loginThroughForm, screenshot, test } from './support';

// Issue 50: a customer adds a passkey at /account/security with Chromium's virtual authenticator (a
// platform authenticator that verifies the person, holding discoverable credentials), signs out, and
// signs in with the passkey alone ("Sign in with a passkey": no e-mail, no password). Screenshots of
// the security page at 390 and 1280 px.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = 'test-results/passkeys';
const ME = { email: `passkey-${Date.now()}@example.test`, password: 'passkey-pass-1' };

test('a customer registers a passkey and signs in with it alone', async ({ page, request }) => {
  test.slow();
  const registered = await gql<{ register: { user: { _id: string } } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token user { _id } } }',
    {
      i: {
        email: ME.email,
        password: ME.password,
        profile: { firstName: 'Pat', lastName: 'Key', businessName: 'Passkey Co', phone: '(512)-555-0151' },
      },
    },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.setViewportSize(DESKTOP);
  await loginThroughForm(page, ME.email, ME.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expect(page.getByTestId('no-passkeys')).toBeVisible();
  const name = page.getByRole('textbox', { name: 'Name for the new passkey' });
  await name.fill('Work laptop');
  await page.getByRole('button', { name: 'Add a Passkey' }).click();
  // The first second factor: the recovery codes, once.
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(dialog.getByTestId('recovery-codes').locator('code')).toHaveCount(10);
  await dialog.getByRole('button', { name: 'I Saved Them' }).click();
  await expect(page.getByTestId('passkey')).toHaveCount(1);
  await expect(page.getByTestId('passkey')).toContainText('Work laptop');
  await expect(page.getByTestId('passkey-recovery-left')).toHaveText('10 of 10 recovery codes left.');
  await screenshot(page, `${SHOTS}/security-1280.png`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, `${SHOTS}/security-390.png`, { fullPage: true });

  // Signed out, the passkey alone signs in.
  await page.context().clearCookies();
  await page.setViewportSize(DESKTOP);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/security');
  await expect(page.getByTestId('passkey')).toContainText('last used');
  await expect(page.getByTestId('session').filter({ hasText: 'This device' })).toHaveCount(1);

  // The password alone now leads to the second step, which the passkey also passes.
  await page.context().clearCookies();
  await loginThroughForm(page, ME.email, ME.password);
  await expect(page.getByRole('heading', { name: 'Two-Factor Sign-In', level: 1 })).toBeVisible();
  await screenshot(page, `${SHOTS}/login-second-factor-1280.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Use a Passkey' }).click();
  await expect(page.getByTestId('header-user')).toBeVisible();

  // Lost it all: a platform admin resets the login's two-factor sign-in, after a confirm.
  await page.context().clearCookies();
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto(`/admin/customers/${registered.register.user._id}`);
  const section = page.getByRole('region', { name: 'Two-Factor Sign-In' });
  await expect(section.getByTestId('customer-two-factor')).toHaveText(
    'On: 1 passkey; 10 of 10 recovery codes left.',
  );
  await section.getByRole('button', { name: 'Reset Two-Factor Sign-In' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset two-factor sign-in?' });
  await expect(confirm).toContainText(ME.email);
  await screenshot(page, `${SHOTS}/admin-reset-confirm-1280.png`);
  await confirm.getByRole('button', { name: 'Reset and Sign Out' }).click();
  await expect(section.getByTestId('customer-two-factor')).toHaveText(
    'Off: this login signs in with its password alone.',
  );
});
