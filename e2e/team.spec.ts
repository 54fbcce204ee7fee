import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { DEFAULT_SUMMARY_FILTERS, filterRecords, programCsvFileName, programsInRange } from '../src/domain';
import type { ShopRow, SummaryShopRow } from '../src/web/reports/report-types';
import { csvFields, customerApi, RILEY, rangeOf, summaryLoaded } from './reports-support';
import { adminToken, DEMO, gql, loginThroughForm, screenshot, test } from './support';

// Issue 18's journeys. On Location Management an owner groups locations into regions, one at a time and
// several at once, on a desk and a phone (a customer of this test's own, so the demo stays as seeded).
// Then the Done-when on the demo chain, whose shops have approved results in three regions: the
// owner invites a manager for one region, the manager accepts on a phone and sees only that region's
// locations on the dashboard, in the CSV and in the reports (another region's report is refused); the
// admin area lists the team; the owner removes the manager, whose next page load shows "Not Authorized".
// The chain's regions stay as seeded: the manager is given an existing region and is removed at the end.

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
const NORTH = `North ${stamp}`;
const SOUTH = `South ${stamp}`;
const NORTH_LOCATION = `North Diner ${stamp}`;
const SOUTH_LOCATION = `South Diner ${stamp}`;
const EAST_LOCATION = `East Diner ${stamp}`;
/** The demo chain's region that no demo manager has (seed-reporting.ts, CHAIN_REGIONS). */
const CHAIN_REGION = 'Houston & Dallas';
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
  const mail = outboxEmails.find((m) => m.to === to && m.kind === 'TEAM_INVITATION');
  const path = /\/invitation\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
  expect(path, `no invitation e-mail to ${to}`).toBeTruthy();
  return path!;
}

/**
 * What the chain's owner sees, through the API: the account's id, the names of the region's locations,
 * every shop of the reports and the summary's shops with results.
 */
async function chainAsOwner(request: APIRequestContext) {
  const { login } = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: RILEY.email, p: RILEY.password },
  );
  const { regions, currentUser } = await gql<{
    regions: { _id: string; name: string }[];
    currentUser: { _id: string; locations: { name: string; regionId: string | null }[] };
  }>(request, '{ regions { _id name } currentUser { _id locations { name regionId } } }', {}, login.token);
  const regionId = regions.find((r) => r.name === CHAIN_REGION)?._id;
  expect(regionId, `the demo chain has no region ${CHAIN_REGION}`).toBeTruthy();
  const api = await customerApi(request);
  return {
    accountId: currentUser._id,
    regionLocations: currentUser.locations.filter((l) => l.regionId === regionId).map((l) => l.name),
    shops: await api<ShopRow>('/api/shops/', { order: '', pageNumber: 1, pageSize: 999 }),
    summaryShops: await api<SummaryShopRow>('/api/summary/shops'),
  };
}

/** Every row of a shops table is at one of `names` (the location is the first line of cell `column`). */
async function expectOnlyAt(table: Locator, column: number, names: string[]) {
  const rows = table.locator('tbody tr');
  await expect(rows).not.toHaveCount(0);
  const shown = await rows.locator(`td:nth-child(${column}) > :first-child`).allTextContents();
  expect(shown).toHaveLength(await rows.count());
  for (const name of shown) expect(names).toContain(name);
}

const shot = (page: Page, name: string) => screenshot(page, `${SHOTS}/team-${name}.png`, { fullPage: true });

/** A region's row on Location Management: its name, then its number of locations. */
const regionCount = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Regions' })
    .getByTestId('region-row')
    .filter({ hasText: name })
    .getByRole('cell')
    .nth(1);

test('an owner groups locations into regions, one at a time and several at once, on a desk and a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { register } = await gql<{ register: { token: string } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token } }',
    { i: OWNER },
  );
  await addLocation(request, register.token, NORTH_LOCATION, '100 Congress Ave');
  await addLocation(request, register.token, SOUTH_LOCATION, '900 S Congress Ave');
  await addLocation(request, register.token, EAST_LOCATION, '1100 E 6th St');

  // The owner creates regions on Location Management; a name taken already is refused at the field.
  await loginThroughForm(page, OWNER.email, OWNER.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/account/locations');
  const regions = page.getByRole('region', { name: 'Regions' });
  for (const name of [NORTH, SOUTH]) {
    await regions.getByRole('textbox', { name: 'New region' }).fill(name);
    await regions.getByRole('button', { name: 'Create Region' }).click();
    await expect(regionCount(page, name)).toHaveText('0');
  }
  await regions.getByRole('textbox', { name: 'New region' }).fill(NORTH.toLowerCase());
  await regions.getByRole('button', { name: 'Create Region' }).click();
  await expect(regions.getByText('A region with this name already exists.')).toBeVisible();

  // One location at a time, from its own Region.
  await page.getByRole('textbox', { name: `Region of ${NORTH_LOCATION}` }).click();
  await page.getByRole('option', { name: NORTH, exact: true }).click();
  await expect(regionCount(page, NORTH)).toHaveText('1');

  // Several at once: two ticked, moved together.
  const bulk = page.getByRole('form', { name: 'Move locations to a region' });
  const selectAll = bulk.getByRole('checkbox', { name: 'Select all' });
  const move = bulk.getByRole('button', { name: 'Move Locations' });
  await expect(move).toBeDisabled();
  await page.getByRole('checkbox', { name: `Select ${SOUTH_LOCATION}` }).check();
  await page.getByRole('checkbox', { name: `Select ${EAST_LOCATION}` }).check();
  await expect(bulk.getByTestId('selected-count')).toHaveText('2 of 3 selected');
  await expect(selectAll).toBeChecked({ indeterminate: true });
  await bulk.getByRole('textbox', { name: 'Move to region' }).click();
  await page.getByRole('option', { name: SOUTH, exact: true }).click();
  await move.click();
  const moved = page.getByRole('alert').filter({ hasText: `2 locations moved to ${SOUTH}.` });
  await expect(moved).toBeVisible();
  await expect(regionCount(page, SOUTH)).toHaveText('2');
  await expect(regionCount(page, NORTH)).toHaveText('1');
  for (const name of [SOUTH_LOCATION, EAST_LOCATION])
    await expect(page.getByRole('textbox', { name: `Region of ${name}` })).toHaveValue(SOUTH);
  await expect(page.getByRole('textbox', { name: `Region of ${NORTH_LOCATION}` })).toHaveValue(NORTH);
  // The moved ones are no longer ticked.
  await expect(bulk.getByTestId('selected-count')).toHaveText('0 of 3 selected');
  await expect(selectAll).not.toBeChecked();
  await page.mouse.move(0, 0);
  await shot(page, 'locations-1280');
  // The notice goes by itself (on a phone it would cover the form's button).
  await expect(moved).toBeHidden({ timeout: 10_000 });

  // On a phone, from the keyboard: all of the page's locations at once, into no region.
  await page.setViewportSize(PHONE);
  await selectAll.focus();
  await page.keyboard.press('Space');
  await expect(selectAll).toBeChecked();
  for (const name of [NORTH_LOCATION, SOUTH_LOCATION, EAST_LOCATION])
    await expect(page.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
  await bulk.getByRole('textbox', { name: 'Move to region' }).click();
  await page.getByRole('option', { name: 'No region', exact: true }).click();
  await shot(page, 'locations-selected-390');
  await move.click();
  await expect(page.getByText('3 locations taken out of their region.')).toBeVisible();
  await expect(regionCount(page, NORTH)).toHaveText('0');
  await expect(regionCount(page, SOUTH)).toHaveText('0');
  await expect(page.getByRole('textbox', { name: `Region of ${SOUTH_LOCATION}` })).toHaveValue('No region');
  await shot(page, 'locations-390');
  // Nothing spills sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('the chain owner invites a manager for a region, who joins on a phone and sees only that region; removed, the manager is refused', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const baseURL = test.info().project.use.baseURL;
  const chain = await chainAsOwner(request);
  const ytd = rangeOf('Year to Date', chain.summaryShops);
  const ownersResults = filterRecords(chain.summaryShops, ytd, DEFAULT_SUMMARY_FILTERS);
  const managersResults = ownersResults.filter((s) => chain.regionLocations.includes(s.name));
  const managersShops = chain.shops.filter((s) => chain.regionLocations.includes(s.locationName ?? ''));
  const reportOf = (shops: ShopRow[]) => shops.find((s) => s.status === 'Delivered' && s.reportLink)!;
  const inside = reportOf(managersShops);
  const outside = reportOf(chain.shops.filter((s) => !managersShops.includes(s)));
  // Results inside the region and outside it, or the checks below would prove nothing.
  expect(managersResults.length).toBeGreaterThan(0);
  expect(managersResults.length).toBeLessThan(ownersResults.length);
  expect(inside && outside).toBeTruthy();

  // The Team page: the owner and the two demo managers; an invitation for a manager of the region.
  await loginThroughForm(page, RILEY.email, RILEY.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
  await expect(page.getByTestId('team-member').filter({ hasText: RILEY.email })).toContainText('Owner');
  const invite = page.getByRole('form', { name: 'Invite a member' });
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('Email is required.')).toBeVisible();
  await invite.getByRole('textbox', { name: 'Email' }).fill(RILEY.email);
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(invite.getByText('This person is already a member of your team.')).toBeVisible();
  await invite.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
  await expect(invite.getByRole('radio', { name: /Manager/ })).toBeChecked();
  await invite.getByRole('textbox', { name: 'Regions' }).click();
  await page
    .getByRole('option', { name: `${CHAIN_REGION} (${chain.regionLocations.length} locations)` })
    .click();
  await page.keyboard.press('Escape');
  await invite.getByRole('button', { name: 'Send Invitation' }).click();
  const pending = page.getByTestId('team-invitation').filter({ hasText: MANAGER.email });
  await expect(pending).toContainText(`Regions: ${CHAIN_REGION}`);
  await shot(page, 'page-1280');
  await page.setViewportSize(PHONE);
  await shot(page, 'page-390');
  await page.setViewportSize({ width: 1280, height: 720 });
  // Resend, from the keyboard: a confirmation, the focus kept, and a new link (the one opened below).
  const resend = pending.getByRole('button', { name: `Resend the invitation to ${MANAGER.email}` });
  await resend.focus();
  await page.keyboard.press('Enter');
  await expect(
    page.getByText(`Invitation sent again to ${MANAGER.email}. The earlier link no longer works.`),
  ).toBeVisible();
  await expect(resend).toBeFocused();

  // The invitation page, as anyone with the link sees it.
  const path = await invitationPath(request, MANAGER.email);
  const desk = await (
    await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } })
  ).newPage();
  await desk.goto(path);
  await expect(desk.getByTestId('invitation-offer')).toHaveText(
    'Riley’s Restaurant Group invited you to join their team as Manager.',
  );
  await shot(desk, 'invitation-1280');
  await desk.goto('/invitation/not-a-real-token');
  await expect(desk.getByTestId('invitation-closed')).toHaveText(
    'This invitation link is not valid. Ask for a new invitation.',
  );
  // A closed invitation offers the way in for someone who already joined.
  await expect(desk.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');

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
  // On a phone the account menu opens as a drawer.
  await phone.getByRole('button', { name: 'Account Menu' }).click();
  const menu = phone.getByRole('dialog').getByRole('navigation', { name: 'Account' });
  await expect(menu.getByRole('link', { name: 'Program Reports' })).toBeVisible();
  for (const hidden of ['Team', 'Location Management', 'History / Reorder', 'Account Information']) {
    await expect(menu.getByRole('link', { name: hidden })).toHaveCount(0);
  }
  await phone.keyboard.press('Escape');
  await expect(phone.getByRole('dialog')).toHaveCount(0);
  await expect(phone.getByRole('link', { name: 'Start New Order' })).toHaveCount(0);

  // The dashboard's summary has the region's locations and no other.
  await summaryLoaded(phone);
  const board = phone.getByTestId('locations-board-table');
  await board.locator('summary').click();
  const boardLocations = [...new Set(managersResults.map((s) => s.name))].sort();
  await expect(board.getByRole('rowheader')).toHaveCount(boardLocations.length);
  expect((await board.getByRole('rowheader').allTextContents()).sort()).toEqual(boardLocations);
  await shot(phone, 'manager-dashboard-390');

  // Its CSV: one file per program of the region's results, each row at one of its locations.
  const downloading = phone.waitForEvent('download');
  await phone.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  await expect(phone.getByTestId('csv-progress')).toHaveText('Download complete!');
  const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
  const programs = programsInRange(managersResults, ytd);
  // The demo's current month always has shops (seed-reporting.ts), so Year to Date is never empty.
  expect(programs.length).toBeGreaterThan(0);
  expect(Object.keys(files).sort()).toEqual(programs.map(programCsvFileName).sort());
  for (const program of programs) {
    const [header, ...rows] = strFromU8(files[programCsvFileName(program)]!).split('\r\n').map(csvFields);
    expect(header![1]).toBe('Shop Location');
    expect(rows).toHaveLength(managersResults.filter((s) => s.program_name === program).length);
    for (const row of rows) expect(chain.regionLocations).toContain(row[1]);
  }

  // The reports: every shop listed is the region's, across programs and in one program.
  await phone.getByRole('button', { name: 'Account Menu' }).click();
  await menu.getByRole('link', { name: 'Program Reports' }).click();
  const reportsMenu = phone.getByRole('navigation', { name: 'Reports' });
  await reportsMenu.getByRole('link', { name: 'My Shops' }).click();
  await expect(phone.getByTestId('shops-count')).toHaveText(`1–25 of ${managersShops.length} shops`);
  await expectOnlyAt(phone.getByTestId('shops-table'), 2, chain.regionLocations);
  await reportsMenu.getByRole('link', { name: 'My Programs' }).click();
  await phone
    .getByTestId('programs-table')
    .getByRole('row')
    .filter({ hasText: inside.programName })
    .getByRole('link', { name: 'View Shops' })
    .click();
  await expect(phone.getByRole('heading', { name: inside.programName, level: 1 })).toBeVisible();
  const programShops = managersShops.filter((s) => s.programId === inside.programId);
  await expect(phone.getByTestId('shops-count')).toHaveText(`1–25 of ${programShops.length} shops`);
  await expectOnlyAt(phone.getByTestId('shops-table'), 1, chain.regionLocations);
  await shot(phone, 'manager-program-shops-390');

  // A shop report of the region opens; one of another region is refused, link or not.
  await phone.goto(inside.reportLink!);
  await expect(phone.getByTestId('shop-report')).toContainText(inside.locationName!);
  await phone.goto(outside.reportLink!);
  await expect(phone.getByRole('heading', { name: 'Shop Report', level: 1 })).toBeVisible();
  await expect(phone.getByRole('alert').filter({ hasText: 'Not Authorized' })).toBeVisible();
  await expect(phone.getByTestId('shop-report')).toHaveCount(0);
  // A page the role does not reach says so.
  await phone.goto('/account/order-history');
  await expect(phone.getByRole('heading', { name: 'Not Authorized' })).toBeVisible();

  // The admin area's customer page lists the team.
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await loginThroughForm(admin, DEMO.admin.email, DEMO.admin.password);
  await expect(admin.getByTestId('header-user')).toBeVisible();
  await admin.goto(`/admin/customers/${chain.accountId}`);
  await expect(admin.getByRole('heading', { name: RILEY.name, level: 1 })).toBeVisible({ timeout: 15_000 });
  const team = admin.getByTestId('customer-team');
  await expect(team.getByRole('row').filter({ hasText: RILEY.email })).toContainText('Owner');
  await expect(team.getByRole('row').filter({ hasText: MANAGER.email })).toContainText('Manager');
  // Each other member's address opens that login's page, where its two-factor sign-in is reset.
  await expect(team.getByRole('link', { name: RILEY.email })).toHaveCount(0);
  await team.getByRole('link', { name: MANAGER.email }).click();
  await expect(admin.getByTestId('customer-profile')).toContainText(MANAGER.email);
  await expect(admin.getByText("This login is a member of another account's team.")).toBeVisible();
  await expect(admin.getByTestId('customer-two-factor')).toHaveText(
    'Off: this login signs in with its password alone.',
  );

  // The owner sees the manager with the region, and removes them (asked first).
  await page.reload();
  const member = page.getByTestId('team-member').filter({ hasText: MANAGER.email });
  await expect(member).toContainText(`Regions: ${CHAIN_REGION}`);
  await expect(page.getByTestId('team-invitation').filter({ hasText: MANAGER.email })).toHaveCount(0);
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
