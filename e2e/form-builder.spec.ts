import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO, loginThroughForm, screenshot, test } from './support';

// The form builder as an admin walks it: a new form with a choice question, a follow-up shown only
// for one option, and a number question with score ranges; saved, tried in entry mode (the
// follow-up appears, disappears and loses its answer), scored in report mode, inspected in debug
// mode, and published as version 1. Screenshots at desktop and phone width go to /tmp/shots/.

const SHOTS = '/tmp/shots';
const shot = (page: Page, name: string) =>
  screenshot(page, `${SHOTS}/form-builder-${name}.png`, { fullPage: true });

const card = (page: Page, n: number) => page.getByTestId('element-card').nth(n);

/** Picks an option of a Mantine Select (opened by its label). */
async function pick(scope: Page | Locator, page: Page, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addQuestion(page: Page, type: string) {
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('menuitem', { name: type, exact: true }).click();
}

const mode = (page: Page, name: string) => page.getByText(name, { exact: true }).click();

test('an admin builds, tries, scores and publishes a form', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByTestId('header-user')).toBeVisible();

  // The list, and New Form.
  await page.goto('/admin/forms');
  await expect(page.getByRole('heading', { name: 'Forms' })).toBeVisible();
  await expect(page.getByTestId('form-row').first()).toBeVisible(); // the demo forms
  await shot(page, 'list');
  const name = `Journey Visit ${Date.now()}`;
  // The dialog takes the focus, keeps Tab inside, and gives the focus back when it closes.
  const newForm = page.getByRole('button', { name: 'New Form' });
  await newForm.click();
  const dialog = page.getByRole('dialog', { name: 'New Form' });
  await expect(page.getByLabel('Form name')).toBeFocused();
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(newForm).toBeFocused();
  await newForm.click();
  await page.getByLabel('Form name').fill(name);
  await page.getByRole('button', { name: 'Create form' }).click();
  await expect(page).toHaveURL(/\/admin\/forms\/[^/]+$/);
  // Its heading is out of sight but read first: the focus moves to it as on every new page.
  await expect(page.getByRole('heading', { level: 1, name: `Form builder: ${name}` })).toBeFocused();
  await expect(page.getByRole('textbox', { name: 'Form name' })).toHaveValue(name);
  await expect(page.getByLabel('Section 1 name')).toHaveValue('Default Section');
  await expect(page.getByTestId('published-version')).toHaveText('Draft only');

  // Q1: a required choice question.
  await addQuestion(page, 'Choice');
  const q1 = card(page, 0);
  await q1
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Were you greeted within 30 seconds?');
  await q1.getByRole('textbox', { name: 'Option 1 text', exact: true }).fill('Yes');
  await q1.getByRole('textbox', { name: 'Option 1 score', exact: true }).fill('10');
  await q1.getByRole('textbox', { name: 'Option 2 text', exact: true }).fill('No');
  await q1.getByRole('tab', { name: 'Logic' }).click();
  await pick(q1, page, 'Required when', 'Always');
  await expect(q1.getByTestId('element-flags')).toContainText('Required');

  // Q2: a follow-up shown only when Q1 is answered No.
  await addQuestion(page, 'Narrative');
  const q2 = card(page, 1);
  await q2.getByRole('textbox', { name: 'Question', exact: true }).fill('What were the staff doing instead?');
  await q2.getByRole('tab', { name: 'Logic' }).click();
  await pick(q2, page, 'Visible when', 'When all conditions hold');
  await expect(q2.getByRole('textbox', { name: 'Condition 1 question' })).toHaveValue(
    'Q1 “Were you greeted within 30 seconds?”',
  );
  await pick(q2, page, 'Condition 1 value', 'No');
  await expect(q2.getByTestId('element-flags')).toContainText('Conditional');

  // Q3: a number from 1 to 10 with score ranges.
  await addQuestion(page, 'Number');
  const q3 = card(page, 2);
  await q3
    .getByRole('textbox', { name: 'Question', exact: true })
    .fill('Rate the store’s cleanliness from 1 to 10');
  await q3.getByRole('textbox', { name: 'Minimum', exact: true }).fill('1');
  await q3.getByRole('textbox', { name: 'Maximum', exact: true }).fill('10');
  await q3.getByRole('button', { name: 'Add score range' }).click();
  await q3.getByRole('textbox', { name: 'Range 1 from', exact: true }).fill('1');
  await q3.getByRole('textbox', { name: 'Range 1 to', exact: true }).fill('5');
  await q3.getByRole('textbox', { name: 'Range 1 score', exact: true }).fill('0');
  await q3.getByRole('button', { name: 'Add score range' }).click();
  await q3.getByRole('textbox', { name: 'Range 2 from', exact: true }).fill('6');
  await q3.getByRole('textbox', { name: 'Range 2 to', exact: true }).fill('10');
  await q3.getByRole('textbox', { name: 'Range 2 score', exact: true }).fill('10');
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  await shot(page, 'content');

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved');

  // Entry mode: the engine numbers, validates and shows or hides the follow-up.
  await mode(page, 'Entry');
  const entry = page.getByTestId('entry-section');
  await expect(page.getByTestId('completion-description')).toHaveText('In Progress');
  await expect(entry.getByText('1. Were you greeted within 30 seconds?')).toBeVisible();
  const followUp = entry.getByLabel('2. What were the staff doing instead?');
  await expect(followUp).toHaveCount(0);
  await entry.getByRole('radio', { name: 'No' }).check();
  await expect(followUp).toBeVisible();
  await followUp.fill('Restocking shelves and chatting.');
  await entry.getByRole('radio', { name: 'Yes' }).check();
  await expect(followUp).toHaveCount(0);
  await entry.getByRole('radio', { name: 'No' }).check();
  await expect(followUp).toHaveValue(''); // its answer was cleared while it was hidden
  await entry.getByRole('radio', { name: 'Yes' }).check();

  const rating = entry.getByLabel('3. Rate the store’s cleanliness from 1 to 10');
  await rating.fill('11');
  await expect(entry.getByText('Please enter a value between 1 and 10.')).toBeVisible();
  await expect(page.getByTestId('completion-description')).toHaveText('Corrections Needed');
  await rating.fill('4');
  await expect(page.getByTestId('completion-description')).toHaveText('Ready to Submit');
  await shot(page, 'entry');

  // Report mode: Yes scores 10 of 10, a 4 scores 0 of 10.
  await mode(page, 'Report');
  await expect(page.getByTestId('report-score')).toHaveText('10 of 20 points');
  await expect(page.getByTestId('report-percentage')).toHaveText('50%');
  await expect(page.locator('[data-report-element="e1"]')).toContainText('10 / 10 · 100%');
  await expect(page.locator('[data-report-element="e3"]')).toContainText('0 / 10 · 0%');
  await shot(page, 'report');

  // Debug mode: statuses and ruleset results per element.
  await mode(page, 'Debug');
  const debugFollowUp = page.locator('[data-debug-element="e2"]');
  await expect(debugFollowUp.locator('[data-status="visible"]')).toHaveText('no');
  await expect(debugFollowUp).toContainText('When all conditions hold');
  await expect(page.locator('[data-debug-element="e1"] [data-status="populated"]')).toHaveText('yes');
  await expect(page.locator('[data-debug-element="e1"] [data-status="required"]')).toHaveText('yes');
  await shot(page, 'debug');

  // Publish: version 1.
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Published version 1')).toBeVisible();
  await expect(page.getByTestId('published-version')).toHaveText('Published v1');

  // The same screens at phone width.
  await page.setViewportSize({ width: 390, height: 844 });
  await mode(page, 'Content');
  await expect(page.getByLabel('Section 1 name')).toBeVisible();
  await shot(page, 'content-390');
  await mode(page, 'Entry');
  await expect(page.getByTestId('completion-description')).toHaveText('Ready to Submit');
  await shot(page, 'entry-390');
  await mode(page, 'Report');
  await shot(page, 'report-390');
  // Nothing in the builder is wider than the phone (the shared site header is not the builder's).
  const overflow = await page
    .getByTestId('form-builder')
    .evaluate(
      (el) =>
        Math.max(...[...el.querySelectorAll('*')].map((c) => c.getBoundingClientRect().right)) -
        window.innerWidth,
    );
  expect(overflow).toBeLessThanOrEqual(0);

  // Back in the list, the form shows version 1.
  await page.goto('/admin/forms');
  await expect(page.getByTestId('form-row').filter({ hasText: name })).toContainText('Version 1');
});

test('the demo visit form opens in the builder with every kind of input', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginThroughForm(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page.getByTestId('header-user')).toBeVisible();
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: 'Mystery Shop: Store Visit' }).click();
  await expect(page.getByTestId('published-version')).toHaveText('Published v1');

  // Content mode: the wait time is a timespan scored by ranges in seconds.
  const waitTime = page.getByTestId('element-card').filter({ hasText: 'How long did you wait' });
  await waitTime.getByRole('button', { name: /^Edit / }).click();
  await expect(waitTime.getByTestId('score-ranges-editor')).toContainText('2:00');
  await shot(page, 'demo-content');

  await mode(page, 'Entry');
  const entry = page.getByTestId('entry-section');
  await expect(entry.getByText('Do not reveal that you are a mystery shopper')).toBeVisible();
  await entry.getByRole('radio', { name: 'No' }).check();
  await expect(entry.getByLabel(/What were the employees doing/)).toBeVisible();
  await entry.getByRole('textbox', { name: 'Minutes' }).fill('3');
  await expect(page.getByTestId('completion-description')).toHaveText('Corrections Needed');
  await shot(page, 'demo-entry');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(entry.getByRole('heading', { name: 'Cleanliness' })).toBeVisible();
  await expect(entry.getByRole('button', { name: 'Upload image' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'demo-entry-390');
});
