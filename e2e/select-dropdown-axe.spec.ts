import { expect } from '@playwright/test';
import { RILEY } from './reports-support';
import { loginThroughForm, test } from './support';

// A select whose options are longer than its dropdown: the options scroll inside it, the scrolling list
// takes focus (axe: scrollable-region-focusable), and inside role=listbox that focusable list is a group
// of options (axe: aria-required-children). Checked on the open dropdown itself, every time, rather than
// whenever a page's watcher happens to scan while one is open (axe-core is in every page, compiled when first wanted: e2e/axe.ts).

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
    const w = window as unknown as {
      axe?: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string }[] }> };
      __axeLoad: () => void;
    };
    // axe-core is compiled in a document only when it is first wanted (e2e/axe.ts).
    if (!w.axe) w.__axeLoad();
    const axe = w.axe!;
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

// Mantine's calendars write weekend days in its red.6, under 4.5:1 on white, and leave their arrows
// unnamed; the theme darkens the one and names the other (accessible-theme.module.css and .ts). Checked on an open calendar whose month has enabled weekend days.
test('an open calendar reads well: weekend days in contrast, every button named by its text or label', async ({
  page,
}) => {
  await loginThroughForm(page, RILEY.email, RILEY.password);
  await page.waitForURL(/\/account/);
  await page.goto('/account/dashboard');
  await page.getByRole('textbox', { name: 'Date Range', exact: true }).click();
  await page.getByRole('option', { name: 'Custom Range', exact: true }).click();
  const weekend = page.locator('button[data-weekend]:not([data-outside]):not([data-disabled])');
  await expect(weekend.first()).toBeVisible();
  // Its arrows are icon-only buttons, named (axe: button-name, checked on every page by the fixture).
  await expect(page.getByRole('button', { name: 'Previous month' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next month' })).toBeVisible();
  const violations = await page.evaluate(async () => {
    const w = window as unknown as {
      axe?: {
        run: (
          ctx: unknown,
          opts: unknown,
        ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
      __axeLoad: () => void;
    };
    // axe-core is compiled in a document only when it is first wanted (e2e/axe.ts).
    if (!w.axe) w.__axeLoad();
    const axe = w.axe!;
    const r = await axe.run(document, {
      runOnly: ['color-contrast', 'button-name', 'label-content-name-mismatch'],
    });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
  });
  expect(violations).toEqual([]);
});
