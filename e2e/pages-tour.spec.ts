import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { ProgramRow, ShopRow } from '../src/web/reports/report-types';
import { customerApi, RILEY } from './reports-support';
import { adminToken, DEMO, gql, placeOrderThroughApi, test } from './support';

// Every page of the product, on three demo brands (the default blue, sb1's green and goldenchick's
// light yellow, the hardest to read on) at desktop and phone width, so that axe (run by `test` on
// every page, see support.ts) checks each of them in each brand's colours. The journeys check what
// the pages do; this tour only makes sure each one is seen in every brand and width.

const port = () => new URL(test.info().project.use.baseURL ?? 'http://localhost:4173').port;
const BRANDS = [
  { name: 'default', host: () => `localhost:${port()}` },
  { name: 'sb1', host: () => `sb1.localhost:${port()}` },
  { name: 'goldenchick', host: () => `goldenchick.localhost:${port()}` },
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const SHOPPER = { email: 'shopper@demo.test', password: 'demo-shopper-pass' };
/** The tour's own customer, with a survey and an invoice (Riley has neither; the demo customer stays as other journeys expect it). */
const RUN = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
/** Each worker's own (the tour's pages spread over the workers, and each worker reads its ids once). */
const TOURIST = { email: `tour-${RUN}@example.test`, password: 'tour-pass-1' };

type Ids = {
  program: ProgramRow;
  shopReport: string;
  /** Its program's name, the report's heading. */
  shopReportTitle: string;
  survey: { programId: string; surveyCode: string };
  riley: { orderNumber: number };
  /** One of the tour customer's invoices (Riley pays none). */
  invoiceId: string;
  /** The demo shopper's evaluation in progress. */
  evaluationId: string;
  admin: { customer: string; brandId: string; qid: string; formId: string; emailId: string };
};

/** The ids the tour's pages need, read once through the API as Riley and as the admin. */
async function readIds(request: APIRequestContext): Promise<Ids> {
  const api = await customerApi(request);
  const programs = await api<ProgramRow>('/api/programs/', { pageNumber: 1, pageSize: 999 });
  const shops = await api<ShopRow>('/api/shops/', { order: '', pageNumber: 1, pageSize: 999 });
  const reported = shops.find((s) => s.reportLink);
  const shopReport = reported?.reportLink;
  const { login } = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: RILEY.email, p: RILEY.password },
  );
  const { currentUser } = await gql<{
    currentUser: { _id: string; orders: { nodes: { orderNumber: number }[] } };
  }>(request, '{ currentUser { _id orders(first: 1) { nodes { orderNumber } } } }', {}, login.token);

  // Riley has no survey and pays no invoice: the tour's customer orders a survey, as in the journeys.
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: {
      email: TOURIST.email,
      password: TOURIST.password,
      profile: { firstName: 'Toni', lastName: 'Tour', businessName: 'Tour Cafe', phone: '(512)-555-0160' },
    },
  });
  const locationName = `Tour Cafe ${RUN}`;
  const { uqid } = await placeOrderThroughApi(request, {
    email: TOURIST.email,
    password: TOURIST.password,
    title: 'Restaurant Guest Survey',
    location: {
      name: locationName,
      address: { line1: '600 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
    },
    cardNumber: '4242424242424242',
  });
  // A mystery shop at the same place: the demo shopper (Austin) accepts its visit, to open its evaluation.
  const shopLocation = `Tour Diner ${RUN}`;
  await placeOrderThroughApi(request, {
    email: TOURIST.email,
    password: TOURIST.password,
    title: 'Dine-In Experience',
    location: {
      name: shopLocation,
      address: { line1: '600 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
    },
    cardNumber: '4242424242424242',
  });
  const shopper = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: SHOPPER.email, p: SHOPPER.password },
  );
  const { openVisits } = await gql<{ openVisits: { _id: string; locationName: string }[] }>(
    request,
    '{ openVisits { _id locationName } }',
    {},
    shopper.login.token,
  );
  const visitId = openVisits.find((v) => v.locationName === shopLocation)?._id ?? '';
  const { acceptVisit } = await gql<{ acceptVisit: { _id: string } }>(
    request,
    'mutation($v:String!){ acceptVisit(visitId:$v){ _id } }',
    { v: visitId },
    shopper.login.token,
  );
  const admin = await adminToken(request);
  // The tourist's own mail (other journeys may be mailing at the same time).
  type Listed = { _id: string; kind: string; text: string };
  let confirmation: Listed | undefined;
  let surveyCode: string | undefined;
  // The confirmation is order.placed's subscriber's: it is queued a job or two after the commit.
  await expect(async () => {
    const { outbox } = await gql<{ outbox: { nodes: Listed[] } }>(
      request,
      'query($to:String!){ outbox(to:$to) { nodes { _id kind text } } }',
      { to: TOURIST.email },
      admin,
    );
    confirmation = outbox.nodes.find((m) => m.kind === 'ORDER_CONFIRMATION' && m.text.includes(locationName));
    surveyCode = /\/survey\/([A-Za-z0-9_-]+)/.exec(confirmation?.text ?? '')?.[1];
    expect(surveyCode).toBeTruthy();
  }).toPass();
  const tourist = await gql<{ login: { token: string } }>(
    request,
    'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ token } }',
    { e: TOURIST.email, p: TOURIST.password },
  );
  const { currentUser: touristUser } = await gql<{ currentUser: { invoices: { nodes: { id: string }[] } } }>(
    request,
    '{ currentUser { invoices(first: 1) { nodes { id } } } }',
    {},
    tourist.login.token,
  );
  const { brands, forms } = await gql<{
    brands: { _id: string; isDefault: boolean }[];
    forms: { _id: string }[];
  }>(request, '{ brands { _id isDefault } forms { _id } }', {}, admin);
  const brandId = brands.find((b) => b.isDefault)?._id ?? brands[0]!._id;
  const { industries } = await gql<{ industries: { questionnaires: { _id: string }[] }[] }>(
    request,
    'query($b:String!){ industries(brandId:$b){ questionnaires { _id } } }',
    { b: brandId },
    admin,
  );
  const [program, order, invoice, form] = [
    programs[0],
    currentUser.orders.nodes[0],
    touristUser.invoices.nodes[0],
    forms[0],
  ];
  const survey = surveyCode ? { programId: uqid, surveyCode } : undefined;
  const qid = industries.flatMap((i) => i.questionnaires)[0]?._id;
  const found = { program, shopReport, survey, order, invoice, form, qid };
  const missing = Object.keys(found).filter((key) => !found[key as keyof typeof found]);
  if (!program || !shopReport || !survey || !order || !invoice || !form || !qid || !confirmation) {
    throw new Error(`The demo data lacks: ${missing.join(', ')}`);
  }
  return {
    program,
    shopReport: shopReport.split('/').pop()!,
    shopReportTitle: reported!.programName,
    survey,
    riley: { orderNumber: order.orderNumber },
    invoiceId: invoice.id,
    evaluationId: acceptVisit._id,
    admin: { customer: currentUser._id, brandId, qid, formId: form._id, emailId: confirmation._id },
  };
}

/**
 * Opens a page and waits until it is the page asked for (its first heading, so that an error page, a
 * refusal or a redirect to the login fails) with no loader left, then until axe has scanned it (see
 * AxeWatch).
 */
async function visit(page: Page, url: string, heading: string) {
  await page.goto(url);
  await expect(page.locator('main').getByRole('heading').first(), url).toContainText(heading, {
    timeout: 15_000,
  });
  await expect(page.locator('main .mantine-Loader-root, main .mantine-Skeleton-root')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.evaluate(() => (window as unknown as { __axeScanNow?: () => Promise<void> }).__axeScanNow?.());
}

/** Each page's first heading: the page is the one asked for, not an error, a refusal or the login. */
const VISITOR_PAGES = [
  ['/industry', 'Get Started'],
  ['/login', 'Login'],
  ['/register', 'Create Account'],
  ['/forgot-password', 'Forgot Password'],
  ['/terms', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
] as const;
const CART_PAGES = [
  ['/select-questionnaires', 'Select Mystery Shops'],
  ['/customize', 'Customize Your Questionnaires'],
  ['/locations', 'Add Locations'],
  ['/locations/bulk', 'Add Bulk Locations'],
  ['/frequency', 'Specify Frequency'],
  ['/checkout', 'Checkout'],
] as const;

async function logIn(page: Page, origin: string, who: { email: string; password: string }) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * A guest's cart with one shop at one location, made through the API from the page (so on `origin`'s
 * brand; Node cannot resolve the brands' *.localhost hosts), as the wizard would make it.
 */
async function guestCart(page: Page, origin: string): Promise<void> {
  const call = async <T>(query: string, variables: Record<string, unknown> = {}) => {
    const body = await page.evaluate(
      async (payload) => {
        const res = await fetch('/api', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        });
        return res.json();
      },
      { query, variables },
    );
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data as T;
  };
  const { publishedIndustries } = await call<{
    publishedIndustries: { questionnaires: { _id: string; type: string; minimumReimbursement: number }[] }[];
  }>('{ publishedIndustries { questionnaires { _id type minimumReimbursement } } }');
  const q = publishedIndustries.flatMap((i) => i.questionnaires).find((x) => x.type === 'mysteryShop');
  if (!q) throw new Error(`no mystery shop on ${origin}`);
  const { startOrder } = await call<{ startOrder: { _id: string; userQuestionnaires: { _id: string }[] } }>(
    'mutation($qids:[String!]!, $keys:[String!]){ startOrder(qids:$qids, serviceKeys:$keys){ _id userQuestionnaires { _id } } }',
    { qids: [q._id], keys: [q.type] },
  );
  const oid = startOrder._id;
  const { addLocation } = await call<{ addLocation: { _id: string } }>(
    'mutation($input: LocationInput!){ addLocation(input:$input){ _id } }',
    {
      input: {
        name: 'Tour Store',
        address: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
        oids: [oid],
      },
    },
  );
  await call('mutation($input: ShopInput!){ saveShop(input:$input){ _id } }', {
    input: {
      oid,
      locationId: addLocation._id,
      qid: q._id,
      uqid: startOrder.userQuestionnaires[0]?._id,
      recurring: false,
      totalQuantity: 1,
      frequencyQuantity: 1,
      frequencyPeriod: 'month',
      reimbursement: q.minimumReimbursement,
    },
  });
  const url = new URL(origin);
  await page.context().addCookies([
    { name: 'orderId', value: oid, domain: url.hostname, path: '/' },
    {
      name: 'orderServices',
      value: encodeURIComponent(JSON.stringify({ oid, services: [q.type] })),
      domain: url.hostname,
      path: '/',
    },
  ]);
}

// The tour's pages spread over the workers; each worker reads its ids once.
test.describe.configure({ mode: 'parallel' });

let ids: Ids;
test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  ids = await readIds(request);
  await request.dispose();
});

for (const brand of BRANDS) {
  for (const viewport of VIEWPORTS) {
    test(`every page reads well on ${brand.name} at ${viewport.name} width`, async ({ page, browser }) => {
      test.setTimeout(240_000);
      await page.setViewportSize(viewport);
      const origin = `http://${brand.host()}`;
      const { program, survey, riley, admin } = ids;

      // A visitor: sign-in pages, the order wizard with a cart, the survey and its summary.
      for (const [path, heading] of VISITOR_PAGES) await visit(page, origin + path, heading);
      await guestCart(page, origin);
      for (const [path, heading] of CART_PAGES) await visit(page, origin + path, heading);
      // The thank-you page as checkout leaves it (its text depends on what the order held).
      await page.evaluate(() => sessionStorage.setItem('placedOrderContent', 'mixed'));
      await visit(page, `${origin}/thanks`, 'Thank You for Your Order');
      await expect(page.getByTestId('thanks-messages')).toBeVisible();
      await visit(page, `${origin}/survey/${survey.surveyCode}`, 'Restaurant Guest Survey');

      // The customer's account area and reports.
      const customer = await browser.newContext({ viewport });
      const customerPage = await customer.newPage();
      await logIn(customerPage, origin, RILEY);
      for (const [path, heading] of [
        ['/account/dashboard', 'Dashboard'],
        ['/account/info', 'Account Information'],
        ['/account/order-history', 'Order History'],
        ['/account/active-shops', 'Recurring Orders'],
        ['/account/locations', 'Location Management'],
        ['/account/preferences', 'Communication Preferences'],
        ['/account/shops', 'All Shops'],
        ['/account/reports', 'My Programs'],
        [`/account/reports/shopsbyprogram/${program.programId}`, program.programName],
        [`/account/reports/shop/${ids.shopReport}`, ids.shopReportTitle],
        [`/account/orders/${riley.orderNumber}`, `Order #${riley.orderNumber}`],
      ] as const) {
        await visit(customerPage, origin + path, heading);
      }
      await customer.close();
      const touristContext = await browser.newContext({ viewport });
      const touristPage = await touristContext.newPage();
      await logIn(touristPage, origin, TOURIST);
      await visit(
        touristPage,
        `${origin}/account/reports/qr/${survey.programId}/${survey.surveyCode}`,
        'Restaurant Guest Survey',
      );
      await visit(
        touristPage,
        `${origin}/account/invoices/${encodeURIComponent(ids.invoiceId)}`,
        'Invoice Details',
      );
      // The survey's summary, for its customer (a visitor is asked to log in).
      await visit(
        touristPage,
        `${origin}/survey/program-summary/${survey.surveyCode}`,
        'Restaurant Guest Survey',
      );
      await touristContext.close();

      // The admin area and the QA queue.
      const staff = await browser.newContext({ viewport });
      const staffPage = await staff.newPage();
      await logIn(staffPage, origin, DEMO.admin);
      for (const [path, heading] of [
        ['/admin/orders', 'Orders'],
        [`/admin/orders/${riley.orderNumber}`, `Order #${riley.orderNumber}`],
        ['/admin/customers', 'Customers'],
        [`/admin/customers/${admin.customer}`, 'Riley Reports'],
        [`/admin/invoices/${encodeURIComponent(ids.invoiceId)}`, 'Invoice Details'],
        ['/admin/questionnaires', 'Select Brand'],
        [`/admin/questionnaires/${admin.brandId}`, 'Questionnaires'],
        [`/admin/questionnaires/${admin.brandId}/${admin.qid}`, 'Edit Questionnaire'],
        ['/admin/brands/add', 'Add Brand'],
        [`/admin/brands/edit/${admin.brandId}`, 'Edit Brand'],
        ['/admin/forms', 'Forms'],
        [`/admin/forms/${admin.formId}`, 'Form builder'],
        ['/admin/emails', 'Emails'],
        [`/admin/emails/${admin.emailId}`, 'order #'],
        ['/evaluator/qa', 'QA Queue'],
        ['/evaluator/desk', "Scheduler's Desk"],
      ] as const) {
        await visit(staffPage, origin + path, heading);
      }
      await staff.close();

      // The evaluator app.
      const field = await browser.newContext({ viewport });
      const fieldPage = await field.newPage();
      await logIn(fieldPage, origin, SHOPPER);
      await visit(fieldPage, `${origin}/evaluator/visits`, 'Open Visits');
      await visit(fieldPage, `${origin}/evaluator/evaluations`, 'My Evaluations');
      await visit(fieldPage, `${origin}/evaluator/evaluations/${ids.evaluationId}`, 'Dine-In Experience');
      await expect(fieldPage.getByRole('heading', { name: 'Arrival and Greeting' })).toBeVisible();
      await field.close();
    });
  }
}
