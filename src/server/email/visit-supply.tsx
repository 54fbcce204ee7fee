import type { EmailBrand } from './email-brand.js';
import { BrandedLayout, footerTextLines } from './layout.js';
import { ActionButton, DetailTable, Paragraph } from './parts.js';
import { renderEmail } from './render-email.js';

// Shopper e-mails of the supply side (issue 47): the day's offers of open visits near them, and a
// visit released because its deadline passed. Areas only: the exact address shows after accepting.

export type OfferedVisit = {
  programName: string;
  city: string;
  state: string;
  dueDate: string;
  /** Miles from the shopper's home, one decimal. */
  miles: number;
};

export type VisitOffersContent = {
  brand: EmailBrand;
  visits: OfferedVisit[];
  /** Visits beyond those listed. */
  more: number;
  /** The shopboard. */
  url: string;
  /** The shopper's offers settings (radius, on or off). */
  preferencesUrl: string;
  unsubscribeUrl: string;
};

const offersSubject = (c: VisitOffersContent) => {
  const n = c.visits.length + c.more;
  return `${n} new visit${n === 1 ? '' : 's'} near you`;
};
const HELLO = 'Hello,';
const intro = (c: VisitOffersContent) =>
  `${c.visits.length + c.more === 1 ? 'A visit' : 'Visits'} opened near you. The first shopper to accept gets each one.`;
const line = (v: OfferedVisit) => `${v.programName}, ${v.city} ${v.state} (${v.miles} mi), due ${v.dueDate}`;
const moreLine = (c: VisitOffersContent) => (c.more ? `and ${c.more} more on the board` : null);
const SEE = 'See open visits';

export const visitOffersText = (c: VisitOffersContent) =>
  [
    HELLO,
    '',
    intro(c),
    '',
    ...c.visits.map((v) => `- ${line(v)}`),
    ...(c.more ? [moreLine(c)!] : []),
    '',
    `${SEE}: ${c.url}`,
    '',
    ...footerTextLines(c),
    c.brand.name,
  ].join('\n');

export function VisitOffersEmail(c: VisitOffersContent) {
  return (
    <BrandedLayout
      title={offersSubject(c)}
      brand={c.brand}
      preview={intro(c)}
      preferencesUrl={c.preferencesUrl}
      unsubscribeUrl={c.unsubscribeUrl}
    >
      <Paragraph>{HELLO}</Paragraph>
      <Paragraph>{intro(c)}</Paragraph>
      <DetailTable
        rows={c.visits.map((v) => ({
          label: `${v.programName}`,
          value: `${v.city} ${v.state}, ${v.miles} mi, due ${v.dueDate}`,
        }))}
      />
      {c.more ? <Paragraph muted>{moreLine(c)}</Paragraph> : null}
      <ActionButton brand={c.brand} href={c.url}>
        {SEE}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderVisitOffers = (c: VisitOffersContent) =>
  renderEmail({ subject: offersSubject(c), text: visitOffersText(c), element: <VisitOffersEmail {...c} /> });

export type VisitReleasedContent = {
  brand: EmailBrand;
  programName: string;
  city: string;
  state: string;
  /** The last day it could be submitted. */
  submitBy: string;
  /** The shopper's page with their reliability. */
  url: string;
};

const releasedSubject = (c: VisitReleasedContent) => `Visit released: ${c.programName} in ${c.city}`;
const released = (c: VisitReleasedContent) =>
  `Your ${c.programName} visit in ${c.city} ${c.state} was not submitted by ${c.submitBy}, so it has gone back to the board for other shoppers.`;
const COUNTS =
  'A visit released by its deadline counts against your reliability. Ask for an extension before the deadline when you need more time.';
const STANDING = 'See your rating and reliability';

export const visitReleasedText = (c: VisitReleasedContent) =>
  [HELLO, '', released(c), '', COUNTS, '', `${STANDING}: ${c.url}`, '', c.brand.name].join('\n');

export function VisitReleasedEmail(c: VisitReleasedContent) {
  return (
    <BrandedLayout title={releasedSubject(c)} brand={c.brand} preview={released(c)}>
      <Paragraph>{HELLO}</Paragraph>
      <Paragraph>{released(c)}</Paragraph>
      <Paragraph muted>{COUNTS}</Paragraph>
      <ActionButton brand={c.brand} href={c.url}>
        {STANDING}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderVisitReleased = (c: VisitReleasedContent) =>
  renderEmail({
    subject: releasedSubject(c),
    text: visitReleasedText(c),
    element: <VisitReleasedEmail {...c} />,
  });

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[ch]!,
  );

/**
 * renderVisitOffers for a run of thousands (the offers job): the branded HTML is rendered once per
 * list length (and count of the rest) with placeholders, and each shopper's e-mail fills them in (escaped), so a
 * run costs one React render per list length instead of one per shopper. Same output as
 * renderVisitOffers (checked by the e-mail tests).
 */
export function visitOffersRenderer(base: Omit<VisitOffersContent, 'visits' | 'more' | 'unsubscribeUrl'>) {
  const templates = new Map<string, { subject: string; html: string }>();
  const mark = (name: string) => `\u2063${name}\u2063`;
  return (c: Pick<VisitOffersContent, 'visits' | 'more' | 'unsubscribeUrl'>) => {
    const full = { ...base, ...c };
    const key = `${c.visits.length}:${c.more}`;
    let template = templates.get(key);
    if (!template) {
      const rendered = renderVisitOffers({
        ...base,
        visits: c.visits.map((_, i) => ({
          programName: mark(`p${i}`),
          city: mark(`c${i}`),
          state: mark(`s${i}`),
          dueDate: mark(`d${i}`),
          miles: mark(`m${i}`) as unknown as number,
        })),
        more: c.more,
        unsubscribeUrl: mark('unsub'),
      });
      template = { subject: rendered.subject, html: rendered.html };
      templates.set(key, template);
    }
    const values: Record<string, string> = { unsub: c.unsubscribeUrl };
    c.visits.forEach((v, i) => {
      values[`p${i}`] = v.programName;
      values[`c${i}`] = v.city;
      values[`s${i}`] = v.state;
      values[`d${i}`] = v.dueDate;
      values[`m${i}`] = String(v.miles);
    });
    const html = template.html.replace(/\u2063([a-z]+\d*)\u2063/g, (_, name: string) =>
      escapeHtml(values[name] ?? ''),
    );
    return { subject: offersSubject(full), text: visitOffersText(full), html };
  };
}
