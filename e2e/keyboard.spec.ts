import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support';

// A guest places a one-time mystery shop order from / to /thanks with the keyboard alone: Tab and
// Shift+Tab to move, Enter and Space to press, arrows to pick an address, typing to fill in. No
// click, no fill(). After each wizard step the focus is on the new step's heading.

const MAX_TABS = 120;

/** Presses Tab until `target` has the focus (it must be reachable by Tab). */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  await expect(target).toBeVisible();
  for (let i = 0; i < MAX_TABS; i++) {
    if (await target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      return;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} cannot be reached with ${key}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The new step's heading has the focus, so the next Tab starts on the new page. */
async function expectStep(page: Page, url: RegExp, heading: string | RegExp) {
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
}

test('a guest orders a mystery shop with the keyboard alone', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await expect(page).toHaveURL(/\/industry$/);

  // Get Started: Next, an industry, a questionnaire, Next.
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Restaurants', exact: true }));
  await page.keyboard.press('Enter');
  const questionnaire = page.getByRole('checkbox', { name: 'Dine-In Experience', exact: true });
  await tabTo(page, questionnaire);
  await page.keyboard.press('Space');
  await expect(questionnaire).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');

  await expectStep(page, /\/customize$/, 'Customize Your Questionnaires');
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');

  // Add Locations: type the address, pick the suggestion with the arrows, name it, add it.
  await expectStep(page, /\/locations$/, /Locations/);
  await typeInto(
    page,
    page.getByRole('textbox', { name: 'Location Address or Name' }),
    '500 Congress Ave, Austin, TX 78701',
  );
  await expect(page.getByRole('option', { name: '500 Congress Ave, Austin, TX 78701, USA' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await typeInto(page, page.getByLabel('Location Name'), 'Congress Avenue');
  await tabTo(page, page.getByRole('button', { name: 'Add Location' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Location added successfully.')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');

  // Frequency: tick the shop at the location.
  await expectStep(page, /\/frequency$/, /Frequency|How Often/i);
  const block = page.getByRole('region', { name: 'Location 1: Congress Avenue' });
  await tabTo(page, block.getByRole('checkbox', { name: 'Dine-In Experience at Congress Avenue' }));
  await page.keyboard.press('Space');
  await expect(block.getByTestId('shop-row').getByTestId('shop-price')).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.keyboard.press('Enter');

  // Checkout as a guest.
  await expectStep(page, /\/checkout$/, /Checkout/i);
  await typeInto(page, page.getByLabel('First Name'), 'Kay');
  await typeInto(page, page.getByLabel('Last Name'), 'Board');
  await typeInto(page, page.getByLabel('Business Name'), 'Board Holdings');
  await typeInto(page, page.getByLabel('Phone Number'), '7025550142');
  await typeInto(page, page.getByLabel('Email Address to Receive Reports'), `kay-${Date.now()}@example.test`);
  const guest = page.getByRole('checkbox', { name: 'Check out as a guest' });
  await tabTo(page, guest);
  await page.keyboard.press('Space');
  await expect(guest).toBeChecked();
  await typeInto(page, page.getByLabel('Card Number'), '4242424242424242');
  await typeInto(page, page.getByLabel('Expiration (MM/YY)'), '1234');
  await typeInto(page, page.getByLabel('CVC'), '123');
  const terms = page.getByRole('checkbox', { name: 'I have read and agree to the Terms & Conditions' });
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/thanks$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Thank You for Your Order' })).toBeFocused();
});
