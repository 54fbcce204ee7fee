// The scheduled Performance Summary (issue 48): the period's headline figures in the body, the PDF
// attached (or, when too large, a download link), an unsubscribe that stops it for this recipient only.
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout, footerTextLines } from './layout.js';
import { ActionButton, DetailTable, Paragraph, TextLink } from './parts.js';
import { renderEmail } from './render-email.js';

export type ScheduledReportContent = {
  brand: EmailBrand;
  subject: string;
  /** 'October 2026' or 'March 2, 2026 – March 8, 2026'. */
  period: string;
  accountName: string;
  /** The recipient sees only some locations (a manager). */
  scoped: boolean;
  headline: { percent: number | null; shops: number; locations: number; programs: number };
  /** The lowest-scoring location and question, when any. */
  lowestLocation: { name: string; percent: number } | null;
  worstQuestion: { prompt: string; percent: number } | null;
  /** A download link instead of the attachment (a PDF too large to attach), else null. */
  downloadUrl: string | null;
  dashboardUrl: string;
  unsubscribeUrl: string;
};

const intro = (c: ScheduledReportContent) =>
  `Here is the Performance Summary of ${c.accountName} for ${c.period}${c.scoped ? ' (your locations)' : ''}.`;

const rows = (c: ScheduledReportContent) => [
  { label: 'Overall score', value: c.headline.percent === null ? '–' : `${c.headline.percent}%` },
  { label: 'Shops', value: String(c.headline.shops) },
  { label: 'Locations', value: String(c.headline.locations) },
  { label: 'Programs', value: String(c.headline.programs) },
  ...(c.lowestLocation
    ? [{ label: 'Lowest location', value: `${c.lowestLocation.name} (${c.lowestLocation.percent}%)` }]
    : []),
  ...(c.worstQuestion
    ? [{ label: 'Lowest question', value: `"${c.worstQuestion.prompt}" (${c.worstQuestion.percent}%)` }]
    : []),
];

const pdfLine = (c: ScheduledReportContent) =>
  c.downloadUrl
    ? 'The full report is too large to attach: download the PDF (the link works for 30 days).'
    : 'The full report is attached as a PDF.';
const NO_SHOPS = 'No shops were completed in this period.';
const OPEN = 'Open your dashboard';
const STOP = 'You get this e-mail because the account owner added you to its scheduled reports.';

export const scheduledReportText = (c: ScheduledReportContent) =>
  [
    'Hello,',
    '',
    intro(c),
    '',
    ...(c.headline.shops === 0 ? [NO_SHOPS] : rows(c).map((r) => `- ${r.label}: ${r.value}`)),
    '',
    pdfLine(c),
    ...(c.downloadUrl ? [c.downloadUrl] : []),
    '',
    `${OPEN}: ${c.dashboardUrl}`,
    '',
    STOP,
    ...footerTextLines({ unsubscribeUrl: c.unsubscribeUrl }),
    c.brand.name,
  ].join('\n');

export function ScheduledReportEmail(c: ScheduledReportContent) {
  return (
    <BrandedLayout title={c.subject} brand={c.brand} preview={intro(c)} unsubscribeUrl={c.unsubscribeUrl}>
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{intro(c)}</Paragraph>
      {c.headline.shops === 0 ? <Paragraph>{NO_SHOPS}</Paragraph> : <DetailTable rows={rows(c)} />}
      <Paragraph>
        {c.downloadUrl ? (
          <TextLink brand={c.brand} href={c.downloadUrl}>
            {pdfLine(c)}
          </TextLink>
        ) : (
          pdfLine(c)
        )}
      </Paragraph>
      <ActionButton brand={c.brand} href={c.dashboardUrl}>
        {OPEN}
      </ActionButton>
      <Paragraph muted>{STOP}</Paragraph>
    </BrandedLayout>
  );
}

export const renderScheduledReport = (c: ScheduledReportContent) =>
  renderEmail({ subject: c.subject, text: scheduledReportText(c), element: <ScheduledReportEmail {...c} /> });
