import { deflateSync } from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { DEMO, loginThroughForm, screenshot, test } from './support';

// The admin builds a brand storefront from nothing: a brand with its colours and logo, an industry and
// a mystery shop; a new visitor then orders it on the brand's entry path, and unpublishing the
// industry takes it off that storefront again.

const shot = (page: Page, name: string) =>
  screenshot(page, `test-results/admin-brands-${name}.png`, { fullPage: true });

/** CRC-32 of PNG chunks (the table-less bitwise form: small inputs only). */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG of the given size. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const headerBackground = (page: Page) =>
  page.locator('header').evaluate((el) => getComputedStyle(el).backgroundColor);

test('an admin builds a brand storefront that a visitor can order from', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const brandName = `Bakery Audits ${suffix}`;
  const entryPath = `bakery-${suffix}`;

  // The brand: type Entry Path, with its colours.
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/admin/questionnaires');
  await expect(page.getByRole('heading', { name: 'Select Brand' })).toBeVisible();
  await expect(page.getByTestId('brand-row').first()).toBeVisible();
  await page.getByRole('link', { name: 'Add Brand' }).click();

  await expect(page).toHaveURL(/\/admin\/brands\/add$/);
  await expect(page.getByText('can be uploaded once the brand has been saved')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(brandName);
  await page.getByRole('textbox', { name: 'Short Name' }).fill(`bakery${suffix}`);
  await page.getByRole('combobox', { name: 'Type' }).selectOption('ENTRY_PATH');
  await page.getByRole('textbox', { name: 'Entry Path' }).fill('login');
  await page.getByRole('textbox', { name: 'Primary Color' }).fill('#7b2cbf');
  await page.getByRole('textbox', { name: 'Secondary Color' }).fill('#3c096c');
  await page.getByRole('textbox', { name: 'Header Text Color' }).fill('#fff3b0');
  await expect(page.getByTestId('preview-header')).toHaveCSS('background-color', 'rgb(123, 44, 191)');
  await page.getByRole('button', { name: 'Add Brand' }).click();
  // The shared schema refuses an entry path that is a page of the app, on the field itself.
  await expect(page.getByText("Entry Path 'login' is a page of the app; choose another.")).toBeVisible();
  await page.getByRole('textbox', { name: 'Entry Path' }).fill(entryPath);
  await page.getByRole('button', { name: 'Add Brand' }).click();

  await expect(page.getByText('Successfully added Brand')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/brands\/edit\/[^/]+$/);
  const brandId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: `Edit Brand: ${brandName}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Primary Color' })).toHaveValue('#7b2cbf');

  // Images: a favicon must be square (checked in the browser), then a logo.
  await page.getByLabel('Favicon file').setInputFiles({
    name: 'wide.png',
    mimeType: 'image/png',
    buffer: png(64, 32, [255, 200, 0]),
  });
  await expect(
    page
      .getByTestId('brand-image-faviconUrl')
      .getByText('The Favicon must be square; this image is 64x32 pixels.'),
  ).toBeVisible();
  await page.getByLabel('Logo file').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(180, 60, [255, 243, 176]),
  });
  await expect(page.getByText('Successfully saved Brand').first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
    'src',
    new RegExp(`^/s3/uploads/brands/${brandId}/.+_logo\\.png$`),
  );
  await shot(page, 'edit');

  // The storefront at /{entryPath} wears the brand, for a visitor in a browser of their own.
  const visitorContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/${entryPath}`);
  await expect(visitor).toHaveURL(/\/industry$/);
  await expect(visitor).toHaveTitle(`Get Started | ${brandName}`);
  expect(await headerBackground(visitor)).toBe('rgb(123, 44, 191)');
  const logo = visitor.getByRole('img', { name: brandName });
  await expect(logo).toHaveAttribute('src', new RegExp(`/s3/uploads/brands/${brandId}/`));
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(180);
  await expect(visitor.getByText('No questionnaires are available yet')).toBeVisible();
  await shot(visitor, 'storefront');

  // An industry and a mystery shop in it.
  await page.goto('/admin/questionnaires');
  const row = page.getByTestId('brand-row').filter({ hasText: brandName });
  await expect(row).toContainText('Entry Path');
  await row.getByRole('link', { name: brandName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/questionnaires/${brandId}$`));
  await expect(page.getByRole('heading', { name: `${brandName} Questionnaires` })).toBeVisible();
  await page.getByRole('button', { name: 'Add Industry' }).click();
  await expect(page.getByText('Industry name is required.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Industry Name' }).fill('Bakeries');
  await page.getByRole('button', { name: 'Add Industry' }).click();
  await expect(page.getByText('Successfully added Industry')).toBeVisible();
  const industry = page.getByTestId('industry-item').filter({ hasText: 'Bakeries' });
  await industry.getByRole('link', { name: 'Add Questionnaire' }).click();

  await expect(page).toHaveURL(new RegExp(`/admin/questionnaires/${brandId}/new\\?industryId=`));
  await expect(page.getByRole('combobox', { name: 'Industry' })).toHaveValue(/.+/);
  await page.getByRole('textbox', { name: 'Title' }).fill('Counter Service Visit');
  await expect(page.getByRole('radio', { name: 'Mystery Shop' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Cost', exact: true }).fill('80');
  await page.getByRole('textbox', { name: 'Minimum Reimbursement' }).fill('20');
  await page.getByRole('checkbox', { name: 'Show Reimbursement' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Must show reimbursement when minimum reimbursement is greater than 0.'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show Reimbursement' }).check();
  await shot(page, 'questionnaire');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully saved Questionnaire')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/questionnaires/${brandId}\\?industry=`));
  const questionnaireRow = industry.getByTestId('questionnaire-row');
  await expect(questionnaireRow).toContainText('Counter Service Visit');
  await expect(questionnaireRow).toContainText('Shop');

  // Publish: industries start published; unpublish and publish again, as the admin would.
  await industry.getByRole('button', { name: 'Unpublish' }).click();
  await expect(industry.getByText('Unpublished', { exact: true })).toBeVisible();
  await industry.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(industry.getByText('Unpublished', { exact: true })).toHaveCount(0);
  await shot(page, 'manage');

  // The visitor orders it: Get Started, Customize, Locations, Frequency, Checkout, Thanks.
  await visitor.goto('/industry');
  await expect(visitor).toHaveTitle(`Get Started | ${brandName}`);
  await visitor.getByRole('checkbox', { name: 'Counter Service Visit', exact: true }).check();
  await visitor.getByRole('button', { name: 'Next' }).click();
  await expect(visitor).toHaveURL(/\/customize$/);
  await visitor.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(visitor).toHaveURL(/\/locations$/);
  const address = '500 Congress Ave, Austin, TX 78701';
  await visitor.getByRole('textbox', { name: 'Location Address or Name' }).fill(address);
  await visitor.getByRole('option', { name: `${address}, USA` }).click();
  await visitor.getByLabel('Location Name').fill('Congress Bakery');
  await visitor.getByRole('button', { name: 'Add Location' }).click();
  await expect(visitor.getByText('Location added successfully.')).toBeVisible();
  await visitor.getByRole('button', { name: 'Next' }).click();

  await expect(visitor).toHaveURL(/\/frequency$/);
  const block = visitor.getByRole('region', { name: 'Location 1: Congress Bakery' });
  // A click: the only questionnaire's checkbox goes away once its shop exists.
  await block.getByRole('checkbox', { name: 'Counter Service Visit at Congress Bakery' }).click();
  // $80 cost + $20 minimum reimbursement, one shop.
  await expect(block.getByTestId('shop-price')).toHaveText('$100.00');
  await visitor.getByRole('button', { name: 'Next' }).click();

  await expect(visitor).toHaveURL(/\/checkout$/);
  await expect(visitor.getByTestId('order-total-value')).toHaveText('$100.00');
  await visitor.getByLabel('First Name').fill('Bea');
  await visitor.getByLabel('Last Name').fill('Baker');
  await visitor.getByLabel('Business Name').fill('Baker Holdings');
  await visitor.getByLabel('Phone Number').fill('5125550142');
  await visitor.getByLabel('Email Address to Receive Reports').fill(`bea-${suffix}@example.test`);
  await visitor.getByRole('checkbox', { name: 'Check out as a guest' }).check();
  await visitor.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await visitor.getByLabel('Expiration (MM/YY)').fill('12/34');
  await visitor.getByLabel('CVC').fill('123');
  await visitor.getByRole('checkbox', { name: 'I have read and agree to the Terms & Conditions' }).check();
  await visitor.getByRole('button', { name: 'Place Order' }).click();
  await expect(visitor).toHaveURL(/\/thanks$/, { timeout: 15_000 });
  await expect(visitor.getByRole('heading', { name: 'Thank You for Your Order' })).toBeVisible();
  expect(await headerBackground(visitor)).toBe('rgb(123, 44, 191)');

  // Unpublished, the industry leaves the storefront's Get Started page.
  await industry.getByRole('button', { name: 'Unpublish' }).click();
  await expect(industry.getByText('Unpublished', { exact: true })).toBeVisible();
  await visitor.goto('/industry');
  await expect(visitor).toHaveTitle(`Get Started | ${brandName}`);
  await expect(visitor.getByText('No questionnaires are available yet')).toBeVisible();
  await expect(visitor.getByText('Counter Service Visit')).toHaveCount(0);

  // The brand now has an order, so the server refuses to remove it, and says why.
  await page.goto(`/admin/brands/edit/${brandId}`);
  await page.getByRole('button', { name: 'Remove Brand' }).click();
  await page
    .getByRole('group', { name: 'Remove Brand' })
    .getByRole('button', { name: 'Remove Brand' })
    .click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'has customers or orders, so it cannot be removed' }).first(),
  ).toBeVisible();
  await visitorContext.close();
});
