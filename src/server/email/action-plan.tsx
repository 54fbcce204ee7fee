// The action plan e-mails (issue 19): created, due tomorrow, overdue, submitted, returned, resolved.
// One notice each, to the people who act next; the preference "Action plans" turns them off.
import type { EmailBrand } from './email-brand.js';
import { type NoticeLinks, renderNotice } from './shop-notifications.js';

export type ActionPlanEvent = 'created' | 'due-soon' | 'overdue' | 'submitted' | 'returned' | 'resolved';

export type ActionPlanContent = {
  brand: EmailBrand;
  event: ActionPlanEvent;
  programName: string;
  locationName: string;
  /** The shop's score, e.g. "72%". */
  score: string;
  /** MM/DD/YYYY. */
  dueDate: string;
  /** The reviewer's note (returned, resolved). */
  note?: string;
  /** The plan's page: the account's, or a report address's signed link. */
  url: string;
} & NoticeLinks;

const WORDS: Record<
  ActionPlanEvent,
  (c: ActionPlanContent) => { subject: string; line: string; action: string }
> = {
  created: (c) => ({
    subject: `Action plan needed: ${c.programName} at ${c.locationName}`,
    line: `The ${c.programName} shop at ${c.locationName} scored ${c.score}. Please state what will be done about each failed question and submit the plan by ${c.dueDate}.`,
    action: 'Open the action plan',
  }),
  'due-soon': (c) => ({
    subject: `Action plan due tomorrow: ${c.locationName}`,
    line: `The action plan for the ${c.programName} shop at ${c.locationName} is due tomorrow, ${c.dueDate}, and has not been submitted yet.`,
    action: 'Open the action plan',
  }),
  overdue: (c) => ({
    subject: `Action plan overdue: ${c.locationName}`,
    line: `The action plan for the ${c.programName} shop at ${c.locationName} was due ${c.dueDate} and has not been submitted.`,
    action: 'Open the action plan',
  }),
  submitted: (c) => ({
    subject: `Action plan submitted for review: ${c.locationName}`,
    line: `The action plan for the ${c.programName} shop at ${c.locationName} has been submitted. Please review it: resolve it, or return it with a note.`,
    action: 'Review the action plan',
  }),
  returned: (c) => ({
    subject: `Action plan returned: ${c.locationName}`,
    line: `The action plan for the ${c.programName} shop at ${c.locationName} was returned for more work.`,
    action: 'Open the action plan',
  }),
  resolved: (c) => ({
    subject: `Action plan resolved: ${c.locationName}`,
    line: `The action plan for the ${c.programName} shop at ${c.locationName} has been resolved. The next visit will show whether each question is fixed.`,
    action: 'View the action plan',
  }),
};

export function renderActionPlan(c: ActionPlanContent) {
  const w = WORDS[c.event](c);
  return renderNotice(
    {
      subject: w.subject,
      preview: w.line,
      lines: [w.line, ...(c.note ? [`Note: ${c.note}`] : [])],
      rows: [
        { label: 'Program', value: c.programName },
        { label: 'Location', value: c.locationName },
        { label: 'Score', value: c.score },
        { label: 'Due', value: c.dueDate },
      ],
      action: { label: w.action, url: c.url },
    },
    c,
  );
}
