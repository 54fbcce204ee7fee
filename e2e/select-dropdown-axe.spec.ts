import { expect } from '@playwright/test';
import { RILEY } from './reports-support';
import { loginThroughForm, test } from './support';

// A select whose options are longer than its dropdown: the options scroll inside it, the scrolling list
// takes focus (axe: scrollable-region-focusable), and inside role=listbox that focusable list is a group
// of options (axe: aria-required-children). Checked on the open dropdown itself, every time, rather than
// whenever a page's watcher happens to scan while one is open (axe-core is in every page: e2e/axe.ts).

test('an open select with a long list of options passes axe', async ({ page }) => {
  await loginThroughForm(page, RILEY.email, RILEY.password);
  await page.waitForURL(/\/account/);
  await page.goto('/account/dashboard');
  await page.getByRole('textbox', { name: 'Location' }).click();
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option').first()).toBeVisible();
  const sizes = await listbox.evaluate((box) => {
    const viewport = box.querySelector('[tabindex="0"]') as HTMLElement | null;
    return {
      scrolls: !!viewport && viewport.scrollHeight > viewport.clientHeight,
      role: viewport?.getAttribute('role'),
    };
  });
  expect(sizes).toEqual({ scrolls: true, role: 'group' });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string }[] }> };
      }
    ).axe;
    const r = await axe.run(document, {
      runOnly: [
        'aria-required-children',
        'aria-required-parent',
        'scrollable-region-focusable',
        'aria-allowed-role',
      ],
    });
    return r.violations.map((v) => v.id);
  });
  expect(violations).toEqual([]);
});
