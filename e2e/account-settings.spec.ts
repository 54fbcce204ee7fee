import { expect } from '@playwright/test';
import { gql, loginThroughForm, test } from './support';

// Location Management and Communication Preferences, for a customer of this test's own.
const CUSTOMER = { email: `settings-${Date.now()}@example.test`, password: 'settings-pass-1' };

test('the customer edits and removes a saved location and changes e-mail preferences', async ({
  page,
  request,
}) => {
  const { register } = await gql<{ register: { token: string } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token } }',
    {
      i: {
        email: CUSTOMER.email,
        password: CUSTOMER.password,
        profile: {
          firstName: 'Sam',
          lastName: 'Settings',
          businessName: 'Settings Co',
          phone: '(512)-555-0177',
        },
      },
    },
  );
  const token = register.token;
  const { publishedIndustries } = await gql<{
    publishedIndustries: { questionnaires: { _id: string; type: string }[] }[];
  }>(request, '{ publishedIndustries { questionnaires { _id type } } }', {}, token);
  const shop = publishedIndustries.flatMap((i) => i.questionnaires).find((q) => q.type === 'mysteryShop')!;
  const { startOrder } = await gql<{ startOrder: { _id: string } }>(
    request,
    'mutation($q:[String!]!){ startOrder(qids:$q, serviceKeys:["mysteryShop"]){ _id } }',
    { q: [shop._id] },
    token,
  );
  await gql(
    request,
    'mutation($i:LocationInput!){ addLocation(input:$i){ _id } }',
    {
      i: {
        address: { formattedAddress: '700 Congress Ave, Austin, TX 78701' },
        name: 'Congress Store',
        oids: [startOrder._id],
      },
    },
    token,
  );

  await loginThroughForm(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);
  await page.getByRole('link', { name: 'Location Management' }).click();
  await expect(page).toHaveTitle('Location Management | Customer Optix');
  const row = page.getByTestId('account-location');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Congress Store');

  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByLabel('Zip Code')).toBeDisabled();
  await expect(
    page.getByText('Please add a new location to edit zip code or contact support for assistance'),
  ).toBeVisible();
  await page.getByLabel('Location Name').fill('Congress Flagship');
  await page.getByRole('button', { name: 'Save Location' }).click();
  await expect(page.getByText('Successfully saved your location')).toBeVisible();
  await expect(row).toContainText('Congress Flagship');
  await page.reload();
  await expect(page.getByTestId('account-location')).toContainText('Congress Flagship');

  await page.getByRole('button', { name: 'Remove Location' }).click();
  const confirm = page.getByRole('group', { name: 'Remove Location' });
  await expect(confirm).toContainText('Are You Sure?');
  await confirm.getByRole('button', { name: 'Remove Location' }).click();
  await expect(page.getByText('Successfully removed your location')).toBeVisible();
  await expect(page.getByTestId('account-location')).toHaveCount(0);

  await page.goto('/account/preferences');
  const news = page.getByRole('checkbox', { name: 'News and product announcements' });
  await expect(news).toBeChecked();
  await news.uncheck();
  await page.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Successfully saved your information')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'News and product announcements' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'A shop has been completed' })).toBeChecked();

  await page.goto('/account/shops');
  await expect(
    page.getByRole('heading', { name: 'All Shops (for the currently logged in user)' }),
  ).toBeVisible();
});
