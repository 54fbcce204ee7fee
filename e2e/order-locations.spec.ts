import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { formatMoney, minimumStartDate, shopInitialDue, toDateKey } from '../src/domain';
import { gql, screenshot, test } from './support';

type Industry = { title: string; questionnaires: { _id: string; title: string; type: string }[] };

/** A cart with the given Restaurants questionnaires, started through the API and opened in the browser. */
async function startOrder(request: APIRequestContext, context: BrowserContext, titles: string[]) {
  const { publishedIndustries } = await gql<{ publishedIndustries: Industry[] }>(
    request,
    '{ publishedIndustries { title questionnaires { _id title type } } }',
  );
  const restaurants = publishedIndustries.find((i) => i.title === 'Restaurants')!;
  const qids = restaurants.questionnaires.filter((q) => titles.includes(q.title)).map((q) => q._id);
  const { startOrder } = await gql<{ startOrder: { _id: string } }>(
    request,
    'mutation($qids: [String!]!) { startOrder(qids: $qids, serviceKeys: ["mysteryShop"]) { _id } }',
    { qids },
  );
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: 'orderId', value: startOrder._id, url },
    {
      name: 'orderServices',
      value: encodeURIComponent(JSON.stringify({ oid: startOrder._id, services: ['mysteryShop'] })),
      url,
    },
  ]);
  return startOrder._id;
}

async function addLocation(request: APIRequestContext, oid: string, name: string, line: string) {
  await gql(request, 'mutation($input: LocationInput!) { addLocation(input: $input) { _id } }', {
    input: { name, address: { formattedAddress: line }, oids: [oid] },
  });
}

const addressBox = (page: Page) => page.getByRole('textbox', { name: 'Location Address or Name' });

test('a visitor without questionnaires is sent to get started', async ({ page }) => {
  await page.goto('/locations');
  await expect(
    page.getByText('You have not selected any questionnaires yet, please begin the order process.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/industry');
});

test('adds a location with an address, edits it and removes it with the confirm', async ({
  page,
  context,
  request,
}) => {
  await startOrder(request, context, ['Dine-In Experience']);
  await page.goto('/locations');
  await expect(page.getByRole('heading', { name: 'Add Locations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In to Use Saved Locations' })).toHaveAttribute(
    'href',
    '/login?redirect=/locations',
  );
  await expect(page.getByRole('link', { name: 'Add Locations In Bulk' })).toHaveAttribute(
    'href',
    '/locations/bulk',
  );
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Add Location' }).click();
  await expect(page.getByText('Location Address is required.')).toBeVisible();

  await addressBox(page).fill('1 Main St, Austin, TX 78701');
  await page.getByRole('option', { name: '1 Main St, Austin, TX 78701, USA' }).click();
  await expect(page.getByLabel('Location Name')).toHaveValue('1');
  await page.getByLabel('Website').fill('https://austin.example.test');
  await page.getByLabel('Phone').fill('5125550199');
  await expect(page.getByLabel('Phone')).toHaveValue('(512)-555-0199');
  await page.getByRole('button', { name: 'Add Location' }).click();
  await expect(page.getByText('Location added successfully.')).toBeVisible();

  const row = page.getByTestId('location-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('1 Main St, Austin, TX 78701, USA');
  await expect(row).toContainText('(512)-555-0199');
  await expect(page.getByLabel('Location Name')).toHaveValue('2');
  await expect(addressBox(page)).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
  await screenshot(page, 'test-results/locations-added.png', { fullPage: true });

  await page.getByRole('button', { name: 'Edit 1' }).click();
  const edit = page.getByTestId('location-table');
  await edit.getByLabel('Location Name').fill('Downtown Austin');
  await edit.getByRole('button', { name: 'Save Location' }).click();
  await expect(row).toContainText('Downtown Austin');
  await expect(edit.getByRole('button', { name: 'Save Location' })).toHaveCount(0);

  await row.getByRole('button', { name: 'Remove Location' }).click();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Remove Location' }).click();
  await row.getByRole('button', { name: 'Yes, Remove' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No locations on this order yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('bulk: validates pasted lines, reports the bad one and adds the good ones', async ({
  page,
  context,
  request,
}) => {
  await startOrder(request, context, ['Dine-In Experience']);
  await page.goto('/locations/bulk');
  await expect(page.getByRole('button', { name: 'Validate Addresses' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add Locations To Order' })).toBeDisabled();

  await page
    .getByLabel('Addresses')
    .fill('1 Main St,\tAustin, TX 78701\nnot an address at all\n500  Elm St, Dallas, TX 75201\n\nx');
  await page.getByRole('button', { name: 'Validate Addresses' }).click();
  await expect(page.getByText('Error validating not an address at all')).toBeVisible();
  await expect(page.getByText('Error validating not an address at all')).toHaveCSS(
    'color',
    'rgb(189, 39, 39)', // the theme's red as text (#bd2727: 6.0:1 on white, 4.5:1 on its tint over gray.2)
  );
  const rows = page.getByTestId('bulk-row');
  await expect(rows).toHaveCount(3);
  await expect(page.locator('[data-testid="bulk-row"][data-status="validated"]')).toHaveCount(2);
  await expect(page.getByLabel('Location Name, row 1')).toHaveValue('1');
  await expect(page.getByLabel('Location Name, row 3')).toHaveValue('3');
  await expect(rows.nth(2)).toContainText('500 Elm St, Dallas, TX 75201, USA');
  await screenshot(page, 'test-results/bulk-validated.png', { fullPage: true });

  await page.getByLabel('Location Name, row 3').fill('');
  await page.getByRole('button', { name: 'Add Locations To Order' }).click();
  await expect(page.getByText('All locations must have a Location Name')).toBeVisible();
  await page.getByLabel('Location Name, row 3').fill('Dallas');
  await page.getByRole('button', { name: 'Add Locations To Order' }).click();

  await expect(page).toHaveURL(/\/locations$/);
  const table = page.getByTestId('location-row');
  await expect(table).toHaveCount(2);
  await expect(table.nth(0)).toContainText('1 Main St, Austin, TX 78701, USA');
  await expect(table.nth(1)).toContainText('Dallas');
});

test('frequency: autosaved shop settings, Nevada pricing and copying to all locations', async ({
  page,
  context,
  request,
}) => {
  const oid = await startOrder(request, context, ['Dine-In Experience']);
  await addLocation(request, oid, 'Austin', '1 Main St, Austin, TX 78701');
  await addLocation(request, oid, 'Reno', '2 Virginia St, Reno, NV 89501');
  await page.goto('/frequency');
  await expect(page.getByRole('heading', { name: 'Specify Frequency' })).toBeVisible();
  const austin = page.getByRole('region', { name: 'Location 1: Austin' });
  const reno = page.getByRole('region', { name: 'Location 2: Reno' });
  const total = page.getByTestId('order-total');
  await expect(total).toHaveText('$0.00');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(reno.getByText('USE THESE ORDER DETAILS FOR ALL LOCATIONS')).toHaveCount(0);

  // Dine-In Experience: $95.00 per shop plus the $25.00 minimum reimbursement.
  // A click: the only questionnaire's checkbox goes away once its shop exists (see tickShop).
  await austin.getByRole('checkbox', { name: 'Dine-In Experience at Austin' }).click();
  await expect(austin.getByTestId('shop-price')).toHaveText('$120.00');
  await expect(total).toHaveText('$120.00');
  await expect(austin.getByText('Fee $95.00/shop')).toBeVisible();

  await austin.getByText('Recurring', { exact: true }).click();
  await austin.getByRole('textbox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: 'per week' }).click();
  await austin.getByLabel('Number of Shops').fill('2');

  const today = new Date();
  const weekly = {
    qid: 'q',
    questionnaireType: 'mysteryShop' as const,
    recurring: true,
    cost: 9500,
    reimbursement: 2500,
    totalQuantity: 1,
    frequencyQuantity: 2,
    frequencyPeriod: 'week' as const,
    startDate: toDateKey(minimumStartDate(false, today)),
  };
  const austinWeekly = formatMoney(shopInitialDue(weekly, 'TX', today));
  await expect(austin.getByTestId('shop-price')).toHaveText(austinWeekly);
  await expect(total).toHaveText(austinWeekly);

  // The same shop in Nevada costs 1.5 times as much.
  await reno.getByRole('checkbox', { name: 'Dine-In Experience at Reno' }).click();
  await expect(reno.getByTestId('shop-price')).toHaveText('$180.00');

  await austin.getByRole('checkbox', { name: 'USE THESE ORDER DETAILS FOR ALL LOCATIONS' }).check();
  await expect(reno.getByTestId('shop-price')).toHaveText(formatMoney(shopInitialDue(weekly, 'NV', today)));
  await expect(reno.getByLabel('Number of Shops')).toHaveValue('2');
  await expect(reno.getByRole('textbox', { name: 'Frequency' })).toHaveValue('per week');
  await screenshot(page, 'test-results/frequency-copied.png', { fullPage: true });

  await page.reload();
  await expect(reno.getByLabel('Number of Shops')).toHaveValue('2');
  await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled();
});
