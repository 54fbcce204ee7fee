import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { totpAt } from '../src/server/auth/totp';
import { MSG_AUDIT_INTRO } from '../src/web/account/audit-messages';
import { MSG_RECOVERY_SHOWN_ONCE, MSG_SETUP_REQUIRED } from '../src/web/account/security-messages';
import { adminToken, gql, loginThroughForm, screenshot, test } from './support';

// Issue 50: an owner requires two-factor sign-in for the team and a manager is led through its setup
// at their next sign-in; then the owner reads the audit log at /account/audit, filters it and exports
// it as CSV. Screenshots at 390 and 1280 px.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const SHOTS = 'test-results/audit-log';
const stamp = Date.now();
const OWNER = { email: `audit-owner-${stamp}@example.test`, password: 'audit-owner-pass-1' };
const MANAGER = { email: `audit-manager-${stamp}@example.test`, password: 'audit-manager-pass-1' };

/** The invitation token of the last team invitation e-mailed to `to`, from the admin outbox. */
async function invitationToken(request: APIRequestContext, to: string): Promise<string> {
  const { outboxEmails } = await gql<{ outboxEmails: { to: string; kind: string; text: string }[] }>(
    request,
    '{ outboxEmails(limit: 200) { to kind text } }',
    {},
    await adminToken(request),
  );
  const mail = outboxEmails.find((m) => m.to === to && m.kind === 'TEAM_INVITATION');
  const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  expect(token, `no invitation e-mail to ${to}`).toBeTruthy();
  return token!;
}

/** Sets up the authenticator app on /account/security through the page; returns its key. */
async function setUpApp(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  await page
    .getByRole('textbox', { name: '2. Enter the 6-digit code the app shows' })
    .fill(totpAt(secret, new Date()));
  await page.getByRole('button', { name: 'Turn On' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  await expect(dialog.getByText(MSG_RECOVERY_SHOWN_ONCE)).toBeVisible();
  await dialog.getByRole('button', { name: 'I Saved Them' }).click();
  await expect(page.getByTestId('totp-status')).toHaveText('On');
  return secret;
}

test('an owner requires two-factor sign-in; a manager is led through it; the owner reads and exports the audit log', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  // The owner's account, with a manager invited and joined, through the API.
  const { register } = await gql<{ register: { token: string } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token } }',
    {
      i: {
        email: OWNER.email,
        password: OWNER.password,
        profile: { firstName: 'Odile', lastName: 'Owner', businessName: 'Audit Co', phone: '(512)-555-0160' },
      },
    },
  );
  await gql(
    request,
    'mutation($e:String!){ inviteTeamMember(input:{ email:$e, role: manager }){ _id } }',
    { e: MANAGER.email },
    register.token,
  );
  // As the invitee, from the page's own (empty) cookie jar: `request` holds the sessions that register
  // and the admin's outbox read left on it.
  const invitation = await invitationToken(request, MANAGER.email);
  await gql(
    page.request,
    'mutation($t:String!,$i:AcceptInvitationInput){ acceptTeamInvitation(token:$t, input:$i){ token } }',
    { t: invitation, i: { password: MANAGER.password, firstName: 'Mona' } },
  );
  await page.context().clearCookies();

  // The owner turns on their own second factor, then requires it of the team.
  await page.setViewportSize(DESKTOP);
  await loginThroughForm(page, OWNER.email, OWNER.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/security');
  await setUpApp(page);
  const requireIt = page.getByRole('switch', { name: 'Require two-factor sign-in for everyone on the team' });
  await requireIt.click();
  await expect(requireIt).toBeChecked();

  // The manager's next sign-in leads to the setup, and nothing else works until it is done.
  const managerContext = await browser.newContext({ viewport: DESKTOP });
  const manager = await managerContext.newPage();
  await loginThroughForm(manager, MANAGER.email, MANAGER.password);
  await expect(manager).toHaveURL(/\/account\/security$/);
  await expect(manager.getByText(MSG_SETUP_REQUIRED.team)).toBeVisible();
  await screenshot(manager, `${SHOTS}/manager-setup-required-1280.png`, { fullPage: true });
  await manager.setViewportSize(PHONE);
  await screenshot(manager, `${SHOTS}/manager-setup-required-390.png`, { fullPage: true });
  await manager.setViewportSize(DESKTOP);
  await setUpApp(manager);
  await expect(manager.getByText(MSG_SETUP_REQUIRED.team)).toBeHidden();
  await manager.goto('/account/dashboard');
  await expect(manager.getByRole('heading', { level: 1 })).toBeVisible();
  await managerContext.close();

  // The owner reads the log: the team's changes, newest first, with who and from where.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();
  await expect(page.getByText(MSG_AUDIT_INTRO)).toBeVisible();
  const entries = page.getByRole('list', { name: 'Audit entries' }).locator(':scope > li');
  await expect(entries.filter({ hasText: 'Team two-factor requirement changed' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Invitation sent' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'Invitation accepted' })).toHaveCount(1);
  await expect(entries.first()).toContainText(/Two-factor|Team two-factor/);
  await screenshot(page, `${SHOTS}/audit-1280.png`, { fullPage: true });
  await page.setViewportSize(PHONE);
  await screenshot(page, `${SHOTS}/audit-390.png`, { fullPage: true });
  await page.setViewportSize(DESKTOP);

  // Filtered to one action, then exported: the CSV holds the same entries.
  await page.getByLabel('Action').first().click();
  await page.getByRole('option', { name: 'Invitation sent', exact: true }).click();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('1 entry.', { exact: false })).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(MANAGER.email);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Time (UTC),Action,Actor,Actor role,Subject,Changes,IP address,User agent');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`Invitation sent,${OWNER.email},Owner,invitation: ${MANAGER.email}`);
  expect(lines[1]).toContain('role: — → manager');
  // Nothing secret: no password of either login.
  expect(csv).not.toContain(OWNER.password);
  expect(csv).not.toContain(MANAGER.password);
});
