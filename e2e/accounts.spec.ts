import { expect } from '@playwright/test';
import { appIsLive, DEMO, loginThroughForm, screenshot, test } from './support';

test('a visitor lands on the default brand Get Started page', async ({ page }) => {
  // '/' is answered with Get Started itself (no redirect round trip), shown at its own address.
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()).toBeNull();
  await expect(page).toHaveURL(/\/industry$/);
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await expect(page).toHaveTitle('Get Started | Customer Optix');
  await expect(page.getByRole('img', { name: 'Customer Optix' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Client Login' })).toHaveAttribute('href', '/account');
  await expect(page.getByRole('link', { name: 'Evaluator Login' })).toBeVisible();
  await expect(page.getByTestId('version')).toHaveText('Version 2.4.0');
  await screenshot(page, 'test-results/get-started.png', { fullPage: true });
});

test('the first Tab reaches "Skip to main content", which moves focus past the header', async ({ page }) => {
  await page.goto('/industry');
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await appIsLive(page);
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).not.toBeInViewport();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(page).toHaveURL(/\/industry$/);
  // The next Tab lands inside the page, not on the header's links.
  await page.keyboard.press('Tab');
  await expect(page.locator('main :focus')).toHaveCount(1);
});

test('the demo customer logs in, reaches the dashboard and logs out', async ({ page }) => {
  await page.goto('/account/info');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount%2Finfo$/);
  await page.getByLabel('Email').fill(DEMO.customer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.customer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/account\/info$/);
  await expect(page.getByTestId('header-user')).toHaveText(DEMO.customer.name);
  await page.getByTestId('header-user').click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await expect(page).toHaveTitle('Dashboard | Customer Optix');
  await expect(page.getByRole('link', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.goto('/admin/orders');
  await expect(page.getByText('Not Authorized').first()).toBeVisible();

  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Client Login' })).toBeVisible();
  await page.goto('/account/dashboard');
  await expect(page).toHaveURL(/\/login/);
});

test('the demo admin logs in and sees the admin area', async ({ page }) => {
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
});

test('a wrong password and an unknown e-mail show the same red alert', async ({ page }) => {
  await loginThroughForm(page, DEMO.customer.email, 'not-the-password');
  const alert = page.getByTestId('form-error');
  await expect(alert).toHaveText('Incorrect email or password.');
  await loginThroughForm(page, 'nobody@demo.test', 'whatever-password');
  await expect(alert).toHaveText('Incorrect email or password.');
});

test('empty login fields are named in the form, and each error is tied to its field', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();
  // A screen reader reads the error with the field (aria-describedby) and hears it is invalid.
  const email = page.getByLabel('Email');
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  await expect(email).toHaveAccessibleDescription('Email is required.');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription('Password is required.');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
});

test('a visitor registers an account and is logged in', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First Name').fill('Robin');
  await page.getByLabel('Last Name').fill('Reyes');
  await page.getByLabel('Business Name').fill('Reyes Tacos');
  await page.getByLabel('Phone Number').fill('5125550199');
  await expect(page.getByLabel('Phone Number')).toHaveValue('(512)-555-0199');
  await page.getByLabel('Email Address to Receive Reports').fill(`robin-${Date.now()}@example.test`);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('short');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('different');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 6 characters.')).toBeVisible();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription(
    'Password must be at least 6 characters.',
  );
  await expect(
    page.getByRole('textbox', { name: 'Confirm Password', exact: true }),
  ).toHaveAccessibleDescription('Passwords do not match.');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('robin-secret');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('robin-secret');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await expect(page.getByTestId('header-user')).toHaveText('Robin Reyes');
});
