// The customer's shop and survey notifications (their preferences "shop scheduled", "shop sent to QA"
// and "survey complete"), one e-mail each. Each carries the preferences and one-click unsubscribe links.
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout, footerTextLines } from './layout.js';
import { ActionButton, DetailTable, Paragraph } from './parts.js';
import { renderEmail } from './render-email.js';

type Links = {
  /** The customer's /account/preferences. */
  preferencesUrl: string;
  unsubscribeUrl: string;
};

/** A notice's links: a report address without a login has no preferences page. */
export type NoticeLinks = { preferencesUrl: string | null; unsubscribeUrl: string | null };

export type Notice = {
  subject: string;
  preview: string;
  lines: string[];
  rows: { label: string; value: string }[];
  action: { label: string; url: string };
};

const HELLO = 'Hello,';

function noticeText(n: Notice, c: { brand: EmailBrand } & NoticeLinks) {
  return [
    HELLO,
    '',
    ...n.lines,
    '',
    ...n.rows.map((r) => `${r.label}: ${r.value}`),
    '',
    `${n.action.label}: ${n.action.url}`,
    '',
    ...footerTextLines(c),
    c.brand.name,
  ].join('\n');
}

/** One notice e-mail: a greeting, its lines, a table of facts and one button; HTML and text alike. */
export function renderNotice(n: Notice, c: { brand: EmailBrand } & NoticeLinks) {
  return renderEmail({
    subject: n.subject,
    text: noticeText(n, c),
    element: (
      <BrandedLayout
        title={n.subject}
        brand={c.brand}
        preview={n.preview}
        preferencesUrl={c.preferencesUrl}
        unsubscribeUrl={c.unsubscribeUrl}
      >
        <Paragraph>{HELLO}</Paragraph>
        {n.lines.map((line) => (
          <Paragraph key={line}>{line}</Paragraph>
        ))}
        <DetailTable rows={n.rows} />
        <ActionButton brand={c.brand} href={n.action.url}>
          {n.action.label}
        </ActionButton>
      </BrandedLayout>
    ),
  });
}

export type ShopScheduledContent = {
  brand: EmailBrand;
  programName: string;
  locationName: string;
  /** The visit's due date, as the account shows dates (MM/DD/YYYY). */
  dueDate: string;
  /** The customer's active shops. */
  url: string;
} & Links;

export const renderShopScheduled = (c: ShopScheduledContent) =>
  renderNotice(
    {
      subject: `Shop scheduled: ${c.programName} at ${c.locationName}`,
      preview: `A shopper will visit ${c.locationName} by ${c.dueDate}.`,
      lines: [
        `A shopper has accepted your ${c.programName} shop at ${c.locationName} and will visit by ${c.dueDate}.`,
      ],
      rows: [
        { label: 'Program', value: c.programName },
        { label: 'Location', value: c.locationName },
        { label: 'Visit by', value: c.dueDate },
      ],
      action: { label: 'View your shops', url: c.url },
    },
    c,
  );

export type ShopSentToQaContent = {
  brand: EmailBrand;
  programName: string;
  locationName: string;
  /** The day of the visit (MM/DD/YYYY). */
  shopDate: string;
  url: string;
} & Links;

export const renderShopSentToQa = (c: ShopSentToQaContent) =>
  renderNotice(
    {
      subject: `Shop sent to QA: ${c.programName} at ${c.locationName}`,
      preview: `The ${c.programName} shop at ${c.locationName} is in quality assurance.`,
      lines: [
        `The shopper has submitted the ${c.programName} shop at ${c.locationName}. Our quality-assurance team is reviewing it; you will hear from us when the report is ready.`,
      ],
      rows: [
        { label: 'Program', value: c.programName },
        { label: 'Location', value: c.locationName },
        { label: 'Visited on', value: c.shopDate },
      ],
      action: { label: 'View your shops', url: c.url },
    },
    c,
  );

export type SurveyResponsesContent = {
  brand: EmailBrand;
  programName: string;
  locationName: string;
  responses: number;
  /** The hour they came in, e.g. "11/25/2026, 10:00-11:00 UTC". */
  period: string;
  url: string;
} & Links;

const responsesWord = (n: number) => (n === 1 ? '1 new response' : `${n} new responses`);

export const renderSurveyResponses = (c: SurveyResponsesContent) =>
  renderNotice(
    {
      subject: `${responsesWord(c.responses)}: ${c.programName} at ${c.locationName}`,
      preview: `Your ${c.programName} survey at ${c.locationName} has ${responsesWord(c.responses)}.`,
      lines: [`Your ${c.programName} survey at ${c.locationName} has ${responsesWord(c.responses)}.`],
      rows: [
        { label: 'Survey', value: c.programName },
        { label: 'Location', value: c.locationName },
        { label: 'Responses', value: String(c.responses) },
        { label: 'Received', value: c.period },
      ],
      action: { label: 'See your results', url: c.url },
    },
    c,
  );
