import type { EmailBrand } from './email-brand.js';
import { BrandedLayout } from './layout.js';
import { ActionButton, Panel, Paragraph } from './parts.js';
import { renderEmail } from './render-email.js';

export type CorrectionsNeededContent = {
  brand: EmailBrand;
  programName: string;
  locationName: string;
  /** The reviewer's note; may hold line breaks. */
  comment: string;
  /** The evaluation in the evaluator app. */
  url: string;
};

const subject = (c: CorrectionsNeededContent) => `Corrections needed: ${c.programName} at ${c.locationName}`;
const HELLO = 'Hello,';
const reviewed = (c: CorrectionsNeededContent) =>
  `Our quality-assurance team reviewed your ${c.programName} evaluation of ${c.locationName} and needs a few corrections.`;
const NOTE = "Reviewer's note";
const OPEN = 'Open the evaluation';

export const correctionsNeededText = (c: CorrectionsNeededContent) =>
  [HELLO, '', reviewed(c), '', `${NOTE}: ${c.comment}`, '', `${OPEN}: ${c.url}`, '', c.brand.name].join('\n');

export function CorrectionsNeededEmail(c: CorrectionsNeededContent) {
  return (
    <BrandedLayout title={subject(c)} brand={c.brand} preview={reviewed(c)}>
      <Paragraph>{HELLO}</Paragraph>
      <Paragraph>{reviewed(c)}</Paragraph>
      <Panel accent={c.brand.primaryColor}>
        <Paragraph muted style={{ margin: '0 0 4px', fontWeight: 600 }}>
          {NOTE}
        </Paragraph>
        <Paragraph style={{ margin: 0, whiteSpace: 'pre-line' }}>{c.comment}</Paragraph>
      </Panel>
      <ActionButton brand={c.brand} href={c.url}>
        {OPEN}
      </ActionButton>
    </BrandedLayout>
  );
}

export const renderCorrectionsNeeded = (c: CorrectionsNeededContent) =>
  renderEmail({
    subject: subject(c),
    text: correctionsNeededText(c),
    element: <CorrectionsNeededEmail {...c} />,
  });
