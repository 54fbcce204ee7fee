import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { shops } from '../db/schema.js';
import type { TestHarness } from '../test/harness.js';
import {
  addLocation,
  type Catalogue,
  CHECKOUT,
  cardToken,
  customer,
  saveShop,
  startCart,
} from '../test/order-wizard.js';

/** Test pieces shared by the account-area suites. */

export const ME = `query { currentUser { _id email
  profile { firstName lastName businessName phone additionalEmails }
  emailPreferences { receiveMarketing receiveShopScheduled receiveShopQA receiveShopComplete receiveSurveyComplete receiveAsDigest }
  paymentCard { brand last4 expireMonth expireYear } } }`;

/** Two customers and an admin, each with a session token. */
export async function people(t: TestHarness) {
  const alice = await customer(t, { email: 'alice@example.test', firstName: 'Alice' });
  const bob = await customer(t, { email: 'bob@example.test', firstName: 'Bob' });
  const admin = await customer(t, { email: 'admin@example.test', admin: true });
  return { alice, bob, admin };
}

/**
 * A placed order of the customer's with a recurring mystery shop (2 a month, $30 reimbursement) and
 * a monthly survey at one Texas location. Both shops are made billable next month (paid through Jan 2020).
 */
export async function placedRecurringOrder(
  t: TestHarness,
  c: Catalogue,
  token: string,
  opts: { address?: string; name?: string } = {},
) {
  const cart = await startCart(t, [c.shop.id, c.survey.id], { token });
  const locationId = await addLocation(t, cart.oid, { token, ...opts });
  const shop = await saveShop(
    t,
    {
      oid: cart.oid,
      locationId,
      uqid: cart.uqid(c.shop.id),
      recurring: true,
      frequencyPeriod: 'month',
      frequencyQuantity: 2,
      reimbursement: 3000,
    },
    { token },
  );
  const survey = await saveShop(t, { oid: cart.oid, locationId, uqid: cart.uqid(c.survey.id) }, { token });
  const res = await t.gql(
    CHECKOUT,
    {
      oid: cart.oid,
      input: { paymentCardValid: true, cancellationPolcy: true, stripeToken: await cardToken(t) },
    },
    { token },
  );
  expect(res.errors).toBeUndefined();
  for (const id of [shop._id, survey._id]) {
    await t.db
      .update(shops)
      .set({ startDate: '2020-01-01', paidThrough: '2020-01-31' })
      .where(eq(shops.id, id));
  }
  return { oid: cart.oid, locationId, shopId: shop._id, surveyShopId: survey._id, uqid: cart.uqid };
}
