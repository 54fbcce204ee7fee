import { type APIRequestContext, request as api, type Browser, expect, type Page } from '@playwright/test';
import {
  MSG_ACTION_REQUIRED,
  MSG_RESPONSIBLE_REQUIRED,
  MSG_RETURN_NOTE_REQUIRED,
  toDateKey,
} from '../src/domain';
import {
  adminToken,
  DEMO,
  gql,
  loginThroughForm,
  openForReview,
  placeOrderThroughApi,
  screenshot,
  test,
} from './support';

// Issue 19's journey, Action plans. A customer of this test's own orders two Dine-In visits at one
// location and gives a manager that location. The demo shopper shops the first one badly (through the
// API: the evaluator app has its own journeys) and QA approves it in the UI: the shop is below 80 %, so
// a plan of its failed questions is created and e-mailed to the manager. The manager fills it in on a
// phone and submits it; the owner returns it with a note; the manager resubmits; the owner resolves it.
// The second visit, shopped better, is approved: the plan shows which questions are fixed. The
// location's report address opens the plan by its e-mailed link without a login. Screenshots at phone
// and desktop width go to /tmp/shots/.

const SHOTS = process.env.ACTION_PLAN_SHOTS_DIR ?? '/tmp/shots';
const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/action-plans-${name}.png`, { fullPage: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const OWNER = {
  email: `plans-owner-${stamp}@example.test`,
  password: 'plans-owner-pass',
  profile: {
    firstName: 'Paula',
    lastName: 'Owner',
    businessName: `Paula's Diners ${stamp}`,
    phone: '(512)-555-0191',
  },
};
const MANAGER = { email: `plans-manager-${stamp}@example.test`, password: 'plans-manager-pass' };
const REPORTS_ADDRESS = `plans-store-${stamp}@example.test`;
const LOCATION = `Congress Diner ${stamp}`;
const SHOPPER = { email: 'shopper@demo.test', password: 'demo-shopper-pass' };
const RETURN_NOTE = 'Please name who greets at the door on weekends, and a date for the new register.';

const baseURL = () => test.info().project.use.baseURL ?? 'http://localhost:4173';
const newPage = async (browser: Browser, viewport: { width: number; height: number }) =>
  (await browser.newContext({ baseURL: baseURL(), viewport })).newPage();

const login = async (request: APIRequestContext, who: { email: string; password: string }) =>
  (
    await gql<{ login: { token: string } }>(
      request,
      'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
      { e: who.email, p: who.password },
    )
  ).login.token;

type Mail = { to: string; kind: string; subject: string; text: string };
async function mailTo(request: APIRequestContext, to: string, kind: string): Promise<Mail[]> {
  const { outboxEmails } = await gql<{ outboxEmails: Mail[] }>(
    request,
    '{ outboxEmails(limit: 200) { to kind subject text } }',
    {},
    await adminToken(request),
  );
  return outboxEmails.filter((m) => m.to === to && m.kind === kind);
}

/**
 * The e-mails of `kind` to `to` once there are `count` of them: a plan and its e-mails are subscribers
 * of the event log, written a job or two after the change that causes them.
 */
async function mailsOnce(request: APIRequestContext, to: string, kind: string, count: number) {
  await expect.poll(async () => (await mailTo(request, to, kind)).length, { timeout: 30_000 }).toBe(count);
  return mailTo(request, to, kind);
}

/** The owner's account, its two-visit order and the manager of its one location (all through the API). */
async function setUp(request: APIRequestContext) {
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', { i: OWNER });
  await placeOrderThroughApi(request, {
    email: OWNER.email,
    password: OWNER.password,
    title: 'Dine-In Experience',
    location: {
      name: LOCATION,
      additionalEmails: REPORTS_ADDRESS,
      address: { line1: '900 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
    },
    cardNumber: '4242424242424242',
    shop: { totalQuantity: 2 },
  });
  const owner = await login(request, OWNER);
  const { currentUser } = await gql<{ currentUser: { locations: { _id: string; name: string }[] } }>(
    request,
    '{ currentUser { locations { _id name } } }',
    {},
    owner,
  );
  const locationId = currentUser.locations.find((l) => l.name === LOCATION)?._id;
  await gql(
    request,
    'mutation($i:TeamInviteInput!){ inviteTeamMember(input:$i){ _id } }',
    { i: { email: MANAGER.email, role: 'manager', locationIds: [locationId] } },
    owner,
  );
  const [invitation] = await mailTo(request, MANAGER.email, 'TEAM_INVITATION');
  const token = /\/invitation\/([A-Za-z0-9_-]+)/.exec(invitation?.text ?? '')?.[1];
  expect(token, 'the invitation e-mail').toBeTruthy();
  // Accepted by a visitor: the request context here holds the owner's session.
  const visitor = await api.newContext({ baseURL: baseURL() });
  await gql(
    visitor,
    'mutation($t:String!,$i:AcceptInvitationInput){ acceptTeamInvitation(token:$t, input:$i){ token } }',
    { t: token, i: { password: MANAGER.password, firstName: 'Mani', lastName: 'Manager' } },
  );
  await visitor.dispose();
}

/** A 1x1 PNG: the storefront photo the form requires. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The demo shopper accepts the location's next open visit, answers it and submits it: `greeted` and a
 * fast `wait` or not, a clean entrance never. Returns the evaluation's id.
 */
async function shopVisit(request: APIRequestContext, visit: { greeted: boolean; fast: boolean }) {
  const token = await login(request, SHOPPER);
  const { openVisits } = await gql<{ openVisits: { _id: string; locationName: string }[] }>(
    request,
    '{ openVisits { _id locationName } }',
    {},
    token,
  );
  const visitId = openVisits.find((v) => v.locationName === LOCATION)?._id;
  expect(visitId, `an open visit at ${LOCATION}`).toBeTruthy();
  const { acceptVisit } = await gql<{ acceptVisit: { _id: string } }>(
    request,
    'mutation($v:String!){ acceptVisit(visitId:$v){ _id } }',
    { v: visitId },
    token,
  );
  const id = acceptVisit._id;
  // The photo goes where the evaluator app puts it: signed for the evaluation's folder, then PUT.
  const signed = await request.get(
    `/s3/sign?fileName=storefront.png&contentType=image%2Fpng&size=${PHOTO.length}`,
    {
      headers: { folder: `evaluations/${id}`, authorization: `Bearer ${token}` },
    },
  );
  expect(signed.ok(), await signed.text()).toBe(true);
  const upload = (await signed.json()) as {
    uploadUrl: string;
    headers: Record<string, string>;
    fileKey: string;
  };
  const put = await request.put(upload.uploadUrl, { headers: upload.headers, data: PHOTO });
  expect(put.ok(), await put.text()).toBe(true);
  const answers = {
    'visit-date': toDateKey(new Date()),
    'visit-time': '12:15 PM',
    greeted: visit.greeted ? 'yes' : 'no',
    ...(visit.greeted
      ? { 'greeting-quality': 'warm' }
      : { 'not-greeted': 'Both employees were on their phones behind the counter.' }),
    greeter: 'Jordan (name tag)',
    'wait-time': { hours: 0, minutes: visit.fast ? 1 : 10, seconds: 0 },
    'entrance-clean': 'no',
    'attention-areas': ['entrance'],
    'floor-clean': 'yes',
    'restroom-clean': 'na',
    'storefront-photo': upload.fileKey,
    'answered-accurately': 'yes',
    'knowledge-rating': 9,
    upsell: 'yes',
    'upsell-detail': 'A slice of pie with the coffee, offered with a smile.',
    'would-return': 'definitely',
    summary: 'A slow start at the door, then good food and a friendly, knowledgeable server at the table.',
    'receipt-total': 18.25,
  };
  await gql(
    request,
    'mutation($id:String!,$a:JSON!){ saveEvaluation(_id:$id, answers:$a){ _id } }',
    { id, a: answers },
    token,
  );
  await gql(request, 'mutation($id:String!){ submitEvaluation(_id:$id){ status } }', { id }, token);
  return id;
}

/**
 * Scans the page with axe now, as it is (see AxeWatch): before a dialog or dropdown opens on it. Called
 * once the page shows what the journey checks; it waits for no loader left (as the pages tour does),
 * not for `networkidle`, which costs at least half a second of a quiet network each time.
 */
const scanNow = async (page: Page) => {
  await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0);
  await page.evaluate(() => (window as unknown as { __axeScanNow?: () => Promise<void> }).__axeScanNow?.());
};

const item = (page: Page, n: number) => page.getByTestId('plan-item').nth(n);
const badge = (page: Page) => page.getByRole('heading', { level: 1 }).getByTestId('plan-state');

test('a low shop creates an action plan that the manager fills in, the owner reviews and the next visit follows up', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  await setUp(request);

  // A bad visit: not greeted, a ten-minute wait, a dirty entrance (45 of 70 points, 64 %). QA approves it.
  await shopVisit(request, { greeted: false, fast: false });
  const proofer = await newPage(browser, DESKTOP);
  await loginThroughForm(proofer, DEMO.admin.email, DEMO.admin.password);
  await expect(proofer.getByTestId('header-user')).toBeVisible();
  await openForReview(proofer, LOCATION);
  await proofer.getByRole('button', { name: 'Approve' }).click();
  await expect(proofer.getByText('Evaluation approved')).toBeVisible();

  // The manager gets the plan's e-mail, with the link into the account area.
  const [created] = await mailsOnce(request, MANAGER.email, 'ACTION_PLAN', 1);
  expect(created?.subject).toBe(`Action plan needed: Dine-In Experience at ${LOCATION}`);
  const planPath = /\/account\/action-plans\/[A-Za-z0-9_-]+/.exec(created?.text ?? '')?.[0];
  expect(planPath, 'the plan link of the e-mail').toBeTruthy();
  // The owner, who has a manager for the location, is not e-mailed about a new plan.
  expect(await mailTo(request, OWNER.email, 'ACTION_PLAN')).toHaveLength(0);

  // On a phone, the manager opens it: the three failed questions with the shopper's answers.
  const manager = await newPage(browser, PHONE);
  await loginThroughForm(manager, MANAGER.email, MANAGER.password);
  await expect(manager.getByTestId('header-user')).toBeVisible();
  await manager.goto(planPath!);
  await expect(badge(manager)).toHaveText('Open');
  await expect(manager.getByTestId('plan-score')).toHaveText('64%');
  await expect(manager.getByTestId('plan-item')).toHaveCount(3);
  await expect(item(manager, 0)).toContainText('Were you greeted within 30 seconds of entering?');
  await expect(item(manager, 0)).toContainText("Shopper's answer: No");
  await expect(manager.getByRole('link', { name: 'View the shop report' })).toBeVisible();
  await shot(manager, 'plan-open-390');

  // Submitting an empty plan names every missing field of every question, beside each: the action and
  // the responsible person (both marked required).
  await manager.getByRole('button', { name: 'Submit for review' }).click();
  await expect(manager.getByText(MSG_ACTION_REQUIRED)).toHaveCount(3);
  await expect(item(manager, 0).getByText(MSG_ACTION_REQUIRED)).toBeVisible();
  await expect(item(manager, 0).getByText(MSG_RESPONSIBLE_REQUIRED)).toBeVisible();
  const actions = [
    ['Greet every guest within 10 seconds; a host at the door at lunch.', 'Dana (front of house)'],
    ['Open the second register from 11:30 to 13:30.', 'Lee (shift lead)'],
    ['Sweep and wipe the entrance at opening and at 15:00.', 'Sam (porter)'],
  ] as const;
  for (const [n, [action, who]] of actions.entries()) {
    await item(manager, n).getByRole('textbox', { name: 'Action', exact: true }).fill(action);
    await item(manager, n).getByLabel('Responsible person').fill(who);
  }
  await expect(manager.getByText(MSG_ACTION_REQUIRED)).toHaveCount(0);
  // Photo evidence for the entrance, uploaded from the phone into the plan's own folder.
  const chooser = manager.waitForEvent('filechooser');
  await item(manager, 2).getByRole('button', { name: 'Add photo' }).click();
  await (await chooser).setFiles({ name: 'clean entrance.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(item(manager, 2).getByRole('img', { name: /Photo evidence/ })).toBeVisible();
  await expect(item(manager, 2).getByRole('button', { name: 'Replace photo' })).toBeVisible();
  await manager.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(manager.getByText('Action plan saved.')).toBeVisible();
  await manager.reload();
  await expect(item(manager, 1).getByRole('textbox', { name: 'Action', exact: true })).toHaveValue(
    actions[1][0],
  );
  await expect(
    item(manager, 2).getByRole('img', { name: 'Photo evidence: clean-entrance.png' }),
  ).toBeVisible();
  await shot(manager, 'plan-filled-390');
  await manager.getByRole('button', { name: 'Submit for review' }).click();
  await expect(manager.getByText('Action plan submitted for review.')).toBeVisible();
  await expect(badge(manager)).toHaveText('Submitted');
  await expect(item(manager, 0)).toContainText(actions[0][0]);
  await expect(manager.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
  // A manager reviews nothing and sets no triggers.
  await expect(manager.getByRole('button', { name: 'Return' })).toHaveCount(0);
  await shot(manager, 'plan-submitted-390');
  await mailsOnce(request, OWNER.email, 'ACTION_PLAN', 1);

  // The owner sees it from the dashboard's card, in the list, and returns it with a note.
  const owner = await newPage(browser, DESKTOP);
  await loginThroughForm(owner, OWNER.email, OWNER.password);
  await owner.waitForURL('**/account/dashboard');
  const card = owner.getByTestId('action-plans-card');
  await expect(card.getByTestId('card-count-submitted')).toContainText('1');
  await expect(card.getByTestId('card-count-open')).toContainText('0');
  await shot(owner, 'dashboard-desktop');
  await card.getByRole('link', { name: 'View Action Plans' }).click();
  await expect(owner).toHaveURL(/\/account\/action-plans$/);
  await expect(owner.getByRole('heading', { name: 'Action Plans', level: 1 })).toBeVisible();
  await expect(owner.getByTestId('plan-count-submitted')).toContainText('1');
  await scanNow(owner);
  const row = owner.getByTestId('plan-row').filter({ hasText: LOCATION });
  await expect(row).toContainText('Dine-In Experience');
  await expect(row).toContainText('64%');
  await expect(row.getByTestId('plan-state')).toHaveText('Submitted');
  // The Open card filters the list: none.
  await owner.getByTestId('plan-count-open').click();
  await expect(owner.getByTestId('plans-empty')).toHaveText('No action plans match these filters.');
  await owner.getByTestId('plan-count-open').click();
  await expect(row).toBeVisible();
  await shot(owner, 'list-desktop');
  await owner.setViewportSize(PHONE);
  await shot(owner, 'list-390');
  await owner.setViewportSize(DESKTOP);
  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^action-plans-\d{4}-\d{2}-\d{2}\.csv$/);
  await row.getByRole('link', { name: LOCATION }).click();
  await expect(badge(owner)).toHaveText('Submitted');
  await scanNow(owner);
  await owner.getByRole('button', { name: 'Return', exact: true }).click();
  const returning = owner.getByRole('dialog', { name: 'Return this action plan' });
  await returning.getByRole('button', { name: 'Return Plan' }).click();
  await expect(returning.getByText(MSG_RETURN_NOTE_REQUIRED)).toBeVisible();
  await returning.getByLabel('Note').fill(RETURN_NOTE);
  await shot(owner, 'return-desktop');
  await returning.getByRole('button', { name: 'Return Plan' }).click();
  await expect(owner.getByText('Action plan returned with your note.')).toBeVisible();
  await expect(badge(owner)).toHaveText('Returned');

  // The manager reads the note, adds to the first action and submits again.
  const returned = await mailsOnce(request, MANAGER.email, 'ACTION_PLAN', 2);
  expect(returned.some((m) => m.text.includes(RETURN_NOTE))).toBe(true);
  await manager.reload();
  await expect(badge(manager)).toHaveText('Returned');
  await expect(manager.getByTestId('returned-note')).toContainText(RETURN_NOTE);
  await item(manager, 0)
    .getByRole('textbox', { name: 'Action', exact: true })
    .fill('Greet every guest within 10 seconds; a host at the door at lunch and all weekend (Robin).');
  await shot(manager, 'plan-returned-390');
  await manager.getByRole('button', { name: 'Submit for review' }).click();
  await expect(badge(manager)).toHaveText('Submitted');

  // The owner resolves it; the history tells every step.
  await owner.reload();
  await expect(badge(owner)).toHaveText('Submitted');
  await owner.getByRole('button', { name: 'Resolve', exact: true }).click();
  const resolving = owner.getByRole('dialog', { name: 'Resolve this action plan' });
  await resolving.getByLabel('Note (optional)').fill('Thank you, looks good.');
  await resolving.getByRole('button', { name: 'Resolve Plan' }).click();
  await expect(owner.getByText('Action plan resolved.')).toBeVisible();
  await expect(badge(owner)).toHaveText('Resolved');
  const history = owner.getByTestId('plan-history');
  for (const step of ['Plan created', 'Submitted for review', 'Returned for more work', 'Resolved'])
    await expect(history.getByText(step, { exact: true }).first()).toBeVisible();
  await expect(history).toContainText(RETURN_NOTE);
  await expect(history).toContainText('Mani Manager');

  // The next visit: greeted and served fast, the entrance still dirty (75 of 80 points). Approved.
  const next = await shopVisit(request, { greeted: true, fast: true });
  const admin = await adminToken(request);
  await gql(request, 'mutation($id:String!){ startReview(_id:$id){ status } }', { id: next }, admin);
  await gql(request, 'mutation($id:String!){ approveEvaluation(_id:$id){ status } }', { id: next }, admin);
  // The follow-up is the approval's subscriber's work: the page shows it once that job has run.
  await expect(async () => {
    await owner.reload();
    await expect(owner.getByTestId('plan-follow-up-score')).toHaveText('94%', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item(owner, 0).getByTestId('follow-up')).toHaveText('Fixed');
  await expect(item(owner, 1).getByTestId('follow-up')).toHaveText('Fixed');
  await expect(item(owner, 2).getByTestId('follow-up')).toHaveText('Still failing');
  await expect(owner.getByTestId('follow-up-summary')).toContainText('Fixed: 2 · Still failing: 1');
  await expect(owner.getByRole('link', { name: "View the next visit's report" })).toBeVisible();
  await shot(owner, 'plan-followed-up-desktop');
  await manager.reload();
  await expect(item(manager, 2).getByTestId('follow-up')).toHaveText('Still failing');
  await shot(manager, 'plan-followed-up-390');

  // The location's report address opens the plan by its link, without a login and without account links.
  const [linkMail] = await mailTo(request, REPORTS_ADDRESS, 'ACTION_PLAN');
  const link = /https?:\/\/\S+\/action-plans\/\S+/.exec(linkMail?.text ?? '')?.[0] ?? '';
  expect(link).toContain('?key=');
  const store = await newPage(browser, PHONE);
  const url = new URL(link);
  await store.goto(url.pathname + url.search);
  await expect(badge(store)).toHaveText('Resolved');
  await expect(store.getByTestId('plan-item')).toHaveCount(3);
  await expect(store.getByRole('link', { name: 'View the shop report' })).toHaveCount(0);
  await expect(store.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await shot(store, 'public-390');
  const key = url.searchParams.get('key') ?? '';
  await store.goto(`${url.pathname}?key=${key.startsWith('0') ? '1' : '0'}${key.slice(1)}`);
  await expect(store.getByTestId('plan-load-error')).toHaveText(
    'This action plan link is not valid. Please use the link of your e-mail as it is.',
  );

  // The owner sets the program's trigger; a manager has no Plan Triggers.
  await owner.goto('/account/action-plans');
  await owner.getByRole('button', { name: 'Plan Triggers' }).click();
  const triggers = owner.getByRole('dialog', { name: 'Plan Triggers' });
  await expect(triggers.getByTestId('trigger-default')).toBeVisible();
  await triggers.getByLabel('Create a plan when a shop scores below').fill('70');
  await triggers.getByLabel('or when any of these questions fails').click();
  await owner.getByRole('option', { name: 'Was the entrance clean and free of litter?' }).click();
  await owner.keyboard.press('Escape');
  await shot(owner, 'triggers-desktop');
  await triggers.getByRole('button', { name: 'Save Trigger' }).click();
  await expect(owner.getByText('Plan trigger saved.')).toBeVisible();
  await owner.getByRole('button', { name: 'Plan Triggers' }).click();
  await expect(triggers.getByLabel('Create a plan when a shop scores below')).toHaveValue('70');
  await expect(triggers.getByTestId('trigger-default')).toHaveCount(0);
  await manager.goto('/account/action-plans');
  await expect(manager.getByTestId('plan-row').filter({ hasText: LOCATION })).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Plan Triggers' })).toHaveCount(0);
  await shot(manager, 'list-manager-390');

  // "Action plans" is on the manager's preferences, on by default.
  await manager.goto('/account/preferences');
  await expect(manager.getByRole('checkbox', { name: 'Action plans' })).toBeChecked();
});
