// The supply side of fieldwork (issue 47, h47b): who holds a visit and why it changed hands, the
// shopper's rating and reliability, deadlines and extensions, and the offers e-mail. Pure rules only.

/** Why a visit changed hands, as its history records it. */
export const VISIT_HISTORY_ACTIONS = [
  'accepted',
  'released',
  'assigned',
  'reassigned',
  'deadline-released',
  'extension-requested',
  'extension-granted',
  'extension-refused',
] as const;
export type VisitHistoryAction = (typeof VISIT_HISTORY_ACTIONS)[number];

export const VISIT_HISTORY_LABEL: Record<VisitHistoryAction, string> = {
  accepted: 'Accepted by the shopper',
  released: 'Given back by the shopper',
  assigned: 'Assigned by the scheduler',
  reassigned: 'Taken back by the scheduler',
  'deadline-released': 'Released: not submitted by its deadline',
  'extension-requested': 'Extension asked for',
  'extension-granted': 'Extension granted',
  'extension-refused': 'Extension refused',
};

/** How a shopper's hold of a visit ended, for the reliability figure. */
export const HOLD_OUTCOMES = ['on-time', 'late', 'rejected', 'abandoned', 'expired'] as const;
export type HoldOutcome = (typeof HOLD_OUTCOMES)[number];

/**
 * What each outcome counts towards reliability: a visit submitted by its deadline counts in full; one
 * submitted after it (before the deadline job released it) or QA sent back for corrections half; one given back before its deadline a quarter (the visit goes back
 * to the board in time for another shopper); one released by the deadline job nothing.
 */
export const OUTCOME_CREDIT: Record<HoldOutcome, number> = {
  'on-time': 1,
  late: 0.5,
  rejected: 0.5,
  abandoned: 0.25,
  expired: 0,
};

/** Grades and outcomes read for the figures: the newest ones only, so a shopper can recover. */
export const RATING_WINDOW = 20;
/** Each older grade weighs this much of the next newer one (0.9: the 7th newest weighs about half). */
export const RATING_DECAY = 0.9;

export const GRADE_MIN = 1;
export const GRADE_MAX = 10;
export const MSG_GRADE_RANGE = `Give the visit a grade from ${GRADE_MIN} to ${GRADE_MAX}.`;
export const MSG_GRADE_REASON = 'Say why the visit gets this grade.';

/**
 * The weighted recent average of grades (newest first): weights RATING_DECAY^i over the newest
 * RATING_WINDOW, rounded to one decimal; null without grades.
 */
export function weightedRating(gradesNewestFirst: readonly number[]): number | null {
  const recent = gradesNewestFirst.slice(0, RATING_WINDOW);
  if (recent.length === 0) return null;
  let sum = 0;
  let weights = 0;
  recent.forEach((grade, i) => {
    const w = RATING_DECAY ** i;
    sum += grade * w;
    weights += w;
  });
  return Math.round((sum / weights) * 10) / 10;
}

/** Reliability in per cent over the newest RATING_WINDOW outcomes (newest first); null without any. */
export function reliabilityOf(outcomesNewestFirst: readonly HoldOutcome[]): number | null {
  const recent = outcomesNewestFirst.slice(0, RATING_WINDOW);
  if (recent.length === 0) return null;
  const credit = recent.reduce((s, o) => s + OUTCOME_CREDIT[o], 0);
  return Math.round((credit / recent.length) * 100);
}

/** The explanation a shopper reads on their own page (and QA beside the figures). */
export const RATING_EXPLANATION =
  `Your rating is the average of the grades (${GRADE_MIN}-${GRADE_MAX}) QA gave your last ${RATING_WINDOW} approved visits, ` +
  'the newest counting most. Your reliability is how your last ' +
  `${RATING_WINDOW} accepted visits ended: submitted by the deadline counts in full, submitted late or sent back for corrections half, ` +
  'given back before the deadline a quarter, released because the deadline passed nothing.';

const DAY_MS = 86_400_000;

/** A day key (YYYY-MM-DD, UTC) `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The last day (UTC) a shopper who accepts at `acceptedAt` may submit: the visit's due date, or
 * `submitWithinDays` after accepting when the questionnaire sets it and that comes first.
 */
export function submitByOf(opts: {
  acceptedAt: Date;
  dueDate: string;
  submitWithinDays: number | null;
}): string {
  const accepted = opts.acceptedAt.toISOString().slice(0, 10);
  if (opts.submitWithinDays == null) return opts.dueDate;
  const within = addDays(accepted, opts.submitWithinDays);
  return within < opts.dueDate ? within : opts.dueDate;
}

/** Days a granted extension adds at most. */
export const EXTENSION_MAX_DAYS = 14;
export const MSG_EXTENSION_ONCE = 'You have already asked for an extension of this visit.';
export const MSG_EXTENSION_REASON = 'Say why you need more time.';
export const MSG_EXTENSION_DAYS = `Choose from 1 to ${EXTENSION_MAX_DAYS} more days.`;
export const MSG_EXTENSION_NOT_ASKED = 'This visit has no extension waiting for a decision.';
export const MSG_NOT_HELD = 'Nobody holds this visit now.';
export const MSG_ASSIGN_REASON = 'Say why the visit is assigned.';

/** A visit still open this many days before its due date is at risk, and is offered again. */
export const AT_RISK_DAYS = 5;
/** An accepted visit whose shopper has saved nothing for this many days is at risk ("silent"). */
export const SILENT_DAYS = 3;

/** The distance shoppers get offers within unless they choose another (miles). */
export const DEFAULT_OFFER_RADIUS_MILES = 25;
/** Visits one offers e-mail lists at most (the rest: "and N more"). */
export const OFFER_EMAIL_MAX_VISITS = 10;

export const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles (haversine), as the SQL of the offers and the desk computes it. */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * What a customer reads as a visit's status: scheduled (open), in field (a shopper holds it), with QA,
 * complete, or late (past its due date and not submitted, whatever else is true).
 */
export type CustomerVisitStatus = 'scheduled' | 'in-field' | 'with-qa' | 'complete' | 'late';

export function customerVisitStatus(opts: {
  visitStatus: 'open' | 'held' | 'delivered' | 'cancelled';
  evaluationSubmitted: boolean;
  dueDate: string;
  today: string;
}): CustomerVisitStatus {
  if (opts.visitStatus === 'delivered') return 'complete';
  if (opts.evaluationSubmitted) return 'with-qa';
  if (opts.dueDate < opts.today) return 'late';
  return opts.visitStatus === 'held' ? 'in-field' : 'scheduled';
}
