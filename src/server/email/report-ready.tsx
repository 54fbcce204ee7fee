import type { EmailBrand } from './email-brand.js';
import { BrandedLayout, footerTextLines } from './layout.js';
import { ActionButton, Paragraph } from './parts.js';
import { renderEmail } from './render-email.js';

export type ReportReadyContent = {
  brand: EmailBrand;
  programName: string;
  locationName: string;
  /** 0-100. */
  percentage: number;
  /** The report in the customer's account, or its shared link for readers without the login. */
  url: string;
  /** The customer's /account/preferences (this e-mail is the "shop completed" preference); null for others. */
  preferencesUrl: string | null;
  /** Its one-click unsubscribe link (the customer's "shop completed", or a report address's reports). */
  unsubscribeUrl?: string | null;
};

const subject = (c: ReportReadyContent) => `Your ${c.programName} report for ${c.locationName} is ready`;
const HELLO = 'Hello,';
const ready = (c: ReportReadyContent) =>
  `The ${c.programName} report for ${c.locationName} has passed quality assurance and is ready to read.`;
const score = (c: ReportReadyContent) => `Overall score: ${c.percentage}%`;
const READ_REPORT = 'Read the report';

export const reportReadyText = (c: ReportReadyContent) =>
  [
    HELLO,
    '',
    ready(c),
    score(c),
    '',
    `${READ_REPORT}: ${c.url}`,
    '',
    ...footerTextLines(c),
    c.brand.name,
  ].join('\n');

export function ReportReadyEmail(c: ReportReadyContent) {
  return (
    <BrandedLayout
      title={subject(c)}
      brand={c.brand}
      preview={ready(c)}
      preferencesUrl={c.preferencesUrl}
      unsubscribeUrl={c.unsubscribeUrl}
    >
      <Paragraph>{HELLO}</Paragraph>
      <Paragraph>{ready(c)}</Paragraph>
      <Paragraph style={{ fontSize: 20, lineHeight: '28px', fontWeight: 700 }}>{score(c)}</Paragraph>
      <ActionButton brand={c.brand} href={c.url}>
        {READ_REPORT}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderReportReady = (c: ReportReadyContent) =>
  renderEmail({
    subject: subject(c),
    text: reportReadyText(c),
    element: <ReportReadyEmail {...c} />,
  });
