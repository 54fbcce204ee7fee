// The daily digest (preference "daily digest"): the day's shop and survey notifications of one customer
// in one e-mail, with each completed shop's score and its change at that location.
import { Section } from '@react-email/section';
import type { EmailBrand } from './email-brand.js';
import { BrandedLayout, footerTextLines } from './layout.js';
import { ActionButton, DetailTable, Paragraph, TextLink } from './parts.js';
import { renderEmail } from './render-email.js';
import { INK } from './styles.js';

export type DigestContent = {
  brand: EmailBrand;
  /** The day the digest covers (MM/DD/YYYY). */
  day: string;
  completed: {
    programName: string;
    locationName: string;
    percentage: number;
    /** Against the location's previous shop on the program: "up 5 points", "first shop"... */
    change: string;
    url: string;
  }[];
  scheduled: { programName: string; locationName: string; dueDate: string }[];
  sentToQa: { programName: string; locationName: string; shopDate: string }[];
  surveys: { programName: string; locationName: string; responses: number }[];
  accountUrl: string;
  preferencesUrl: string;
  unsubscribeUrl: string;
};

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summary(c: DigestContent): string {
  const shops = c.completed.length + c.scheduled.length + c.sentToQa.length;
  const responses = c.surveys.reduce((sum, s) => sum + s.responses, 0);
  return [
    shops ? plural(shops, 'shop update', 'shop updates') : null,
    responses ? plural(responses, 'survey response', 'survey responses') : null,
  ]
    .filter(Boolean)
    .join(', ');
}

const subject = (c: DigestContent) => `Your daily summary for ${c.day}: ${summary(c)}`;
const intro = (c: DigestContent) => `Here is what happened at your locations on ${c.day}: ${summary(c)}.`;

const SECTIONS = {
  completed: 'Reports ready',
  scheduled: 'Shops scheduled',
  sentToQa: 'Shops sent to QA',
  surveys: 'Survey responses',
} as const;

const at = (x: { programName: string; locationName: string }) => `${x.programName} at ${x.locationName}`;

/** Each section's rows, shared by both parts. */
function sections(c: DigestContent) {
  return [
    {
      title: SECTIONS.completed,
      rows: c.completed.map((s) => ({ label: at(s), value: `${s.percentage}% (${s.change})`, url: s.url })),
    },
    {
      title: SECTIONS.scheduled,
      rows: c.scheduled.map((s) => ({ label: at(s), value: `visit by ${s.dueDate}` })),
    },
    {
      title: SECTIONS.sentToQa,
      rows: c.sentToQa.map((s) => ({ label: at(s), value: `visited ${s.shopDate}` })),
    },
    {
      title: SECTIONS.surveys,
      rows: c.surveys.map((s) => ({ label: at(s), value: plural(s.responses, 'response', 'responses') })),
    },
  ].filter((s) => s.rows.length > 0) as {
    title: string;
    rows: { label: string; value: string; url?: string }[];
  }[];
}

const OPEN_ACCOUNT = 'Open your dashboard';

export const dailyDigestText = (c: DigestContent) =>
  [
    'Hello,',
    '',
    intro(c),
    '',
    ...sections(c).flatMap((s) => [
      s.title,
      ...s.rows.map((r) => `- ${r.label}: ${r.value}${r.url ? ` ${r.url}` : ''}`),
      '',
    ]),
    `${OPEN_ACCOUNT}: ${c.accountUrl}`,
    '',
    ...footerTextLines(c),
    c.brand.name,
  ].join('\n');

export function DailyDigestEmail(c: DigestContent) {
  return (
    <BrandedLayout
      title={subject(c)}
      brand={c.brand}
      preview={intro(c)}
      preferencesUrl={c.preferencesUrl}
      unsubscribeUrl={c.unsubscribeUrl}
    >
      <Paragraph>Hello,</Paragraph>
      <Paragraph>{intro(c)}</Paragraph>
      {sections(c).map((s) => (
        <Section key={s.title}>
          <Paragraph
            style={{ margin: '8px 0 4px', fontSize: 17, lineHeight: '24px', fontWeight: 700, color: INK }}
          >
            {s.title}
          </Paragraph>
          <DetailTable
            rows={s.rows.map((r) => ({
              label: r.url ? (
                <TextLink brand={c.brand} href={r.url}>
                  {r.label}
                </TextLink>
              ) : (
                r.label
              ),
              value: r.value,
            }))}
          />
        </Section>
      ))}
      <ActionButton brand={c.brand} href={c.accountUrl}>
        {OPEN_ACCOUNT}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderDailyDigest = (c: DigestContent) =>
  renderEmail({ subject: subject(c), text: dailyDigestText(c), element: <DailyDigestEmail {...c} /> });
