import { type APIRequestContext, type Browser, expect, type Locator, type Page } from '@playwright/test';
import {
  adminToken,
  DEMO,
  gql,
  loginThroughForm,
  openForReview,
  placeOrderThroughApi,
  screenshot,
  test,
  visitCard,
} from './support';

// Fieldwork journeys: a customer's mystery shop goes from order to report through the evaluator app
// (a new shopper fills it in on a phone, QA rejects it with comments, the shopper corrects it, QA
// approves it, the customer reads the report and gets the e-mail); and a customer survey is answered
// on a phone from the QR page's link and counted on its program summary. The orders are placed
// through the API (the wizard has journeys of its own); everything else is the UI.
// Screenshots at phone and desktop width go to /tmp/shots/.

const SHOTS = '/tmp/shots';
const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/fieldwork-${name}.png`, { fullPage: true });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const baseURL = () => test.info().project.use.baseURL ?? 'http://localhost:4173';
const newPage = async (
  browser: Browser,
  viewport: { width: number; height: number },
  more: Parameters<Browser['newContext']>[0] = {},
) => (await browser.newContext({ baseURL: baseURL(), viewport, ...more })).newPage();
/** A phone at 600 Congress Ave, Austin, that lets the app read its position. */
const AT_THE_DINER = {
  geolocation: { latitude: 30.2686, longitude: -97.7428, accuracy: 12 },
  permissions: ['geolocation'],
};

const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Outbox = { outboxEmails: { to: string; kind: string; subject: string; text: string }[] };
async function outbox(request: APIRequestContext) {
  const mail = await gql<Outbox>(
    request,
    '{ outboxEmails(limit: 200) { to kind subject text } }',
    {},
    await adminToken(request),
  );
  return mail.outboxEmails;
}

/**
 * A customer of this file's own, so these journeys neither depend on nor change the demo customer that
 * other journeys use (the suite shares one database): placing orders here would give it a card on file.
 */
const CUSTOMER = {
  email: `fieldwork-${Date.now().toString(36)}@example.test`,
  password: 'fieldwork-pass-1',
  profile: {
    firstName: 'Frankie',
    lastName: 'Fieldwork',
    businessName: 'Frankie Foods',
    phone: '(512)-555-0150',
  },
};

/** Registers the file's customer, unless the other journey of this file already did (the one error let by). */
async function ensureCustomer(request: APIRequestContext) {
  const res = await request.post('/api', {
    data: {
      query: 'mutation($i:RegisterInput!){ register(input:$i){ token } }',
      variables: { i: { email: CUSTOMER.email, password: CUSTOMER.password, profile: CUSTOMER.profile } },
    },
  });
  const body = (await res.json()) as {
    data?: { register?: { token: string } };
    errors?: { message: string }[];
  };
  if (body.errors) {
    expect(body.errors.map((e) => e.message)).toEqual([
      'An account with this email already exists. Please log in instead.',
    ]);
  } else expect(body.data?.register?.token).toBeTruthy();
}

/** The file's customer orders one questionnaire at a new Austin location, paid with a test card. */
/** The location's own report address: it has no login, so its 'report ready' e-mail has the shared link. */
const LOCATION_REPORTS = `manager-${Date.now().toString(36)}@example.test`;

async function customerOrders(request: APIRequestContext, title: string, locationName: string) {
  await ensureCustomer(request);
  return placeOrderThroughApi(request, {
    email: CUSTOMER.email,
    password: CUSTOMER.password,
    title,
    location: {
      name: locationName,
      additionalEmails: LOCATION_REPORTS,
      address: {
        line1: '600 Congress Ave',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        formattedAddress: '600 Congress Ave, Austin, TX 78701, USA',
      },
    },
    cardNumber: '4242424242424242',
  });
}

/** A made-up storefront photo, drawn in the browser. */
async function storefrontPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 480;
    c.height = 320;
    const g = c.getContext('2d')!;
    g.fillStyle = '#9fd3f5';
    g.fillRect(0, 0, 480, 320);
    g.fillStyle = '#8d6e63';
    g.fillRect(60, 90, 360, 200);
    g.fillStyle = '#c62828';
    g.fillRect(50, 60, 380, 50);
    g.fillStyle = '#ffffff';
    g.font = 'bold 30px sans-serif';
    g.fillText('DINER', 190, 96);
    g.fillStyle = '#e3f2fd';
    g.fillRect(90, 140, 120, 100);
    g.fillRect(270, 140, 120, 150);
    g.fillStyle = '#616161';
    g.fillRect(0, 290, 480, 30);
    return c.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** One question of the evaluation on screen. */
const question = (page: Page, elementId: string): Locator => page.locator(`[data-element-id="${elementId}"]`);
const choose = (page: Page, elementId: string, option: string) =>
  question(page, elementId).getByRole('radio', { name: option, exact: true }).check();
/** The autosave starts ('Saving…' while it waits out the pause in typing) and ends. */
async function saved(page: Page) {
  await expect(page.getByTestId('save-state')).toHaveText('Saving…');
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 });
}

test('a mystery shop goes from order to report through the evaluator app', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const locationName = unique('Congress Ave Diner');
  await customerOrders(request, 'Dine-In Experience', locationName);

  // A new shopper signs up on a phone, in Texas.
  const shopper = await newPage(browser, PHONE, AT_THE_DINER);
  await shopper.goto('/');
  await shopper.getByRole('link', { name: 'Evaluator Login' }).click();
  await expect(shopper).toHaveURL(/\/evaluator$/);
  await expect(shopper.getByRole('heading', { name: 'Evaluator Login' })).toBeVisible();
  await shot(shopper, 'evaluator-home-390');
  const email = `shopper-${Date.now()}@example.test`;
  const signup = shopper.getByTestId('shopper-signup');
  await signup.getByLabel('First Name').fill('Sam');
  await signup.getByLabel('Last Name').fill('Shopper');
  await signup.getByLabel('E-mail').fill(email);
  await signup.getByLabel('Choose a password').fill('shopper-pass');
  await signup.getByLabel('Phone').fill('5125550199');
  await signup.getByLabel('City').fill('Austin');
  await signup.getByLabel('State').selectOption('TX');
  await signup.getByLabel('Gender (optional)').selectOption('female');
  await signup.getByLabel('Birth year (optional)').fill('1990');
  await signup.getByRole('button', { name: 'Sign up as a shopper' }).click();

  // Open visits near the shopper's home (their city, no street given): accept the one at the new location.
  await expect(shopper).toHaveURL(/\/evaluator\/visits$/, { timeout: 15_000 });
  const card = await visitCard(shopper, locationName);
  await expect(card).toContainText('Dine-In Experience');
  // The area and distance, not the street address: that comes once the visit is accepted (issue 47).
  await expect(card).toContainText('Austin, TX');
  await expect(card).not.toContainText('600 Congress Ave');
  await expect(card).toContainText('$25.00');
  await card.scrollIntoViewIfNeeded();
  await shot(shopper, 'visits-390');
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(shopper).toHaveURL(/\/evaluator\/evaluations\/[^/]+$/);
  const evaluationId = shopper.url().split('/').pop()!;

  // Visit proof: the shopper checks in on arrival (the server records the time and position).
  const proof = shopper.getByTestId('visit-proof');
  await expect(proof.getByRole('button', { name: 'Check out' })).toBeDisabled();
  await proof.getByRole('button', { name: 'Check in' }).click();
  await expect(proof).toContainText('Checked in at');
  await expect(proof.getByRole('button', { name: 'Check out' })).toBeEnabled();
  await shot(shopper, 'visit-checked-in-390');

  // Section 1: the engine numbers the questions and shows a follow-up only for 'No'.
  const section = shopper.getByTestId('evaluation-section');
  await expect(section.getByRole('heading', { name: 'Arrival and Greeting' })).toBeVisible();
  await expect(shopper.getByTestId('completion-description')).toHaveText('In Progress');
  await section.getByLabel('1. Date of visit').fill(new Date().toISOString().slice(0, 10));
  await section.getByLabel('2. Time you arrived').fill('14:30');
  const followUp = section.getByLabel(/What were the employees doing/);
  await expect(followUp).toHaveCount(0);
  await choose(shopper, 'greeted', 'No');
  await expect(followUp).toBeVisible();
  await followUp.fill('Two employees were restocking the shelves.');
  await shot(shopper, 'evaluation-follow-up-390');
  await choose(shopper, 'greeted', 'Yes');
  await expect(followUp).toHaveCount(0);
  await choose(shopper, 'greeted', 'No');
  await expect(followUp).toHaveValue(''); // cleared while it was hidden
  await choose(shopper, 'greeted', 'Yes');
  await choose(shopper, 'greeting-quality', 'Polite');
  await section.getByLabel(/Name or description of the employee/).fill('Tall man');
  await question(shopper, 'wait-time').getByRole('textbox', { name: 'Minutes' }).fill('1');
  await saved(shopper);

  // Autosaved: a reload brings the answers back.
  await shopper.reload();
  await expect(section.getByLabel(/Name or description of the employee/)).toHaveValue('Tall man');
  await expect(question(shopper, 'greeting-quality').getByRole('radio', { name: 'Polite' })).toBeChecked();
  await shot(shopper, 'evaluation-section-1-390');

  // Section 2, with a photo.
  await shopper.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Cleanliness' })).toBeVisible();
  await choose(shopper, 'entrance-clean', 'Yes');
  await choose(shopper, 'floor-clean', 'Yes');
  await choose(shopper, 'restroom-clean', 'Did not visit the restroom');
  const photo = await storefrontPhoto(shopper);
  await question(shopper, 'storefront-photo')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'storefront.png', mimeType: 'image/png', buffer: photo });
  await expect(
    question(shopper, 'storefront-photo').getByRole('img', { name: 'Uploaded image' }),
  ).toBeVisible();

  // Section 3: a number outside its range gets the engine's message.
  await shopper.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Product Knowledge and Upsell' })).toBeVisible();
  await choose(shopper, 'answered-accurately', 'Yes, confidently');
  const rating = section.getByLabel(/Rate the employee's product knowledge/);
  await rating.fill('12');
  await expect(section.getByText('Please enter a value between 1 and 10.')).toBeVisible();
  // "Corrections Needed" belongs to evaluations QA returned: a first fill-in stays In Progress (issue 45).
  await expect(shopper.getByTestId('completion-description')).toHaveText('In Progress');
  await rating.fill('8');
  await choose(shopper, 'upsell', 'Yes');
  await section.getByLabel(/What did the employee suggest/).fill('A larger coffee for fifty cents more.');

  // Section 4; Next stays on the last section.
  await shopper.getByRole('button', { name: 'Next' }).click();
  await expect(section.getByRole('heading', { name: 'Overall Experience' })).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Next' })).toBeDisabled();
  await choose(shopper, 'would-return', 'Definitely');
  await section
    .getByLabel(/Summarize your visit/)
    .fill('A polite greeting, a clean store and a helpful suggestion. I would come back for lunch.');
  await section.getByLabel(/Receipt total/).fill('23.5');
  await expect(shopper.getByTestId('completion-description')).toHaveText('Ready to Submit');
  await saved(shopper);
  await shot(shopper, 'evaluation-ready-390');
  await shopper.getByRole('button', { name: 'Check out before you submit' }).click();
  await expect(proof).toContainText('Visit ');
  await expect(shopper.getByRole('button', { name: 'Check out before you submit' })).toHaveCount(0);
  await shopper.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(shopper.getByTestId('status-note')).toContainText('Submitted for review');
  await expect(shopper.getByTestId('status-badge')).toHaveText('Submitted');
  await shot(shopper, 'evaluation-submitted-390');

  // QA: an admin (staff) takes it from the queue, comments on a question and rejects it with a note.
  const proofer = await newPage(browser, DESKTOP);
  await loginThroughForm(proofer, DEMO.admin.email, DEMO.admin.password);
  await expect(proofer.getByTestId('header-user')).toBeVisible();
  expect(await openForReview(proofer, locationName)).toBe(evaluationId);
  // The visit proof: the visit lasted less than a minute, so it is flagged.
  const visitProof = proofer.getByTestId('qa-visit-proof');
  await expect(visitProof).toContainText('Check-in');
  await expect(visitProof.getByTestId('proof-flag').first()).toContainText(
    /Visit lasted 0 min|map coordinates/,
  );
  await expect(
    visitProof.getByTestId('proof-flag').filter({ hasText: 'Visit lasted 0 min (minimum 10 min).' }),
  ).toHaveCount(1);
  const comment = question(proofer, 'greeter').getByTestId('proofing-comment');
  await comment.fill('Please give the employee’s name from the name tag.');
  await comment.blur();
  await expect(question(proofer, 'greeter').getByText('Comment saved')).toBeVisible();
  await shot(proofer, 'qa-review-desktop');
  await proofer.setViewportSize(PHONE);
  await shot(proofer, 'qa-review-390');
  await proofer.setViewportSize(DESKTOP);
  await proofer.getByRole('tab', { name: 'Scored report' }).click();
  await expect(proofer.getByTestId('report-percentage')).toHaveText('96%');
  await proofer.getByRole('button', { name: 'Reject', exact: true }).click();
  const dialog = proofer.getByRole('dialog', { name: 'Reject this evaluation' });
  await dialog.getByRole('button', { name: 'Reject evaluation' }).click();
  await expect(dialog.getByText('Please say what the shopper needs to correct.')).toBeVisible();
  const note = 'The greeter needs a name, not a description.';
  await dialog.getByLabel('Note to the shopper').fill(note);
  await shot(proofer, 'qa-reject-desktop');
  await dialog.getByRole('button', { name: 'Reject evaluation' }).click();
  await expect(proofer).toHaveURL(/\/evaluator\/qa$/);
  await expect(proofer.getByText('Evaluation rejected')).toBeVisible();

  // The shopper sees the note and the comment beside the question, corrects it and resubmits.
  await shopper.goto('/evaluator/evaluations');
  const mine = shopper.getByTestId('evaluation-row').filter({ hasText: locationName });
  await expect(mine.getByTestId('status-badge')).toHaveText('Corrections needed');
  await mine.click();
  await expect(shopper.getByTestId('reviewer-note')).toContainText(note);
  await shopper.getByRole('combobox', { name: 'Section', exact: true }).selectOption('arrival');
  await expect(question(shopper, 'greeter').getByTestId('proofing-note')).toContainText('name tag');
  await shot(shopper, 'evaluation-corrections-390');
  await section.getByLabel(/Name or description of the employee/).fill('Jordan (name tag)');
  await saved(shopper);
  await shopper.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(shopper.getByTestId('status-badge')).toHaveText('Submitted');

  // QA approves it.
  await openForReview(proofer, locationName);
  await expect(
    question(proofer, 'greeter').getByRole('textbox', { name: /Name or description/ }),
  ).toHaveValue('Jordan (name tag)');
  // QA grades the shopper's work as it approves (issue 47): internal, the shopper's rating follows.
  const grading = proofer.getByTestId('qa-grade');
  await grading.getByLabel("Grade the shopper's work (1-10)").fill('8');
  await grading.getByLabel('Why this grade').fill('Thorough answers; one correction needed.');
  await shot(proofer, 'qa-grade');
  await proofer.getByRole('button', { name: 'Approve' }).click();
  await expect(proofer).toHaveURL(/\/evaluator\/qa$/);
  await expect(proofer.getByText('Evaluation approved')).toBeVisible();
  await shopper.goto('/evaluator/standing');
  await expect(shopper.getByTestId('standing-rating')).toHaveText('8 / 10');
  await expect(shopper.getByText('Thorough answers; one correction needed.')).toBeVisible();
  await expect(proofer.getByTestId('qa-row').filter({ hasText: locationName })).toHaveCount(0);

  // The customer reads the report from the e-mail's link.
  const customer = await newPage(browser, DESKTOP);
  await loginThroughForm(customer, CUSTOMER.email, CUSTOMER.password);
  await expect(customer.getByTestId('header-user')).toBeVisible();
  await customer.goto(`/account/reports/shop/${evaluationId}`);
  const report = customer.getByTestId('shop-report');
  await expect(report.getByRole('heading', { name: 'Dine-In Experience' })).toBeVisible();
  await expect(report).toContainText(locationName);
  // Greeted 10 + polite 7 + a minute's wait 10, clean 5 + 5 (restroom N/A), 10 + 10 + 10, return 10.
  await expect(customer.getByTestId('report-score')).toHaveText('77 of 80 points');
  await expect(customer.getByTestId('report-percentage')).toHaveText('96%');
  await expect(report.getByRole('img', { name: /Upload a photo of the storefront/ })).toBeVisible();
  await shot(customer, 'shop-report-desktop');
  await customer.setViewportSize(PHONE);
  await shot(customer, 'shop-report-390');

  // The approval's e-mails are its subscribers' (report-subscriber.ts): they follow it by a job or two.
  const readyFor = (list: Awaited<ReturnType<typeof outbox>>, to: string) =>
    list.find((m) => m.kind === 'REPORT_READY' && m.to === to && m.subject.includes(locationName));
  let mail: Awaited<ReturnType<typeof outbox>> = [];
  await expect(async () => {
    mail = await outbox(request);
    expect(readyFor(mail, CUSTOMER.email)).toBeTruthy();
    expect(readyFor(mail, LOCATION_REPORTS)).toBeTruthy();
  }).toPass();
  const ready = readyFor(mail, CUSTOMER.email);
  expect(ready?.text).toContain(`/account/reports/shop/${evaluationId}`);
  expect(ready?.text).toContain('Overall score: 96%');

  // The location's report address gets the shared link: it opens the report without a login.
  const forManager = readyFor(mail, LOCATION_REPORTS);
  const sharedLink = /https?:\/\/\S+\/reports\/shop\/\S+/.exec(forManager?.text ?? '')?.[0] ?? '';
  expect(sharedLink).toContain(`/reports/shop/${evaluationId}?key=`);
  const manager = await newPage(browser, PHONE);
  const url = new URL(sharedLink);
  await manager.goto(url.pathname + url.search);
  const shared = manager.getByTestId('shop-report');
  await expect(shared.getByRole('heading', { name: 'Dine-In Experience' })).toBeVisible();
  await expect(manager.getByTestId('report-percentage')).toHaveText('96%');
  await expect(manager.getByRole('banner').getByRole('link', { name: 'Client Login' })).toBeVisible();
  await expect(manager.getByRole('link', { name: 'Back to Program Reports' })).toHaveCount(0);
  await shot(manager, 'shared-report-390');
  await manager.setViewportSize(DESKTOP);
  await shot(manager, 'shared-report-desktop');
  await manager.setViewportSize(PHONE);
  // A changed key opens nothing.
  const key = url.searchParams.get('key') ?? '';
  await manager.goto(`/reports/shop/${evaluationId}?key=${key.startsWith('0') ? '1' : '0'}${key.slice(1)}`);
  await expect(manager.getByRole('alert')).toHaveText(
    'This report link is not valid. Please use the link of your e-mail as it is.',
  );
  await shot(manager, 'shared-report-invalid-390');
  expect(mail.some((m) => m.kind === 'EVALUATION_REJECTED' && m.to === email && m.text.includes(note))).toBe(
    true,
  );
});

test('a customer survey is answered from the QR page link and counted in its summary', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const locationName = unique('Lamar Cafe');
  const { uqid } = await customerOrders(request, 'Restaurant Guest Survey', locationName);
  // The confirmation is order.placed's subscriber's: it is queued a job or two after the commit.
  let code: string | undefined;
  await expect(async () => {
    const confirmation = (await outbox(request)).find(
      (m) => m.kind === 'ORDER_CONFIRMATION' && m.to === CUSTOMER.email && m.text.includes(locationName),
    );
    code = /\/survey\/([A-Za-z0-9_-]+)/.exec(confirmation?.text ?? '')?.[1];
    expect(code).toBeTruthy();
  }).toPass();

  // The QR page: program, address, link, and a PNG named after the program.
  const customer = await newPage(browser, DESKTOP);
  await loginThroughForm(customer, CUSTOMER.email, CUSTOMER.password);
  await expect(customer.getByTestId('header-user')).toBeVisible();
  await customer.goto(`/account/reports/qr/${uqid}/${code}`);
  await expect(customer.getByRole('heading', { name: 'Restaurant Guest Survey' })).toBeVisible();
  await expect(customer.getByText('600 Congress Ave, Austin, TX 78701')).toBeVisible();
  await expect(
    customer.getByText(
      'Click the image below to download a PNG of the QR code. This code can be used on printed materials to direct customers to your survey link.',
    ),
  ).toBeVisible();
  const qr = customer.getByTestId('qr-code');
  await expect(qr.locator('canvas')).toHaveAttribute('width', '300');
  await shot(customer, 'qr-desktop');
  const [download] = await Promise.all([customer.waitForEvent('download'), qr.click()]);
  expect(download.suggestedFilename()).toBe('Restaurant_Guest_Survey.png');
  const link = await customer.getByTestId('survey-link').getAttribute('href');
  expect(link).toMatch(new RegExp(`/survey/${code}$`));

  // A guest answers on a phone, with no account.
  const guest = await newPage(browser, PHONE);
  await guest.goto(link!);
  await expect(guest.getByRole('heading', { name: 'Restaurant Guest Survey' })).toBeVisible();
  await expect(guest.getByText(locationName)).toBeVisible();
  await guest.getByRole('button', { name: 'Submit' }).click();
  await expect(guest.getByText('Please answer the highlighted questions.')).toBeVisible();
  await guest.getByLabel(/How likely are you to recommend us/).fill('9');
  const enjoyed = guest.getByLabel(/What did you enjoy most/);
  await expect(enjoyed).toBeVisible();
  await enjoyed.fill('The fresh bread.');
  await choose(guest, 'speed', 'Very satisfied');
  await choose(guest, 'order-correct', 'Yes');
  await choose(guest, 'visit-frequency', 'Every week');
  await shot(guest, 'survey-390');
  await guest.getByRole('button', { name: 'Submit' }).click();
  await expect(guest.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await shot(guest, 'survey-thanks-390');

  // The same browser again: already answered. An unknown code: not valid.
  await guest.goto(link!);
  await guest.getByLabel(/How likely are you to recommend us/).fill('3');
  await choose(guest, 'speed', 'Neutral');
  await choose(guest, 'order-correct', 'Yes');
  await guest.getByRole('button', { name: 'Submit' }).click();
  await expect(guest.getByText('You have already answered this survey. Thank you!')).toBeVisible();
  await guest.goto('/survey/NoSuchSurvey99');
  await expect(guest.getByText('This survey link is not valid or the survey has ended.')).toBeVisible();

  // The customer's program summary counts the response.
  await customer.goto(`/survey/program-summary/${code}`);
  await expect(customer.getByTestId('summary-responses')).toHaveText('1');
  await expect(customer.getByTestId('summary-average')).toHaveText('100%');
  await expect(customer.getByTestId('summary-question')).toHaveCount(3);
  const qrImage = customer.getByRole('img', { name: 'QR code of the survey link' });
  await expect.poll(() => qrImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await shot(customer, 'survey-summary-desktop');
  await customer.setViewportSize(PHONE);
  await shot(customer, 'survey-summary-390');
});
