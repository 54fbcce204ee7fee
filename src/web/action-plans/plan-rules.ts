import {
  type ActionPlanDisplayState,
  type FollowUp,
  formatCalendarDate,
  formatDateUs,
  missingFields,
  type PlanItemAnswer,
  toCsv,
} from '../../domain';

// The action plan pages' pure parts: state colours, the answers being edited, where the server's field
// errors go, and the CSV of the listed plans.

/** Overdue red, waiting on the location yellow (open) or orange (returned), under review blue, done green. */
export const STATE_COLOR: Record<ActionPlanDisplayState, string> = {
  overdue: 'red',
  open: 'yellow',
  returned: 'orange',
  submitted: 'blue',
  resolved: 'green',
};

/** The count cards, in the order a plan goes through them (overdue next to open). */
export const STATE_CARDS: readonly ActionPlanDisplayState[] = [
  'open',
  'overdue',
  'submitted',
  'returned',
  'resolved',
];

export const FOLLOW_UP_COLOR: Record<FollowUp, string> = {
  fixed: 'green',
  'still-failing': 'red',
  'not-asked': 'gray',
};

/** What the history says of each event kind. */
export const EVENT_TITLES: Record<string, string> = {
  created: 'Plan created',
  saved: 'Answers saved',
  submitted: 'Submitted for review',
  returned: 'Returned for more work',
  resolved: 'Resolved',
  overdue: 'Overdue',
  'followed-up': 'Next visit approved',
};

export const MSG_NO_PLANS =
  "No action plans yet. A plan is created when an approved shop scores below its program's line, listing the questions that failed, for the location to say how each will be fixed.";
export const MSG_NO_MATCHING_PLANS = 'No action plans match these filters.';
export const MSG_PLAN_SAVED = 'Action plan saved.';
export const MSG_PLAN_SUBMITTED = 'Action plan submitted for review.';
export const MSG_PLAN_RETURNED = 'Action plan returned with your note.';
export const MSG_PLAN_RESOLVED = 'Action plan resolved.';
export const MSG_TRIGGER_SAVED = 'Plan trigger saved.';
export const MSG_LINK_NOT_VALID =
  'This action plan link is not valid. Please use the link of your e-mail as it is.';

/** One question's answer as it is being edited. */
export type ItemDraft = PlanItemAnswer & {
  elementId: string;
  /** A photo uploaded since the plan was loaded (its key and URL), or null when removed; absent: unchanged. */
  photo?: { key: string; url: string; name: string } | null;
};

export const draftsOf = (
  items: readonly { elementId: string; action: string; responsible: string; dueDate?: string | null }[],
): ItemDraft[] =>
  items.map((i) => ({
    elementId: i.elementId,
    action: i.action,
    responsible: i.responsible,
    dueDate: i.dueDate ?? null,
  }));

/** The drafts as ActionPlanItemInput. */
export const itemsInput = (drafts: readonly ItemDraft[]) =>
  drafts.map((d) => ({
    elementId: d.elementId,
    action: d.action,
    responsible: d.responsible,
    dueDate: d.dueDate || null,
    ...(d.photo === undefined ? {} : { photoKey: d.photo?.key ?? null }),
  }));

type ItemField = 'action' | 'responsible' | 'dueDate';
/** Messages per question (by index) and field. */
export type ItemErrors = Record<number, Partial<Record<ItemField, string>>>;

/**
 * The server's field errors (`items.1.action`) by question and field; anything else (a note, the plan
 * as a whole) is returned as `other`.
 */
export function itemErrorsOf(fields: Record<string, string>): { items: ItemErrors; other: string[] } {
  const items: ItemErrors = {};
  const other: string[] = [];
  for (const [field, message] of Object.entries(fields)) {
    const m = /^items\.(\d+)\.(action|responsible|dueDate)$/.exec(field);
    if (!m) {
      other.push(message);
      continue;
    }
    const at = Number(m[1]);
    items[at] = { ...items[at], [m[2] as ItemField]: message };
  }
  return { items, other };
}

/** What keeps each question from being submitted: every empty field of each, all at once (the server names only the first). */
export function missingItems(drafts: readonly ItemDraft[]): ItemErrors {
  const out: ItemErrors = {};
  drafts.forEach((d, i) => {
    const missing = missingFields(d);
    if (missing.length) out[i] = Object.fromEntries(missing.map((m) => [m.field, m.message]));
  });
  return out;
}

export type PlanRow = {
  locationName: string;
  regionName?: string | null;
  programName: string;
  shopDate: string;
  percentage: number;
  stateLabel: string;
  dueDate: string;
  followUpPercentage?: number | null;
  questionCount: number;
};

/** A score as the pages show it: '72%'; '' when there is none. */
export const planPercent = (p: number | null | undefined) => (p == null ? '' : `${Math.round(p)}%`);

/** The listed plans as CSV text (dates as the page shows them). */
export const plansCsv = (plans: readonly PlanRow[]): string =>
  toCsv([
    [
      'Location',
      'Region',
      'Program',
      'Shop Date',
      'Score',
      'State',
      'Due Date',
      'Follow-up Score',
      'Questions',
    ],
    ...plans.map((p) => [
      p.locationName,
      p.regionName ?? '',
      p.programName,
      formatCalendarDate(p.shopDate),
      planPercent(p.percentage),
      p.stateLabel,
      formatDateUs(p.dueDate),
      planPercent(p.followUpPercentage),
      p.questionCount,
    ]),
  ]);

/** action-plans-2025-03-07.csv */
export const plansCsvFileName = (today: Date) => `action-plans-${today.toISOString().slice(0, 10)}.csv`;
