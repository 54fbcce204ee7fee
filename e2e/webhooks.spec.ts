import { createHmac, timingSafeEqual } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { toDateKey } from '../src/domain';
import {
  DEMO,
  gql,
  loginThroughForm,
  openForReview,
  placeOrderThroughApi,
  screenshot,
  test,
} from './support';

// Issue 20's journey, outgoing webhooks. A customer of this test's own adds an endpoint pointing at a
// receiver this test runs on 127.0.0.1:4555 (allow-listed by playwright.config.ts's
// WEBHOOK_ALLOWED_HOSTS), reveals its signing secret, sends a test event and sees it delivered in the
// log. The demo shopper shops the customer's visit (through the API) and QA approves it in the UI: the
// report.ready event reaches the receiver and shows as delivered. The receiver checks every signature
// as the Standard Webhooks specification says. Screenshots at phone and desktop width go to /tmp/shots/.

const RECEIVER_PORT = 4555;
const SHOTS = process.env.WEBHOOK_SHOTS_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const OWNER = {
  email: `hooks-owner-${stamp}@example.test`,
  password: 'hooks-owner-pass',
  profile: {
    firstName: 'Hana',
    lastName: 'Hooks',
    businessName: `Hana's Diner ${stamp}`,
    phone: '(512)-555-0142',
  },
};
const LOCATION = `Webhook Diner ${stamp}`;
const SHOPPER = { email: 'shopper@demo.test', password: 'demo-shopper-pass' };

const baseURL = () => test.info().project.use.baseURL ?? 'http://localhost:4173';
const newPage = async (browser: Browser, viewport: { width: number; height: number }) =>
  (await browser.newContext({ baseURL: baseURL(), viewport })).newPage();
const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/webhooks-${name}.png`, { fullPage: true });

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: http.Server;

test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      // Only this journey's endpoint: another journey's event sent here would carry another secret.
      if (req.url === '/hooks') received.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(RECEIVER_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

/** The Standard Webhooks check, written from the specification: HMAC-SHA256 of id.timestamp.body. */
function signedBy(secret: string, m: Received): boolean {
  const id = String(m.headers['webhook-id']);
  const timestamp = String(m.headers['webhook-timestamp']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${m.body}`)
    .digest();
  return String(m.headers['webhook-signature'])
    .split(' ')
    .some((s) => {
      const given = Buffer.from(s.replace(/^v1,/, ''), 'base64');
      return s.startsWith('v1,') && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const login = async (request: APIRequestContext, who: { email: string; password: string }) =>
  (
    await gql<{ login: { token: string } }>(
      request,
      'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
      { e: who.email, p: who.password },
    )
  ).login.token;

const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo shopper accepts the location's open visit, answers it well and submits it. */
async function shopVisit(request: APIRequestContext) {
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
    greeted: 'yes',
    'greeting-quality': 'warm',
    greeter: 'Jordan (name tag)',
    'wait-time': { hours: 0, minutes: 1, seconds: 0 },
    'entrance-clean': 'yes',
    'floor-clean': 'yes',
    'restroom-clean': 'na',
    'storefront-photo': upload.fileKey,
    'answered-accurately': 'yes',
    'knowledge-rating': 9,
    upsell: 'yes',
    'upsell-detail': 'A slice of pie with the coffee, offered with a smile.',
    'would-return': 'definitely',
    summary: 'A warm welcome, a clean room and a friendly, knowledgeable server at the table.',
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

const delivery = (page: Page, event: string) =>
  page.getByTestId('webhook-delivery').and(page.locator(`[data-event="${event}"]`));

test('an owner adds a webhook endpoint, a test event and an approved shop’s report.ready arrive signed and show as delivered', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', { i: OWNER });
  await placeOrderThroughApi(request, {
    email: OWNER.email,
    password: OWNER.password,
    title: 'Dine-In Experience',
    location: {
      name: LOCATION,
      address: { line1: '700 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
    },
    cardNumber: '4242424242424242',
  });

  // The owner, on a phone, opens Webhooks from the account menu: nothing there yet.
  const owner = await newPage(browser, PHONE);
  await loginThroughForm(owner, OWNER.email, OWNER.password);
  await expect(owner.getByTestId('header-user')).toBeVisible();
  await owner.goto('/account/webhooks');
  await expect(owner.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
  await expect(owner.getByTestId('webhooks-empty')).toBeVisible();

  // A bad address is refused at its field; then the receiver is added for report.ready.
  const form = owner.getByRole('region', { name: 'Add an Endpoint' });
  await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('http://example.com/hooks');
  await form.getByRole('checkbox', { name: /report\.ready/ }).check();
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(form.getByText('Endpoint URL must start with https://.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Endpoint URL' }).fill(`http://127.0.0.1:${RECEIVER_PORT}/hooks`);
  await form.getByRole('textbox', { name: 'Description' }).fill('Our order system');
  await form.getByRole('button', { name: 'Add Endpoint' }).click();
  await expect(owner).toHaveURL(/\/account\/webhooks\/[A-Za-z0-9]+$/);
  await expect(owner.getByTestId('webhook-url')).toHaveText(`http://127.0.0.1:${RECEIVER_PORT}/hooks`);
  await expect(owner.getByTestId('webhook-deliveries-empty')).toBeVisible();
  await shot(owner, 'endpoint-phone');

  // The secret is hidden until revealed (with the keyboard here).
  const reveal = owner.getByRole('button', { name: 'Reveal' });
  await reveal.focus();
  await owner.keyboard.press('Enter');
  await expect(owner.getByTestId('webhook-secret')).toHaveText(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  const secret = (await owner.getByTestId('webhook-secret').textContent()) ?? '';

  // Send Test Event: delivered, and the receiver got it signed with that secret.
  await owner.getByRole('button', { name: 'Send Test Event' }).click();
  await expect(delivery(owner, 'webhook.test')).toHaveAttribute('data-status', 'delivered', {
    timeout: 20_000,
  });
  await expect(delivery(owner, 'webhook.test')).toContainText('HTTP 200');
  const test1 = received.find((m) => JSON.parse(m.body).type === 'webhook.test');
  expect(test1, 'the test event at the receiver').toBeTruthy();
  expect(signedBy(secret, test1!)).toBe(true);
  expect(signedBy(`whsec_${Buffer.alloc(32).toString('base64')}`, test1!)).toBe(false);
  await delivery(owner, 'webhook.test')
    .getByRole('button', { name: /^Details/ })
    .click();
  await expect(owner.getByText('received', { exact: true })).toBeVisible();
  await shot(owner, 'test-delivered-phone');

  // QA approves the customer's shop.
  await shopVisit(request);
  const proofer = await newPage(browser, DESKTOP);
  await loginThroughForm(proofer, DEMO.admin.email, DEMO.admin.password);
  await expect(proofer.getByTestId('header-user')).toBeVisible();
  // Opening it starts the review (slow on a busy machine).
  await openForReview(proofer, LOCATION);
  await proofer.getByRole('button', { name: 'Approve' }).click();
  await expect(proofer.getByText('Evaluation approved')).toBeVisible({ timeout: 20_000 });

  // report.ready reaches the receiver, signed, and shows as delivered in the owner's log.
  await expect
    .poll(() => received.filter((m) => JSON.parse(m.body).type === 'report.ready').length, {
      timeout: 20_000,
    })
    .toBe(1);
  const ready = received.find((m) => JSON.parse(m.body).type === 'report.ready')!;
  expect(signedBy(secret, ready)).toBe(true);
  const payload = JSON.parse(ready.body);
  expect(payload.id).toMatch(/^evt_/);
  expect(payload.data).toMatchObject({ locationName: LOCATION, programName: 'Dine-In Experience' });
  expect(payload.data.reportUrl).toContain('/account/reports/shop/');
  const desktop = await newPage(browser, DESKTOP);
  await loginThroughForm(desktop, OWNER.email, OWNER.password);
  await expect(desktop.getByTestId('header-user')).toBeVisible({ timeout: 20_000 });
  await desktop.goto(owner.url());
  await expect(delivery(desktop, 'report.ready')).toHaveAttribute('data-status', 'delivered', {
    timeout: 20_000,
  });
  await expect(delivery(desktop, 'report.ready')).toContainText('HTTP 200');
  await shot(desktop, 'log-desktop');

  // Resend sends the same message again.
  await delivery(desktop, 'report.ready')
    .getByRole('button', { name: /^Resend/ })
    .click();
  await expect
    .poll(() => received.filter((m) => m.headers['webhook-id'] === ready.headers['webhook-id']).length, {
      timeout: 20_000,
    })
    .toBe(2);
});
