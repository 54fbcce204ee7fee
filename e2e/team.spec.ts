import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { adminToken, DEMO, gql, loginThroughForm, test } from './support';

// Issue 18's journey: an owner groups a location into a region, invites a manager for that region, the
// manager accepts on a phone by setting a password and sees only what a manager sees; the admin area
// lists the team; the owner removes the manager, whose next page load shows "Not Authorized".
// The owner is a customer of this test's own (so the demo customer stays as seeded for other specs).

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results';
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const OWNER = {
  email: `team-owner-${stamp}@example.test`,
  password: 'team-owner-pass',
  profile: {
    firstName: 'Olga',
    lastName: 'Owner',
    businessName: `Olga's Diners ${stamp}`,
    phone: '(512)-555-0190',
  },
};
const MANAGER = { email: `team-manager-${stamp}@example.test`, password: 'team-manager-pass' };
const REGION = `North ${stamp}`;
const NORTH_LOCATION = `North Diner ${stamp}`;
const SOUTH_LOCATION = `South Diner ${stamp}`;
const PHONE = { width: 390, height: 844 };

async function addLocation(request: APIRequestContext, token: string, name: string, line1: string) {
  await gql(
    request,
    'mutation($input: LocationInput!){ addLocation(input:$input){ _id } }',
    { input: { name, address: { line1, city: 'Austin', state: 'TX', postalCode: '78701' } } },
    token,
  );
}

/** The invitation link of the last team invitation e-mailed to `to`, read from the admin outbox. */
async function invitationPath(request: APIRequestContext, to: string): Promise<string> {
  const { outboxEmails } = await gql<{ outboxEmails: { to: string; kind: string; text: string }[] }>(
    request,
    '{ outboxEmails(limit: 200) { to kind text } }',
    {},
    await adminToken(request),
  );
  const mail = outboxEmails.find((m) => m.to === to && m.kind === 'team-invitation');
  const path = /\/invitation\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(path, `no invitation e-mail to ${to}`).toBeTruthy();
  return path!;
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/team-${name}.png`, fullPage: true });

test('an owner invites a manager for a region, who joins on a phone; removed, the manager is refused', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const baseURL = test.info().project.use.baseURL;
  const { register } = await gql<{ register: { token: string; user: { _id: string } } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token user { _id } } }',
    { i: OWNER },
  );
  await addLocation(request, register.token, NORTH_LOCATION, '100 Congress Ave');
  await addLocation(request, register.token, SOUTH_LOCATION, '900 S Congress Ave');

  // The owner creates a region on Location Management and puts the north location in it.
  await loginThroughForm(page, OWNER.email, OWNER.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/locations');
  const regions = page.getByRole('region', { name: 'Regions' });
  await regions.getByRole('textbox', { name: 'New region' }).fill(REGION);
  await regions.getByRole('button', { name: 'Create Region' }).click();
  await expect(regions.getByTestId('region-row').filter({ hasText: REGION })).toContainText('0');
  // The same name again is refused at the field.
  await regions.getByRole('textbox', { name: 'New region' }).fill(REGION.toLowerCase());
  await regions.getByRole('button', { name: 'Create Region' }).click();
  await expect(regions.getByText('A region with this name already exists.')).toBeVisible();
  await page.getByRole('textbox', { name: `Region of ${NORTH_LOCATION}` }).click();
  await page.getByRole('option', { name: REGION, exact: true }).click();
  await expect(regions.getByTestId('region-row').filter({ hasText: REGION })).toContainText('1');
  await shot(page, 'locations-1280');

  // The Team page: the owner alone; an invitation for a manager of the region.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await expect(page.getByTestId('team-member')).toContainText('Owner');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('Email is required.')).toBeVisible();
  await invite.getByRole('textbox', { name: 'Email' }).fill(OWNER.email);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('This person is already a member of your team.')).toBeVisible();
  await invite.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
  await expect(invite.getByRole('radio', { name: /Manager/ })).toBeChecked();
  await invite.getByRole('textbox', { name: 'Regions' }).click();
  await page.getByRole('option', { name: `${REGION} (1 location)` }).click();
  await page.keyboard.press('Escape');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  const pending = page.getByTestId('team-invitation').filter({ hasText: MANAGER.email });
  await expect(pending).toContainText(`Regions: ${REGION}`);
  await shot(page, 'page-1280');
  await page.setViewportSize(PHONE);
  await shot(page, 'page-390');
  await page.setViewportSize({ width: 1280, height: 720 });

  // The invitation page, as anyone with the link sees it.
  const path = await invitationPath(request, MANAGER.email);
  const desk = await (
    await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  ).newPage();
  await desk.goto(path);
  await expect(desk.getByTestId('invitation-offer')).toHaveText(
    `${OWNER.profile.businessName} invited you to join their team as Manager.`,
  );
  await shot(desk, 'invitation-1280');
  await desk.goto('/invitation/not-a-real-token');
  await expect(desk.getByTestId('invitation-closed')).toHaveText(
    'This invitation link is not valid. Ask for a new invitation.',
  );

  // The manager accepts on a phone by setting a password, and lands on the dashboard with a manager's menu.
  const phone = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await phone.goto(path);
  await expect(phone.getByTestId('invitation-offer')).toBeVisible();
  await shot(phone, 'invitation-390');
  const join = phone.getByRole('form', { name: 'Join the team' });
  await join.getByRole('textbox', { name: 'First Name' }).fill('Max');
  await join.getByRole('textbox', { name: 'Last Name' }).fill('Manager');
  await join.getByRole('textbox', { name: 'Password', exact: true }).fill(MANAGER.password);
  await join.getByRole('textbox', { name: 'Confirm Password' }).fill('something-else');
  await join.getByRole('button', { name: 'Join the Team' }).click();
  await expect(join.getByText('Passwords do not match.')).toBeVisible();
  await join.getByRole('textbox', { name: 'Confirm Password' }).fill(MANAGER.password);
  await join.getByRole('button', { name: 'Join the Team' }).click();
  await expect(phone).toHaveURL(/\/account\/dashboard$/);
  await expect(phone.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Under their own name, acting for the owner's account.
  await expect(phone.getByTestId('header-user')).toHaveText('Max Manager');
  const menu = phone.getByRole('navigation', { name: 'Account' });
  await expect(menu.getByRole('link', { name: 'Program Reports' })).toBeVisible();
  for (const hidden of ['Team', 'Location Management', 'History / Reorder', 'Account Information']) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await expect(phone.getByRole('link', { name: 'Start New Order' })).toHaveCount(0);
  await shot(phone, 'manager-dashboard-390');
  // A page the role does not reach says so.
  await phone.goto('/account/order-history');
  await expect(phone.getByRole('heading', { name: 'Not Authorized' })).toBeVisible();

  // The admin area's customer page lists the team.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await loginThroughForm(admin, DEMO.admin.email, DEMO.admin.password);
  await expect(admin.getByTestId('header-user')).toBeVisible();
  await admin.goto(`/admin/customers/${register.user._id}`);
  await expect(admin.getByRole('heading', { name: 'Olga Owner', level: 1 })).toBeVisible({ timeout: 15_000 });
  const team = admin.getByTestId('customer-team');
  await expect(team.getByRole('row').filter({ hasText: OWNER.email })).toContainText('Owner');
  await expect(team.getByRole('row').filter({ hasText: MANAGER.email })).toContainText('Manager');

  // The owner sees the manager with the region, and removes them (asked first).
  await page.reload();
  const member = page.getByTestId('team-member').filter({ hasText: MANAGER.email });
  await expect(member).toContainText(`Regions: ${REGION}`);
  await expect(page.getByTestId('team-invitation')).toHaveCount(0);
  await member.getByRole('button', { name: 'Change Max Manager' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Max Manager' });
  await expect(dialog.getByRole('textbox', { name: 'Regions' })).toBeVisible();
  await shot(page, 'member-dialog-1280');
  await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
  await dialog.getByRole('button', { name: 'Remove Max Manager' }).click();
  await expect(page.getByTestId('team-member').filter({ hasText: MANAGER.email })).toHaveCount(0);

  // The manager's next page load is refused.
  await phone.goto('/account/dashboard');
  await expect(phone.getByRole('heading', { name: 'Not Authorized' })).toBeVisible();
  await expect(phone.getByTestId('not-authorized')).toContainText('no longer a member');
});
