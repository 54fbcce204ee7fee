import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../domain/index.js';
import { localStorage } from '../adapters/storage.js';
import { type EmailBrand, type EmailBrandSource, emailBrandOf } from './email-brand.js';
import {
  type RenderedEmail,
  renderBillingReceipt,
  renderCorrectionsNeeded,
  renderOrderConfirmation,
  renderOrderNotification,
  renderPaymentFailed,
  renderReportReady,
  renderResetPassword,
} from './index.js';
import { EMAIL_PREVIEWS } from './previews.js';

const ORIGIN = 'https://shop.example.test';
const storage = localStorage({ dataDir: '/nonexistent', secret: 'unit-test-secret-0123' });

const SOURCE: EmailBrandSource = {
  id: 'brand1',
  name: 'Acme Audits',
  logoUrl: '/brands/sb1.svg',
  primaryColor: '#2F9E44',
  secondaryColor: '#1b4d2b',
  headerTextColor: '#ffffff',
  footerLinkTextColor: '#ffffff',
};
const brand: EmailBrand = emailBrandOf(SOURCE, { origin: ORIGIN, storage });

/**
 * Email HTML is valid HTML except where mail clients need old markup: react-email's XHTML 1.0
 * Transitional doctype, and table attributes (cellpadding, cellspacing, border, align) for Outlook.
 */
const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  rules: { 'doctype-html': 'off', 'no-deprecated-attr': 'off' },
});

async function expectValidHtml(html: string) {
  const report = await validator.validateString(html);
  const problems = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
  expect(problems).toEqual([]);
}

/** The visible text of the HTML part, tags dropped and entities decoded (enough for these checks). */
const visibleText = (html: string) =>
  html
    .replace(/<div[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div><\/div>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

type Case = {
  kind: string;
  render: () => RenderedEmail;
  subject: string;
  text: string;
  /** Wording and figures the HTML part shows too. */
  shows: string[];
  links: string[];
};

const CASES: Case[] = [
  {
    kind: 'order confirmation',
    render: () =>
      renderOrderConfirmation({
        brand,
        customerName: 'Dana Whitfield',
        orderNumber: 10482,
        amount: 43_500,
        hasShops: true,
        surveyLinks: [
          {
            title: 'Guest Survey',
            locationName: 'Downtown',
            url: `${ORIGIN}/survey/abc123`,
            qrUrl: `${ORIGIN}/survey/abc123/qr.png`,
          },
        ],
        orderUrl: `${ORIGIN}/account/orders/10482`,
      }),
    subject: 'Your Acme Audits order #10482',
    text: [
      'Hello Dana Whitfield,',
      '',
      'Thank you for your order #10482 ($435.00).',
      '',
      'You will receive each mystery shop report by e-mail once our quality-assurance team approves the shop. The usual turnaround is 24-36 hours after the visit.',
      '',
      'Below is the link and QR code for inviting your customers to your survey. Share the link, or print the QR code on receipts, table tents and signs.',
      '',
      `Guest Survey at Downtown: ${ORIGIN}/survey/abc123`,
      `QR code: ${ORIGIN}/survey/abc123/qr.png`,
      '',
      `View your order: ${ORIGIN}/account/orders/10482`,
      '',
      'Acme Audits',
    ].join('\n'),
    shows: [
      'Hello Dana Whitfield,',
      'Thank you for your order #10482 ($435.00).',
      'The usual turnaround is 24-36 hours after the visit.',
      'Share the link, or print the QR code on receipts, table tents and signs.',
      'Guest Survey at Downtown',
      'View your order',
    ],
    links: [`${ORIGIN}/survey/abc123`, `${ORIGIN}/account/orders/10482`],
  },
  {
    kind: 'order notification',
    render: () =>
      renderOrderNotification({
        brand,
        orderNumber: 10482,
        amount: 43_500,
        businessName: 'Whitfield Coffee',
        email: 'dana@whitfield.test',
        adminUrl: `${ORIGIN}/admin/orders/10482`,
      }),
    subject: 'New Acme Audits order #10482',
    text: [
      'A new order was placed on Acme Audits.',
      '',
      'Order #10482: $435.00',
      'Customer: Whitfield Coffee <dana@whitfield.test>',
      '',
      `View the order: ${ORIGIN}/admin/orders/10482`,
    ].join('\n'),
    shows: [
      'A new order was placed on Acme Audits.',
      'Order #10482',
      '$435.00',
      'Whitfield Coffee <dana@whitfield.test>',
    ],
    links: [`${ORIGIN}/admin/orders/10482`],
  },
  {
    kind: 'billing receipt',
    render: () =>
      renderBillingReceipt({
        brand,
        customerName: 'Priya N',
        month: 'March 2027',
        amount: 31_000,
        receiptNumber: '202703-4F9A2C1B-1',
        lines: [
          { description: 'Drive-Thru Visit at Store 112', amount: 22_000 },
          { description: 'Dine-In Visit at Store 87', amount: 9_000 },
        ],
        invoiceUrl: `${ORIGIN}/account/invoices/inv1`,
      }),
    subject: 'Your receipt for March 2027',
    text: [
      'Hello Priya N,',
      '',
      'Thank you. We charged $310.00 to your card on file for your recurring services in March 2027.',
      'Receipt number: 202703-4F9A2C1B-1',
      '',
      'Drive-Thru Visit at Store 112: $220.00',
      'Dine-In Visit at Store 87: $90.00',
      'Total: $310.00',
      '',
      `View the invoice: ${ORIGIN}/account/invoices/inv1`,
      '',
      'Acme Audits',
    ].join('\n'),
    shows: [
      'Thank you. We charged $310.00 to your card on file for your recurring services in March 2027.',
      'Receipt number: 202703-4F9A2C1B-1',
      'Drive-Thru Visit at Store 112 $220.00',
      'Dine-In Visit at Store 87 $90.00',
      'Total $310.00',
    ],
    links: [`${ORIGIN}/account/invoices/inv1`],
  },
  {
    kind: 'payment failed',
    render: () =>
      renderPaymentFailed({
        brand,
        customerName: 'Priya N',
        month: 'March 2027',
        amount: 31_000,
        message: 'Your card was declined.',
        nextAttempt: '03/02/2027',
        billingInfoUrl: `${ORIGIN}/account/info#billing`,
        invoiceUrl: `${ORIGIN}/account/invoices/inv1`,
      }),
    subject: 'Action needed: update your payment card for March 2027',
    text: [
      'Hello Priya N,',
      '',
      'We could not charge $310.00 for your recurring services in March 2027: Your card was declined.',
      '',
      `Please update your payment card so this invoice can be paid: ${ORIGIN}/account/info#billing`,
      'We will try the charge again on 03/02/2027.',
      '',
      `View the invoice: ${ORIGIN}/account/invoices/inv1`,
      '',
      'Acme Audits',
    ].join('\n'),
    shows: [
      'We could not charge $310.00 for your recurring services in March 2027: Your card was declined.',
      'Please update your payment card so this invoice can be paid.',
      'We will try the charge again on 03/02/2027.',
    ],
    links: [`${ORIGIN}/account/info#billing`, `${ORIGIN}/account/invoices/inv1`],
  },
  {
    kind: 'reset password',
    render: () =>
      renderResetPassword({
        brand,
        name: 'Riley',
        link: `${ORIGIN}/reset-password/tok123`,
        expiresInMinutes: 60,
      }),
    subject: 'Reset your Acme Audits password',
    text: [
      'Hello Riley,',
      '',
      'To reset your password, open the link below. It works once and expires in 60 minutes.',
      '',
      `${ORIGIN}/reset-password/tok123`,
      '',
      'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    ].join('\n'),
    shows: [
      'To reset your password, open the link below. It works once and expires in 60 minutes.',
      'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    ],
    links: [`${ORIGIN}/reset-password/tok123`],
  },
  {
    kind: 'report ready',
    render: () =>
      renderReportReady({
        brand,
        programName: 'Counter Service',
        locationName: 'Downtown',
        percentage: 87,
        url: `${ORIGIN}/account/reports/shop/ev1`,
        preferencesUrl: `${ORIGIN}/account/preferences`,
      }),
    subject: 'Your Counter Service report for Downtown is ready',
    text: [
      'Hello,',
      '',
      'The Counter Service report for Downtown has passed quality assurance and is ready to read.',
      'Overall score: 87%',
      '',
      `Read the report: ${ORIGIN}/account/reports/shop/ev1`,
      '',
      `Manage your e-mail preferences: ${ORIGIN}/account/preferences`,
      '',
      'Acme Audits',
    ].join('\n'),
    shows: [
      'The Counter Service report for Downtown has passed quality assurance and is ready to read.',
      'Overall score: 87%',
      'Manage your e-mail preferences',
    ],
    links: [`${ORIGIN}/account/reports/shop/ev1`, `${ORIGIN}/account/preferences`],
  },
  {
    kind: 'evaluation rejected',
    render: () =>
      renderCorrectionsNeeded({
        brand,
        programName: 'Phone Call',
        locationName: 'North',
        comment: 'Add the name.\nAttach the recording.',
        url: `${ORIGIN}/evaluator/evaluations/ev2`,
      }),
    subject: 'Corrections needed: Phone Call at North',
    text: [
      'Hello,',
      '',
      'Our quality-assurance team reviewed your Phone Call evaluation of North and needs a few corrections.',
      '',
      "Reviewer's note: Add the name.\nAttach the recording.",
      '',
      `Open the evaluation: ${ORIGIN}/evaluator/evaluations/ev2`,
      '',
      'Acme Audits',
    ].join('\n'),
    shows: [
      'Our quality-assurance team reviewed your Phone Call evaluation of North and needs a few corrections.',
      "Reviewer's note",
      'Add the name. Attach the recording.',
    ],
    links: [`${ORIGIN}/evaluator/evaluations/ev2`],
  },
];

describe('branded e-mails', () => {
  it.each(CASES)('$kind: subject and plain-text part, word for word', async (c) => {
    const mail = c.render();
    expect(mail.subject).toBe(c.subject);
    expect(mail.text).toBe(c.text);
  });

  it.each(CASES)('$kind: valid HTML with the brand name, logo and colours', async (c) => {
    const { html } = c.render();
    await expectValidHtml(html);
    expect(html.startsWith('<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN"')).toBe(true);
    expect(html).not.toContain('rel="preload"'); // React's image hints, of no use in a mail client
    expect(html).toContain(`<title>${c.subject.replace(/&/g, '&amp;')}</title>`);
    expect(html).toContain('alt="Acme Audits"');
    expect(html).toContain(`src="${ORIGIN}/brands/sb1.png"`);
    expect(visibleText(html)).toContain('Acme Audits');
    expect(html).toContain(`background-color:${brand.primaryColor}`);
    expect(html).toContain(`background-color:${brand.secondaryColor}`);
    expect(html).toContain('max-width:37.5em'); // the 600 px card
  });

  it.each(CASES)('$kind: the HTML part says what the text part says, with its links', async (c) => {
    const { html } = c.render();
    const text = visibleText(html);
    for (const phrase of c.shows) expect(text).toContain(phrase);
    expect(hrefs(html)).toEqual(expect.arrayContaining(c.links));
    // Every link of the text part is in the HTML part too.
    const textLinks = c.text.match(/https:\/\/\S+/g) ?? [];
    const htmlLinks = new Set([...hrefs(html), ...[...html.matchAll(/src="([^"]*)"/g)].map((m) => m[1])]);
    for (const link of textLinks) expect(htmlLinks).toContain(link);
  });

  it('shows each survey link with its QR code image from the app', async () => {
    const { html } = CASES[0]!.render();
    expect(html).toMatch(
      new RegExp(
        `<img alt="QR code for Guest Survey at Downtown" height="200" src="${ORIGIN}/survey/abc123/qr.png"`,
      ),
    );
  });

  it('links to the preferences only in messages the preferences govern', async () => {
    const withLink = renderReportReady({
      brand,
      programName: 'P',
      locationName: 'L',
      percentage: 50,
      url: `${ORIGIN}/r`,
      preferencesUrl: `${ORIGIN}/account/preferences`,
    });
    const shared = renderReportReady({
      brand,
      programName: 'P',
      locationName: 'L',
      percentage: 50,
      url: `${ORIGIN}/r`,
      preferencesUrl: null,
    });
    expect(hrefs(withLink.html)).toContain(`${ORIGIN}/account/preferences`);
    for (const mail of [shared, ...CASES.slice(0, 5).map((c) => c.render())]) {
      expect(mail.html).not.toContain('/account/preferences');
      expect(mail.text).not.toContain('/account/preferences');
    }
  });

  it('keeps user-supplied text as text: a <script> location name or note never becomes markup', async () => {
    const evil = '<script>alert(1)</script>';
    const img = '<img src=x onerror=alert(2)>';
    const mails = [
      renderOrderConfirmation({
        brand: { ...brand, name: `Brand ${evil}` },
        customerName: img,
        orderNumber: 1,
        amount: 100,
        hasShops: false,
        surveyLinks: [
          { title: `"><b>x</b>`, locationName: evil, url: `${ORIGIN}/survey/a`, qrUrl: `${ORIGIN}/q.png` },
        ],
        orderUrl: `${ORIGIN}/o`,
      }),
      renderCorrectionsNeeded({
        brand,
        programName: 'P',
        locationName: evil,
        comment: img,
        url: `${ORIGIN}/e`,
      }),
      renderBillingReceipt({
        brand,
        customerName: 'C',
        month: 'May 2027',
        amount: 100,
        receiptNumber: 'R',
        lines: [{ description: evil, amount: 100 }],
        invoiceUrl: `${ORIGIN}/i`,
      }),
    ];
    for (const { html } of mails) {
      await expectValidHtml(html);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/<img src=x/i);
      expect(html).not.toContain('<b>x</b>');
      expect(visibleText(html)).toMatch(/<script>alert\(1\)<\/script>|<img src=x onerror=alert\(2\)>/);
    }
    expect(html(mails[0]!)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The attribute value stays one attribute.
    expect(html(mails[0]!)).toContain('alt="QR code for &quot;&gt;&lt;b&gt;x&lt;/b&gt; at &lt;script&gt;');
  });

  it('renders every preview sample (the PNG snapshots use them) as valid HTML', async () => {
    for (const preview of EMAIL_PREVIEWS) await expectValidHtml(preview.render().html);
  });
});

const html = (m: RenderedEmail) => m.html;

describe('emailBrandOf', () => {
  const of = (b: Partial<EmailBrandSource>) => emailBrandOf({ ...SOURCE, ...b }, { origin: ORIGIN, storage });

  it('uses the PNG rendition of a bundled SVG logo, as an absolute URL', () => {
    expect(of({ logoUrl: '/brands/dunkin.svg' }).logoUrl).toBe(`${ORIGIN}/brands/dunkin.png`);
  });

  it("uses an uploaded PNG, JPEG or GIF logo at the storage's public URL, and no WebP or planted URL", () => {
    const key = 'brands/brand1/abc123_logo.png';
    expect(of({ logoUrl: key }).logoUrl).toBe(`${ORIGIN}/s3/uploads/${key}`);
    expect(of({ logoUrl: 'brands/brand1/abc123_logo.JPG' }).logoUrl).toBe(
      `${ORIGIN}/s3/uploads/brands/brand1/abc123_logo.JPG`,
    );
    expect(of({ logoUrl: 'brands/brand1/abc123_logo.webp' }).logoUrl).toBeNull();
    expect(of({ logoUrl: 'https://evil.example/logo.png' }).logoUrl).toBeNull();
    expect(of({ logoUrl: 'brands/other-brand/abc123_logo.png' }).logoUrl).toBeNull();
    expect(of({ logoUrl: null }).logoUrl).toBeNull();
  });

  it('shows the name in the header when there is no logo', async () => {
    const noLogo = of({ logoUrl: null });
    const { html } = renderResetPassword({
      brand: noLogo,
      name: 'R',
      link: `${ORIGIN}/x`,
      expiresInMinutes: 60,
    });
    expect(html).not.toContain('<img');
    expect(html).toMatch(new RegExp(`color:${noLogo.onPrimary};[^"]*font-weight:700[^"]*">Acme Audits</p>`));
  });

  it.each([
    ['#20c997', '#ffffff'],
    ['#f59f00', '#1a1a1a'],
    ['#1b6ec2', '#ffffff'],
    ['#ffd43b', '#ffffff'],
  ])(
    'puts readable text (WCAG AA) on the primary colour %s with the pick %s',
    (primaryColor, headerTextColor) => {
      const b = of({
        primaryColor,
        headerTextColor,
        secondaryColor: '#e6fcf5',
        footerLinkTextColor: '#20c997',
      });
      expect(b.primaryColor).toBe(primaryColor);
      expect(contrastRatio(b.onPrimary, b.primaryColor)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(b.onSecondary, b.secondaryColor)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(b.link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it("keeps the brand's own header text colour when it reads", () => {
    expect(of({ primaryColor: '#f59f00', headerTextColor: '#1a1a1a' }).onPrimary).toBe('#1a1a1a');
  });
});

describe('the offers e-mail of a run', () => {
  it('fills its placeholders to the same message as a render of its own, escaped', async () => {
    const { renderVisitOffers, visitOffersRenderer } = await import('./visit-supply.js');
    const { PREVIEW_BRANDS, previewBrand } = await import('./previews.js');
    const brand = previewBrand(Object.values(PREVIEW_BRANDS)[0]!);
    const base = {
      brand,
      url: 'https://x.test/evaluator/visits',
      preferencesUrl: 'https://x.test/evaluator/standing',
    };
    const content = {
      visits: [
        {
          programName: 'Dine-In <Experience> & "Co"',
          city: "O'Fallon",
          state: 'IL',
          dueDate: '2026-03-01',
          miles: 2.5,
        },
        { programName: 'Drive-Thru', city: 'Austin', state: 'TX', dueDate: '2026-03-02', miles: 10 },
      ],
      more: 3,
      unsubscribeUrl: 'https://x.test/unsubscribe/u8abc.def?x=1&y=2',
    };
    const render = visitOffersRenderer(base);
    render({ ...content, unsubscribeUrl: 'https://x.test/unsubscribe/other' });
    expect(render(content)).toEqual(renderVisitOffers({ ...base, ...content }));
  });
});
