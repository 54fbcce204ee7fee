import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { gql, loginThroughForm, saveShopThroughApi, screenshot, test } from './support';

// The customer's account area as the demo customer walks it: the dashboard and history with Load
// More, the profile, the card, a recurring shop edited and cancelled, an invoice, and a re-order that
// goes through checkout again. Orders are placed through the API beforehand (the wizard has its own
// journeys); everything after that is the real screens.

const shot = (page: Page, name: string) =>
  screenshot(page, `test-results/account-${name}.png`, { fullPage: true });

type Questionnaire = { _id: string; title: string; type: string; minimumReimbursement: number };

/**
 * A customer of this test's own, so the journey neither depends on nor changes the demo customer that
 * other journeys use (the suite shares one database).
 */
const CUSTOMER = { email: `account-${Date.now()}@example.test`, password: 'account-pass-1' };

async function customerToken(request: APIRequestContext): Promise<string> {
  const { register } = await gql<{ register: { token: string } }>(
    request,
    'mutation($i:RegisterInput!){ register(input:$i){ token } }',
    {
      i: {
        email: CUSTOMER.email,
        password: CUSTOMER.password,
        profile: {
          firstName: 'Casey',
          lastName: 'Customer',
          businessName: 'Casey Kitchens',
          phone: '(512)-555-0142',
        },
      },
    },
  );
  return register.token;
}

/** Places an order for the test's customer at a new location; returns its number. */
async function placeOrder(
  request: APIRequestContext,
  token: string,
  options: { questionnaires: Questionnaire[]; recurring: boolean; location: string; card?: string },
): Promise<number> {
  const surveys = options.questionnaires.some((q) => q.type === 'customerSurvey');
  const { startOrder } = await gql<{
    startOrder: { _id: string; userQuestionnaires: { _id: string; qid: string }[] };
  }>(
    request,
    'mutation($qids:[String!]!,$s:[String!]){ startOrder(qids:$qids, serviceKeys:$s){ _id userQuestionnaires { _id qid } } }',
    {
      qids: options.questionnaires.map((q) => q._id),
      s: surveys ? ['mysteryShop', 'customerSurvey'] : ['mysteryShop'],
    },
    token,
  );
  const oid = startOrder._id;
  const { addLocation } = await gql<{ addLocation: { _id: string } }>(
    request,
    'mutation($input: LocationInput!){ addLocation(input:$input){ _id } }',
    {
      input: {
        name: options.location,
        address: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
        oids: [oid],
      },
    },
    token,
  );
  for (const uq of startOrder.userQuestionnaires) {
    const q = options.questionnaires.find((x) => x._id === uq.qid);
    if (!q) throw new Error('unexpected questionnaire');
    await saveShopThroughApi(request, { oid, locationId: addLocation._id, q, uqid: uq._id }, token, {
      recurring: options.recurring,
      frequencyQuantity: 2,
      frequencyPeriod: 'week',
    });
  }
  let stripeToken: string | undefined;
  if (options.card) {
    const { tokenizeTestCard } = await gql<{ tokenizeTestCard: { token: string } }>(
      request,
      'mutation($input: TestCardInput!){ tokenizeTestCard(input:$input){ token } }',
      { input: { number: options.card, expireMonth: 12, expireYear: 2034, cvc: '123' } },
      token,
    );
    stripeToken = tokenizeTestCard.token;
  }
  const { checkout } = await gql<{ checkout: { orderNumber: number } }>(
    request,
    'mutation($oid:String!,$input: CheckoutInput!){ checkout(oid:$oid, input:$input){ orderNumber } }',
    { oid, input: { paymentCardValid: true, cancellationPolcy: true, stripeToken } },
    token,
  );
  return checkout.orderNumber;
}

/** A recurring Drive-Thru Visit plus a survey, then 11 one-time orders: 12 orders and 12 invoices. */
async function giveCustomerHistory(request: APIRequestContext) {
  const token = await customerToken(request);
  const { publishedIndustries } = await gql<{ publishedIndustries: { questionnaires: Questionnaire[] }[] }>(
    request,
    '{ publishedIndustries { questionnaires { _id title type minimumReimbursement } } }',
    {},
    token,
  );
  const all = publishedIndustries.flatMap((i) => i.questionnaires);
  const shop = all.find((q) => q.title === 'Drive-Thru Visit');
  const survey = all.find((q) => q.title === 'Restaurant Guest Survey');
  if (!shop || !survey) throw new Error('demo catalogue changed');
  const recurringLocation = `Recurring Riverside ${Date.now()}`;
  const recurringOrder = await placeOrder(request, token, {
    questionnaires: [shop, survey],
    recurring: true,
    location: recurringLocation,
    card: '4242424242424242',
  });
  for (let i = 0; i < 11; i++) {
    await placeOrder(request, token, { questionnaires: [shop], recurring: false, location: `One-Time ${i}` });
  }
  return { recurringOrder, recurringLocation };
}

test('the customer manages their account, history, recurring shops and re-orders', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { recurringOrder, recurringLocation } = await giveCustomerHistory(request);

  await loginThroughForm(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page).toHaveURL(/\/account\/dashboard$/);

  // Dashboard: 10 orders, then Load More.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start New Order' })).toHaveAttribute('href', '/new-order');
  await expect(page.getByText('Click on an Order Number to view details and/or re-order.')).toBeVisible();
  await expect(page.getByText('Your current cart will be cleared')).toBeVisible();
  const orderRows = page.getByTestId('order-row');
  await expect(orderRows).toHaveCount(10);
  const newestBefore = Number(await orderRows.first().getByRole('link').textContent());
  await shot(page, 'dashboard');
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(orderRows).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);

  // Account Information: edit the profile.
  await page.getByRole('link', { name: 'Account Information' }).click();
  await expect(page).toHaveURL(/\/account\/info$/);
  await page.getByLabel('Business Name').fill('Casey Kitchens International');
  await page.getByLabel('Additional Emails to Receive Reports').fill('ops@example.test, gm@example.test');
  await page.getByRole('button', { name: 'Save Info' }).click();
  await expect(page.getByText('Successfully saved your information')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Business Name')).toHaveValue('Casey Kitchens International');
  await expect(page.getByLabel('Additional Emails to Receive Reports')).toHaveValue(
    'ops@example.test, gm@example.test',
  );
  await page.getByLabel('Additional Emails to Receive Reports').fill('not-an-email');
  await page.getByRole('button', { name: 'Save Info' }).click();
  await expect(page.getByText(/"not-an-email" is not a valid email address/)).toBeVisible();
  await page.reload();

  // Billing: replace the Visa on file with a MasterCard.
  const card = page.getByTestId('current-card');
  await expect(card).toContainText('Visa');
  await expect(card).toContainText('4242');
  await expect(card).toContainText('12 / 2034');
  const replace = page.getByRole('button', { name: 'Replace Card' });
  await expect(replace).toBeDisabled();
  await page.getByLabel('Card Number').fill('5555 5555 5555 4444');
  await page.getByLabel('Expiration (MM/YY)').fill('11/33');
  await expect(replace).toBeDisabled();
  await page.getByLabel('CVC').fill('123');
  await expect(replace).toBeEnabled();
  await replace.click();
  await expect(page.getByText('Successfully saved your card info')).toBeVisible();
  await expect(card).toContainText('MasterCard');
  await expect(card).toContainText('4444');
  await expect(card).toContainText('11 / 2033');
  await expect(page.getByLabel('Card Number')).toHaveValue('');
  await shot(page, 'info');

  // Recurring Orders: edit, then cancel the recurring mystery shop.
  await page.getByRole('link', { name: 'Recurring Orders' }).click();
  await expect(page.getByTestId('next-billing')).toContainText('Next Billing Period');
  const location = page.getByRole('region', { name: recurringLocation });
  const shopRow = location.getByTestId('active-shop').filter({ hasText: 'Drive-Thru Visit' });
  await expect(shopRow).toContainText('$65.00 / Shop');
  await expect(
    location.getByTestId('active-shop').filter({ hasText: 'Restaurant Guest Survey' }),
  ).toContainText('/ Month');
  await expect(location.getByTestId('effective-note')).toContainText('Changes do not take effect until');
  const quantity = location.getByRole('textbox', { name: 'Number of Shops, Drive-Thru Visit' });
  await expect(quantity).toHaveValue('2');
  await quantity.fill('3');
  const reimbursement = location.getByRole('textbox', {
    name: 'Shopper Reimbursement per Shop, Drive-Thru Visit',
  });
  // Typed as a person types: the $ prefix and .00 suffix stay in place.
  await reimbursement.click();
  await reimbursement.press('ControlOrMeta+a');
  await reimbursement.pressSequentially('20');
  await expect(reimbursement).toHaveValue('$20.00');
  await location.getByRole('button', { name: 'Save Drive-Thru Visit' }).click();
  await expect(page.getByText('Successfully saved your shop settings.')).toBeVisible();
  await page.reload();
  await expect(quantity).toHaveValue('3');
  await expect(reimbursement).toHaveValue('$20.00');
  await shot(page, 'active-shops');

  const shopActions = location.getByRole('row').filter({ has: page.getByRole('button', { name: /^Save/ }) });
  await shopActions.getByRole('button', { name: 'Cancel Shop' }).click();
  await expect(shopActions.getByText('Are You Sure?')).toBeVisible();
  // The question takes the focus on its safe answer; Escape closes it and gives the focus back.
  await expect(shopActions.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(shopActions.getByText('Are You Sure?')).toHaveCount(0);
  await expect(shopActions.getByRole('button', { name: 'Cancel Shop' })).toBeFocused();
  await shopActions.getByRole('button', { name: 'Cancel Shop' }).click();
  await shopActions.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(shopActions.getByText('Are You Sure?')).toHaveCount(0);
  await shopActions.getByRole('button', { name: 'Cancel Shop' }).click();
  await shopActions.getByRole('button', { name: 'Cancel Shop' }).click();
  await expect(page.getByText('Successfully canceled.')).toBeVisible();
  await expect(location.getByTestId('active-shop').filter({ hasText: 'Drive-Thru Visit' })).toHaveCount(0);
  await expect(
    location.getByTestId('active-shop').filter({ hasText: 'Restaurant Guest Survey' }),
  ).toHaveCount(1);

  // Order and payment history, paged; an invoice.
  await page.getByRole('link', { name: 'History / Reorder' }).click();
  await expect(page).toHaveURL(/\/account\/order-history$/);
  await expect(page.getByTestId('order-row')).toHaveCount(10);
  const payments = page.getByTestId('payment-row');
  await expect(payments).toHaveCount(10);
  await expect(payments.first().getByTestId('invoice-status')).toHaveText('Paid');
  await page.getByRole('button', { name: 'Load More' }).nth(1).click();
  await expect(payments).toHaveCount(12);
  await shot(page, 'order-history');
  const invoiceId = (await payments.first().getByRole('link').textContent()) ?? '';
  await payments.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/account\/invoices\//);
  await expect(page.getByRole('heading', { name: 'Invoice Details' })).toBeVisible();
  await expect(page.getByText(invoiceId, { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByTestId('invoice-lines').getByRole('row')).not.toHaveCount(0);
  await expect(page.getByTestId('payment-problem')).toHaveCount(0);
  await shot(page, 'invoice');
  await page.getByRole('link', { name: 'Back to Payment History' }).click();
  await expect(page).toHaveURL(/\/account\/order-history$/);
  // Opened directly, there is no return button.
  await page.goto(`/account/invoices/${encodeURIComponent(invoiceId)}`);
  await expect(page.getByTestId('invoice-status')).toHaveText('Paid');
  await expect(page.getByRole('link', { name: /^(Return|Back to Payment History)$/ })).toHaveCount(0);

  // Order details, then re-order the recurring order and pay for it again.
  await page.goto('/account/orders/999999');
  await expect(page.getByTestId('order-not-found')).toContainText('Order Not Found');
  await page.goto('/account/dashboard');
  await page.getByRole('button', { name: 'Load More' }).click();
  await page.getByRole('link', { name: String(recurringOrder), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${recurringOrder}$`));
  await expect(page.getByRole('heading', { name: `Order #${recurringOrder}` })).toBeVisible();
  await expect(page.getByTestId('order-facts')).toContainText('Casey Kitchens International');
  await expect(page.getByTestId('order-summary')).toContainText('Drive-Thru Visit');
  await expect(page.getByTestId('order-summary')).toContainText('Restaurant Guest Survey');
  await expect(page.getByRole('link', { name: 'Back to Order History' })).toBeVisible();
  await shot(page, 'order-details');
  await page.getByRole('button', { name: 'Re-Order' }).click();

  await expect(page).toHaveURL(/\/checkout$/, { timeout: 15_000 });
  const summary = page.getByTestId('order-summary');
  await expect(summary).toContainText(recurringLocation);
  await expect(summary).toContainText('Drive-Thru Visit');
  await expect(summary).toContainText('Restaurant Guest Survey');
  await expect(page.getByTestId('card-on-file')).toContainText('MasterCard ending in 4444');
  await page.getByRole('checkbox', { name: 'I have read and agree to the Terms & Conditions' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/thanks$/, { timeout: 15_000 });
  await page.goto('/account/dashboard');
  const newestAfter = Number(await page.getByTestId('order-row').first().getByRole('link').textContent());
  expect(newestAfter).toBeGreaterThan(newestBefore);
});
