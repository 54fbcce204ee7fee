import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { DEMO, gql, loginThroughForm, saveShopThroughApi, screenshot, test } from './support';

// The admin's customers and orders as an admin walks them: look an order up by number, open it from
// the list and come back, find a customer, give them an authenticated brand, follow their orders,
// payments and recurring shops, and export both lists to CSV. The customer's order is placed through
// the API beforehand (the wizard has its own journeys).

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results';
const shot = (page: Page, name: string) => screenshot(page, `${SHOTS}/admin-${name}.png`, { fullPage: true });

const stamp = Date.now();
const CUSTOMER = {
  email: `ledger-${stamp}@example.test`,
  password: 'ledger-pass-1',
  firstName: 'Dana',
  lastName: 'Ledgerwood',
  businessName: `Ledgerwood Bistro ${stamp}`,
};
const FULL_NAME = `${CUSTOMER.firstName} ${CUSTOMER.lastName}`;

type Questionnaire = { _id: string; title: string; type: string; minimumReimbursement: number };

/** A customer of this test's own with one placed, recurring, card-paid order; returns its number. */
async function customerWithOrder(request: APIRequestContext): Promise<number> {
  const { register } = await gql<{ register: { token: string } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token } }',
    {
      i: {
        email: CUSTOMER.email,
        password: CUSTOMER.password,
        profile: {
          firstName: CUSTOMER.firstName,
          lastName: CUSTOMER.lastName,
          businessName: CUSTOMER.businessName,
          phone: '(512)-555-0177',
        },
      },
    },
  );
  const token = register.token;
  const { publishedIndustries } = await gql<{ publishedIndustries: { questionnaires: Questionnaire[] }[] }>(
    request,
    '{ publishedIndustries { questionnaires { _id title type minimumReimbursement } } }',
    {},
    token,
  );
  const shop = publishedIndustries
    .flatMap((i) => i.questionnaires)
    .find((q) => q.title === 'Drive-Thru Visit');
  if (!shop) throw new Error('demo catalogue changed');
  const { startOrder } = await gql<{
    startOrder: { _id: string; userQuestionnaires: { _id: string; qid: string }[] };
  }>(
    request,
    'mutation($qids:[String!]!){ startOrder(qids:$qids, serviceKeys:["mysteryShop"]){ _id userQuestionnaires { _id qid } } }',
    { qids: [shop._id] },
    token,
  );
  const oid = startOrder._id;
  const { addLocation } = await gql<{ addLocation: { _id: string } }>(
    request,
    'mutation($input: LocationInput!){ addLocation(input:$input){ _id } }',
    {
      input: {
        name: 'Ledgerwood Downtown',
        address: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
        oids: [oid],
      },
    },
    token,
  );
  const uq = startOrder.userQuestionnaires[0]!;
  await saveShopThroughApi(request, { oid, locationId: addLocation._id, q: shop, uqid: uq._id }, token, {
    recurring: true,
    frequencyQuantity: 2,
  });
  const { tokenizeTestCard } = await gql<{ tokenizeTestCard: { token: string } }>(
    request,
    'mutation($input: TestCardInput!){ tokenizeTestCard(input:$input){ token } }',
    { input: { number: '4242424242424242', expireMonth: 12, expireYear: 2034, cvc: '123' } },
    token,
  );
  const { checkout } = await gql<{ checkout: { orderNumber: number } }>(
    request,
    'mutation($oid:String!,$input: CheckoutInput!){ checkout(oid:$oid, input:$input){ orderNumber } }',
    { oid, input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: tokenizeTestCard.token } },
    token,
  );
  return checkout.orderNumber;
}

/** Clicks an export link and returns the downloaded CSV's lines. */
async function exportedCsv(page: Page, link: Locator): Promise<string[]> {
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^(customers|orders)-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  return text.split(/\r?\n/);
}

test('a customer is not authorized in the admin area', async ({ page }) => {
  await loginThroughForm(page, DEMO.customer.email, DEMO.customer.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.goto('/admin/orders');
  await expect(page.getByText('Not Authorized').first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin' })).toHaveCount(0);
  await expect(page.getByLabel('Lookup By Order Number')).toHaveCount(0);
});

test('a visitor is sent to login from the admin area', async ({ page }) => {
  await page.goto('/admin/customers');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmin%2Fcustomers$/);
});

test('the admin looks up orders, manages a customer and exports both lists', async ({ page, request }) => {
  test.setTimeout(120_000);
  const orderNumber = await customerWithOrder(request);

  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page).toHaveTitle(/^Orders \| /);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const entry of ['Orders', 'Customers', 'Manage Questionnaires', 'Forms']) {
    await expect(nav.getByRole('link', { name: entry })).toBeVisible();
  }

  // Lookup By Order Number: required, not found, found.
  const lookup = page.getByRole('form', { name: 'Lookup By Order Number' });
  await lookup.getByRole('button', { name: 'Search' }).click();
  await expect(lookup.getByText('Order Number is Required.')).toBeVisible();
  await lookup.getByRole('textbox', { name: 'Lookup By Order Number' }).fill('99999999');
  await lookup.getByRole('button', { name: 'Search' }).click();
  await expect(lookup.getByRole('alert')).toHaveText('Order # 99999999 not found.');
  await expect(page.getByTestId('admin-order-row').first()).toBeVisible();
  await shot(page, 'orders');
  await lookup.getByRole('textbox', { name: 'Lookup By Order Number' }).fill(String(orderNumber));
  await lookup.getByRole('textbox', { name: 'Lookup By Order Number' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}$`));
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByTestId('order-facts')).toContainText(CUSTOMER.businessName);
  await expect(page.getByRole('button', { name: 'Re-Order' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back To Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // The list: newest first, the order links to its details with the way back.
  const row = page.getByTestId('admin-order-row').filter({ hasText: String(orderNumber) });
  await expect(row).toContainText(CUSTOMER.businessName);
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(row).toContainText('$');
  await row.getByRole('link', { name: String(orderNumber), exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/admin/orders/${orderNumber}\\?returnUrl=/admin/orders&returnText=Back%20To%20Orders$`),
  );
  await expect(page.getByTestId('order-summary')).toContainText('Drive-Thru Visit');
  await shot(page, 'order-details');
  await page.getByRole('link', { name: 'Back To Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);

  // Only admin pages are followed back to; a missing order says so.
  await page.goto(`/admin/orders/${orderNumber}?returnUrl=https://evil.test/&returnText=Evil`);
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Evil' })).toHaveCount(0);
  await page.goto('/admin/orders/99999999');
  await expect(page.getByTestId('order-not-found')).toContainText('Order Not Found');

  // Export Orders to CSV.
  await page.goto('/admin/orders');
  const orders = await exportedCsv(page, page.getByRole('button', { name: 'Export Orders to CSV' }));
  expect(orders[0]).toBe('Order Number,Date,Business Name,Email,Brand,Total');
  expect(orders.some((l) => l.startsWith(`${orderNumber},`) && l.includes(CUSTOMER.email))).toBe(true);

  // Customers: the search applies on Search only.
  await nav.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  const customers = page.getByTestId('customer-row');
  await expect(customers.filter({ hasText: DEMO.customer.email })).toHaveCount(1);
  await page.getByLabel('Search by Customer Name').fill(FULL_NAME);
  await expect(customers.filter({ hasText: DEMO.customer.email })).toHaveCount(1);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(customers).toHaveCount(1);
  await expect(customers.first()).toContainText(CUSTOMER.email);
  await expect(customers.first()).toContainText(CUSTOMER.businessName);
  await page.getByLabel('Search by Business Name').fill('no such business');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('customers-empty')).toBeVisible();
  await page.getByLabel('Search by Business Name').fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(customers).toHaveCount(1);
  await shot(page, 'customers');

  // The customer's page: profile, brand, history and shops.
  await customers.first().getByRole('link', { name: FULL_NAME }).click();
  await expect(page.getByRole('heading', { name: FULL_NAME })).toBeVisible();
  const uid = page.url().split('/').pop() ?? '';
  await expect(page.getByTestId('customer-profile')).toContainText(CUSTOMER.email);
  await expect(page.getByRole('link', { name: 'View Reports' })).toHaveAttribute(
    'href',
    `/admin/reports/${uid}`,
  );

  const brand = page.getByRole('textbox', { name: 'Associated Brand' });
  await brand.click();
  const options = page.getByRole('option');
  await expect(options.filter({ hasText: 'Acme Enterprise Programs' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Small Business One' })).toHaveCount(0);
  await options.filter({ hasText: 'Acme Enterprise Programs' }).click();
  await page.getByRole('button', { name: 'Save Brand' }).click();
  await expect(page.getByText('Successfully associated user to brand')).toBeVisible();
  await page.reload();
  await expect(brand).toHaveValue('Acme Enterprise Programs');

  const history = page.getByRole('region', { name: 'Order History' });
  await expect(history.getByTestId('order-row')).toHaveCount(1);
  await expect(history.getByRole('button', { name: /Re-Order/ })).toHaveCount(0);
  const payments = page.getByRole('region', { name: 'Payment History' });
  await expect(payments.getByTestId('payment-row')).toHaveCount(1);
  const shops = page.getByRole('region', { name: 'Active Shops' });
  await expect(shops.getByTestId('active-shop').filter({ hasText: 'Drive-Thru Visit' })).toContainText(
    'per month',
  );
  await shot(page, 'customer');

  await history.getByRole('link', { name: String(orderNumber), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderNumber}\\?returnUrl=/admin/customers/`));
  await page.getByRole('link', { name: 'Back to Customer' }).click();
  await expect(page.getByRole('heading', { name: FULL_NAME })).toBeVisible();

  const invoiceId = (await payments.getByRole('link').first().textContent()) ?? '';
  await payments.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Invoice Details' })).toBeVisible();
  await expect(page.getByText(invoiceId, { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await shot(page, 'invoice');
  await page.getByRole('link', { name: 'Back to Customer' }).click();
  await expect(page.getByRole('heading', { name: FULL_NAME })).toBeVisible();
  // Opened directly, the invoice still leads back to its customer.
  await page.goto(`/admin/invoices/${encodeURIComponent(invoiceId)}`);
  await expect(page.getByRole('link', { name: 'Back to Customer' })).toHaveAttribute(
    'href',
    `/admin/customers/${uid}`,
  );
  await page.goBack();

  // Cancel the recurring shop, asked first.
  await shops.getByRole('button', { name: 'Cancel Shop' }).click();
  await expect(shops.getByText('Are You Sure?')).toBeVisible();
  await shops.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(shops.getByText('Are You Sure?')).toHaveCount(0);
  await shops.getByRole('button', { name: 'Cancel Shop' }).click();
  await shops
    .getByRole('group', { name: 'Cancel Shop' })
    .getByRole('button', { name: 'Cancel Shop' })
    .click();
  await expect(page.getByText('Successfully canceled.')).toBeVisible();
  await expect(shops.getByTestId('active-shop')).toHaveCount(0);
  await expect(shops.getByTestId('active-shops-empty')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  const customerCsv = await exportedCsv(page, page.getByRole('button', { name: 'Export Customers to CSV' }));
  expect(customerCsv[0]).toBe('Customer Name,Brand,Business Name,Email,Phone,Created');
  const line = customerCsv.find((l) => l.includes(CUSTOMER.email));
  expect(line).toContain(`${FULL_NAME},Acme Enterprise Programs,${CUSTOMER.businessName}`);

  await page.goto('/admin/customers/no-such-customer');
  await expect(page.getByTestId('customer-not-found')).toContainText('Customer Not Found');
  await expect(page.getByRole('link', { name: 'Back to Customers' })).toBeVisible();

  // On a phone the menu is behind the 'Admin' toggle.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/orders');
  await expect(page.getByTestId('admin-order-row').first()).toBeVisible();
  await shot(page, 'orders-phone');
  const toggle = page.getByRole('button', { name: 'Admin', exact: true });
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: 'Admin' });
  await expect(drawer.getByRole('link', { name: 'Forms' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  await page.waitForTimeout(400); // the drawer's slide-in, for the picture
  await shot(page, 'drawer-phone');
  await drawer.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('customer-row').first()).toBeVisible();
  await shot(page, 'customers-phone');
  // The admin pages themselves fit the phone (wide tables scroll inside their own box).
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth - main.clientWidth : 1;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await page.goto(`/admin/customers/${uid}`);
  await expect(page.getByRole('heading', { name: FULL_NAME })).toBeVisible();
  await expect(page.getByTestId('active-shops-empty')).toBeVisible();
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await shot(page, 'customer-phone');
});
