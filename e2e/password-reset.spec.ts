import { expect } from '@playwright/test';
import { adminToken, DEMO, gql, loginThroughForm, test } from './support';

test('a customer resets a forgotten password through the e-mailed link, once', async ({ page, request }) => {
  const email = `reset-${Date.now()}@example.test`;
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: {
      email,
      password: 'first-password',
      profile: { firstName: 'Riley', lastName: 'Reset', businessName: 'Reset Co', phone: '(512)-555-0123' },
    },
  });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveTitle('Forgot Password | Customer Optix');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Reset your password' }).click();
  await expect(page).toHaveURL(/\/reset-email-sent$/);
  await expect(page.getByText('check your Spam folder')).toBeVisible();

  const token = await adminToken(request);
  const { outboxEmails } = await gql<{ outboxEmails: { to: string; text: string }[] }>(
    request,
    '{ outboxEmails(limit: 20) { to text } }',
    {},
    token,
  );
  const mail = outboxEmails.find((m) => m.to === email);
  expect(mail, 'reset e-mail in the outbox').toBeDefined();
  const link = /https?:\/\/[^\s]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail!.text)?.[0];
  expect(link).toBeDefined();
  const path = new URL(link!).pathname;

  await page.goto(path);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('new-password-1');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('new-password-2');
  await page.getByRole('button', { name: 'Reset your password' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: 'Reset your password' }).click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await expect(page.getByTestId('header-user')).toHaveText('Riley Reset');

  // The link works once.
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto(path);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('third-password');
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('third-password');
  await page.getByRole('button', { name: 'Reset your password' }).click();
  await expect(page.getByTestId('form-error')).toContainText('invalid or has expired');

  await loginThroughForm(page, email, 'new-password-1');
  await expect(page).toHaveURL(/\/account\/dashboard$/);
});

test('a logged-in customer changes the password', async ({ page, request }) => {
  const email = `change-${Date.now()}@example.test`;
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: {
      email,
      password: 'old-password',
      profile: { firstName: 'Chris', lastName: 'Change', businessName: 'Change Co', phone: '(512)-555-0124' },
    },
  });
  await loginThroughForm(page, email, 'old-password');
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.getByRole('link', { name: 'Change Password' }).click();
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('wrong-password');
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('new-password');
  await page.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('new-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Current Password is incorrect.');
  await page.getByRole('textbox', { name: 'Current Password', exact: true }).fill('old-password');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.getByRole('link', { name: 'Logout' }).click();
  // Logging out ends on the login page by a page load of its own: wait for it rather than race it.
  await page.waitForURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await loginThroughForm(page, email, 'new-password');
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  expect(DEMO.customer.email).toBe('customer@demo.test');
});
