/**
 * Action plans (issue 19): the fix asked for after a low score, followed up by the next visit. Pure
 * rules; the server (server/action-plans) stores plans, enforces who may do what and sends the
 * notifications.
 *
 * A plan is created when an approved mystery shop trips its program's trigger. It lists the failed
 * questions; for each, the location's people state an action, who is responsible and by when, and
 * submit; the owner or an admin of the account returns it with a note or resolves it. The next
 * approved visit at the location on the same program shows, per planned question, whether it is fixed.
 */
import { addDaysUtc, toDateKey } from './dates';
import { PERFORMANCE_THRESHOLDS } from './reporting';

/** The stored states. "Overdue" is not one: it is an unsubmitted plan past its due date (displayState). */
export const ACTION_PLAN_STATES = ['open', 'submitted', 'returned', 'resolved'] as const;
export type ActionPlanState = (typeof ACTION_PLAN_STATES)[number];
/** What the dashboard counts and filters by: the states, and overdue. */
export type ActionPlanDisplayState = ActionPlanState | 'overdue';
export const ACTION_PLAN_DISPLAY_STATES = [
  ...ACTION_PLAN_STATES,
  'overdue',
] as const satisfies readonly ActionPlanDisplayState[];

export const ACTION_PLAN_STATE_LABELS: Record<ActionPlanDisplayState, string> = {
  open: 'Open',
  submitted: 'Submitted',
  returned: 'Returned',
  resolved: 'Resolved',
  overdue: 'Overdue',
};

/** Days from a plan's creation to its due date, and the default due date of each action. */
export const ACTION_PLAN_DUE_DAYS = 7;

/** When a program's approved shops create a plan. */
export type ActionPlanTrigger = {
  /** A plan when the shop's score is below this percent (0 to 100); null: not by score. */
  belowPercent: number | null;
  /** A plan when any of these questions (element ids) fails; empty: not by question. */
  questionIds: readonly string[];
};

/** Without settings: a plan for every shop below the spec's Needs Attention line (80 %). */
export const DEFAULT_ACTION_PLAN_TRIGGER: ActionPlanTrigger = {
  belowPercent: Math.round(PERFORMANCE_THRESHOLDS.warn * 100),
  questionIds: [],
};

/** A scored question of an approved shop, as stored with its scores. */
export type ScoredQuestion = { elementId: string; score: number; possibleScore: number };

/** A question fails when it scores below its possible score. */
export const questionFailed = (q: ScoredQuestion) => q.possibleScore > 0 && q.score < q.possibleScore;

/**
 * The questions an approved shop's plan lists, or null when the shop creates no plan. Below the score
 * line: every failed question. Otherwise, a chosen question that failed: the chosen questions that
 * failed. A shop with nothing failed creates no plan (there is nothing to act on).
 */
export function planQuestions<Q extends ScoredQuestion>(
  trigger: ActionPlanTrigger,
  shop: { score: number; possibleScore: number; questions: readonly Q[] },
): Q[] | null {
  const failed = shop.questions.filter(questionFailed);
  if (!failed.length || shop.possibleScore <= 0) return null;
  const percent = (shop.score / shop.possibleScore) * 100;
  if (trigger.belowPercent !== null && percent < trigger.belowPercent) return failed;
  const chosen = new Set(trigger.questionIds);
  const chosenFailed = failed.filter((q) => chosen.has(q.elementId));
  return chosenFailed.length ? chosenFailed : null;
}

/** The due date of a plan created on `createdAt` (YYYY-MM-DD, UTC). */
export const planDueDate = (createdAt: Date): string =>
  toDateKey(addDaysUtc(createdAt, ACTION_PLAN_DUE_DAYS));

/** Whether a plan is waiting on the location's people (they may edit and submit it). */
export const awaitsAnswer = (state: ActionPlanState) => state === 'open' || state === 'returned';

/** Open or returned and past its due date (`today` as YYYY-MM-DD, UTC). */
export const isOverdue = (plan: { state: ActionPlanState; dueDate: string }, today: string) =>
  awaitsAnswer(plan.state) && plan.dueDate < today;

/** The state a plan shows: Overdue while it is waiting past its due date, else its stored state. */
export const displayState = (
  plan: { state: ActionPlanState; dueDate: string },
  today: string,
): ActionPlanDisplayState => (isOverdue(plan, today) ? 'overdue' : plan.state);

/**
 * Who acts on a plan: the location's people (its managers, the account's owner and admins, a report
 * address through its signed link) fill it in and submit; only the owner or an admin reviews.
 */
export type ActionPlanActor = 'responder' | 'reviewer';

export type ActionPlanAction = 'edit' | 'submit' | 'return' | 'resolve';

export const MSG_PLAN_NOT_EDITABLE = 'This action plan has been submitted and can no longer be changed.';
export const MSG_PLAN_NOT_SUBMITTABLE = 'Only an open or returned action plan can be submitted.';
export const MSG_PLAN_NOT_UNDER_REVIEW = 'Only a submitted action plan can be returned or resolved.';
export const MSG_PLAN_REVIEWERS_ONLY =
  'Only the owner or an admin of the account can return or resolve an action plan.';
export const MSG_RETURN_NOTE_REQUIRED = 'Note is required: say what more is needed.';
export const MSG_ACTION_REQUIRED = 'Action is required for every question.';
export const MSG_RESPONSIBLE_REQUIRED = 'Responsible person is required for every question.';
export const MSG_DUE_DATE_REQUIRED = 'Due date is required for every question.';
export const MSG_PLAN_NOT_FOUND = 'Action plan not found.';
export const MSG_TRIGGER_PERCENT = 'Score below must be a whole percent from 1 to 100.';
export const MSG_TRIGGER_QUESTION = 'Choose questions of this program.';

/**
 * The state an action leads to, or the message that refuses it: the plan's states are Open →
 * Submitted → Returned (with a note) → Submitted → Resolved.
 */
export function transition(
  state: ActionPlanState,
  action: ActionPlanAction,
  actor: ActionPlanActor,
): { ok: true; to: ActionPlanState } | { ok: false; message: string } {
  switch (action) {
    case 'edit':
      return awaitsAnswer(state) ? { ok: true, to: state } : { ok: false, message: MSG_PLAN_NOT_EDITABLE };
    case 'submit':
      return awaitsAnswer(state)
        ? { ok: true, to: 'submitted' }
        : { ok: false, message: MSG_PLAN_NOT_SUBMITTABLE };
    case 'return':
    case 'resolve':
      if (actor !== 'reviewer') return { ok: false, message: MSG_PLAN_REVIEWERS_ONLY };
      if (state !== 'submitted') return { ok: false, message: MSG_PLAN_NOT_UNDER_REVIEW };
      return { ok: true, to: action === 'return' ? 'returned' : 'resolved' };
  }
}

/** A planned question's answer as the location's people give it. */
export type PlanItemAnswer = { action: string; responsible: string; dueDate: string | null };

/** Every field of one planned question that is still empty, in the form's order (action, responsible, due date). */
export function missingFields(item: PlanItemAnswer): { field: keyof PlanItemAnswer; message: string }[] {
  const out: { field: keyof PlanItemAnswer; message: string }[] = [];
  if (!item.action.trim()) out.push({ field: 'action', message: MSG_ACTION_REQUIRED });
  if (!item.responsible.trim()) out.push({ field: 'responsible', message: MSG_RESPONSIBLE_REQUIRED });
  if (!item.dueDate) out.push({ field: 'dueDate', message: MSG_DUE_DATE_REQUIRED });
  return out;
}

/**
 * A plan's questions in the order the form asks them (`order`: the form's element ids, section by
 * section); questions the order does not name keep their place after the others.
 */
export function inFormOrder<Q extends { elementId: string }>(
  questions: readonly Q[],
  order: readonly string[],
): Q[] {
  const rank = new Map(order.map((id, i) => [id, i]));
  const at = (q: Q) => rank.get(q.elementId) ?? Number.MAX_SAFE_INTEGER;
  return [...questions].sort((a, b) => at(a) - at(b));
}

/** What keeps a plan from being submitted: the first missing field, by its label; null when complete. */
export function missingForSubmit(
  items: readonly PlanItemAnswer[],
): { field: string; message: string } | null {
  for (const item of items) {
    if (!item.action.trim()) return { field: 'action', message: MSG_ACTION_REQUIRED };
    if (!item.responsible.trim()) return { field: 'responsible', message: MSG_RESPONSIBLE_REQUIRED };
    if (!item.dueDate) return { field: 'dueDate', message: MSG_DUE_DATE_REQUIRED };
  }
  return null;
}

/** What the next approved visit says of a planned question. */
export const FOLLOW_UPS = ['fixed', 'still-failing', 'not-asked'] as const;
export type FollowUp = (typeof FOLLOW_UPS)[number];
export const FOLLOW_UP_LABELS: Record<FollowUp, string> = {
  fixed: 'Fixed',
  'still-failing': 'Still failing',
  'not-asked': 'Not asked',
};

/**
 * A planned question on the next visit: Fixed when it scored its possible score, Still failing when
 * below, Not asked when the visit has no scored answer to it (hidden by the form's rules, or removed).
 */
export function followUpOf(elementId: string, nextVisit: readonly ScoredQuestion[]): FollowUp {
  const q = nextVisit.find((x) => x.elementId === elementId);
  if (!q || q.possibleScore <= 0) return 'not-asked';
  return questionFailed(q) ? 'still-failing' : 'fixed';
}
