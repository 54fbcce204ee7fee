import { expect, type Page } from '@playwright/test';
import { adminToken, DEMO, gql, placeOrderThroughApi, screenshot, test, visitCard } from './support';

// The shopboard as a new shopper walks it on a 390 px phone (issue 47): signs up with a home address,
// sees open visits nearest first with their distance and area (no street address), accepts one, and
// is refused a second visit at the same location by the questionnaire's rotation rule, with the reason.

const SHOTS = process.env.ADMIN_SHOTS_DIR ?? 'test-results';
const TITLE = 'Membership Tour';
const RULES = `mutation ($qid: String!, $input: ShopperRulesInput!) { saveQuestionnaireShopperRules(qid: $qid, input: $input) { qid } }`;

async function questionnaireId(request: Parameters<typeof gql>[0], token: string) {
  const { publishedIndustries } = await gql<{
    publishedIndustries: { questionnaires: { _id: string; title: string }[] }[];
  }>(request, '{ publishedIndustries { questionnaires { _id title } } }', {}, token);
  return publishedIndustries.flatMap((i) => i.questionnaires).find((q) => q.title === TITLE)!._id;
}

const distances = async (page: Page) =>
  (await page.getByTestId('visit-area').allInnerTexts()).map((t) => Number(/([\d.]+) mi/.exec(t)?.[1] ?? 0));

test('a new shopper signs up with an address, sees visits by distance, accepts one, is refused by rotation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const near = `Gym Near ${stamp}`;
  const far = `Gym Far ${stamp}`;
  const admin = await adminToken(request);
  const qid = await questionnaireId(request, admin);
  await gql(request, RULES, { qid, input: { locationGapDays: 30 } }, admin);
  try {
    const order = (name: string, line1: string, city: string, postalCode: string, shop = {}) =>
      placeOrderThroughApi(request, {
        email: DEMO.customer.email,
        password: DEMO.customer.password,
        title: TITLE,
        location: { name, address: { line1, city, state: 'TX', postalCode } },
        cardNumber: '4242424242424242',
        shop,
      });
    await order(near, '400 Lavaca St', 'Austin', '78701', { totalQuantity: 2 });
    await order(far, '200 E Main St', 'Round Rock', '78664');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/evaluator');
    const signup = page.getByTestId('shopper-signup');
    await signup.getByLabel('First Name').fill('Nia');
    await signup.getByLabel('Last Name').fill('Nearby');
    await signup.getByLabel('E-mail').fill(`nia-${stamp}@example.test`);
    await signup.getByLabel('Choose a password').fill('shopper-pass');
    await signup.getByLabel('Phone').fill('5125550142');
    await signup.getByLabel('Home street address').fill('1100 Congress Ave');
    await signup.getByLabel('City').fill('Austin');
    await signup.getByLabel('State').selectOption('TX');
    await signup.getByLabel('ZIP Code').fill('78701');
    await signup.getByRole('button', { name: 'Sign up as a shopper' }).click();
    await expect(page).toHaveURL(/\/evaluator\/visits$/, { timeout: 15_000 });

    // Nearest first: the distances only grow down the page; the area, never the street.
    const nearCard = await visitCard(page, near);
    await expect(nearCard).toContainText('Austin, TX');
    await expect(nearCard).not.toContainText('400 Lavaca');
    await expect(nearCard).toContainText(/about \d+ min/i);
    const shown = await distances(page);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    const farCard = await visitCard(page, far);
    await expect(farCard).toContainText('Round Rock, TX');
    const all = await distances(page);
    expect(all).toEqual([...all].sort((a, b) => a - b));
    await nearCard.scrollIntoViewIfNeeded();
    await screenshot(page, `${SHOTS}/shopboard-phone.png`);

    // Accept one visit at the near gym: its evaluation opens.
    await nearCard.getByRole('button', { name: 'Accept' }).click();
    await expect(page).toHaveURL(/\/evaluator\/evaluations\/[^/]+$/);

    // The other visit at the same gym: refused by the rotation rule, with the reason.
    await page.goto('/evaluator/visits');
    const second = await visitCard(page, near);
    await second.getByRole('button', { name: 'Accept' }).click();
    await expect(second.getByRole('alert')).toHaveText(
      'You visited this location today; this program allows one visit every 30 days.',
    );
    await expect(page).toHaveURL(/\/evaluator\/visits$/);
    await second.scrollIntoViewIfNeeded();
    await screenshot(page, `${SHOTS}/shopboard-rotation-phone.png`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  } finally {
    await gql(request, RULES, { qid, input: {} }, admin);
  }
});
