import { expect, type Page } from '@playwright/test';
import { PREVIEWS_DIR, writeEmailPreviews } from '../scripts/email-previews';
import { PREVIEW_BRANDS, previewBrand } from '../src/server/email/previews';
import { adminToken, gql, placeOrderThroughApi, screenshot, test } from './support';

/** What a mail client would show of the message open in `page`: card, header, images, overflow. */
const layoutOf = (page: Page) =>
  page.evaluate(() => {
    const tables = [...document.querySelectorAll('table')];
    // The card: the first table whose width is capped (react-email's Container).
    const card = tables.find((t) => t.style.maxWidth !== '')!;
    const header = card.querySelector('table')!;
    return {
      cardWidth: card.getBoundingClientRect().width,
      headerBackground: getComputedStyle(header).backgroundColor,
      pageWidth: document.documentElement.scrollWidth,
      images: [...document.images].map((img) => ({
        src: img.src,
        loaded: img.complete && img.naturalWidth > 0,
      })),
    };
  });

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

test('every e-mail kind renders as a branded 600 px card, written to test-results/emails/*.png', async ({
  page,
}) => {
  const shots = await writeEmailPreviews(page);
  expect(shots.map((s) => s.name).sort()).toEqual([
    'action-plan-returned',
    'billing-payment-failed',
    'billing-receipt',
    'evaluation-rejected',
    'order-confirmation',
    'order-confirmation-shops',
    'order-notification',
    'report-ready',
    'reset-password',
    'scheduled-report',
    'score-alert',
  ]);
  const primaries = new Set(Object.values(PREVIEW_BRANDS).map((b) => rgb(previewBrand(b).primaryColor)));
  for (const shot of shots) {
    await page.setContent(shot.html, { waitUntil: 'load' });
    const layout = await layoutOf(page);
    expect(layout.cardWidth, shot.name).toBe(600);
    expect(layout.pageWidth, `${shot.name} fits the reading pane`).toBeLessThanOrEqual(680);
    expect(primaries.has(layout.headerBackground), `${shot.name} header in a brand colour`).toBe(true);
    expect(
      layout.images.every((i) => i.loaded),
      `${shot.name} images: ${JSON.stringify(layout.images)}`,
    ).toBe(true);
  }
  const confirmation = shots.find((s) => s.name === 'order-confirmation')!;
  expect(confirmation.html.match(/\/qr\.png"/g)).toHaveLength(2);
  expect(confirmation.html).toContain('/brands/customer-optix.png');
  expect(PREVIEWS_DIR).toMatch(/test-results[\\/]emails$/);
});

test("the confirmation the app sends shows the brand's logo and the survey's QR code from the app", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const location = `Mail Preview ${Date.now()}`;
  // A customer of its own: ordering as the demo customer would give it a card on file, which the
  // checkout journeys that run later expect it not to have.
  const customer = {
    email: `mail-preview-${Date.now().toString(36)}@example.test`,
    password: 'mail-preview-1',
  };
  await gql(request, 'mutation($i:RegisterInput!){ register(input:$i){ token } }', {
    i: {
      ...customer,
      profile: { firstName: 'Mia', lastName: 'Mail', businessName: 'Mail Cafe', phone: '(512)-555-0170' },
    },
  });
  await placeOrderThroughApi(request, {
    email: customer.email,
    password: customer.password,
    title: 'Restaurant Guest Survey',
    location: {
      name: location,
      address: { line1: '2 Virginia St', city: 'Reno', state: 'NV', postalCode: '89501' },
    },
    cardNumber: '4242424242424242',
  });
  const token = await adminToken(request);
  type Mail = { to: string; kind: string; text: string; html: string | null };
  // The confirmation is order.placed's subscriber's: it is queued a job or two after the commit.
  let mail: Mail | undefined;
  await expect(async () => {
    const { outboxEmails } = await gql<{ outboxEmails: Mail[] }>(
      request,
      '{ outboxEmails(limit: 50) { to kind text html } }',
      {},
      token,
    );
    mail = outboxEmails.find(
      (m) => m.to === customer.email && m.kind === 'ORDER_CONFIRMATION' && m.text.includes(location),
    );
    expect(mail?.html, 'the confirmation has an HTML part').toBeTruthy();
  }).toPass();
  await page.setViewportSize({ width: 680, height: 200 });
  await page.setContent(mail!.html!, { waitUntil: 'load' });
  const layout = await layoutOf(page);
  expect(layout.cardWidth).toBe(600);
  expect(layout.headerBackground).toBe(rgb('#1b6ec2'));
  expect(layout.images.map((i) => new URL(i.src).pathname)).toEqual([
    '/brands/customer-optix.png',
    expect.stringMatching(/^\/survey\/[A-Za-z0-9_-]+\/qr\.png$/),
  ]);
  expect(
    layout.images.every((i) => i.loaded),
    JSON.stringify(layout.images),
  ).toBe(true);
  await expect(page.getByText(`Restaurant Guest Survey at ${location}`)).toBeVisible();
  await screenshot(page, `${PREVIEWS_DIR}/app-order-confirmation.png`, { fullPage: true });
});
