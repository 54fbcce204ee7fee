/**
 * Status catalogues of spec/admin-and-evaluation.md section 4. The numbers are the legacy codes
 * stored by the evaluation system, so they are part of the data contract and never renumbered.
 */

/** Evaluation statuses, Pending 10000 ... Preview 10010. */
export const EvaluationStatus = {
  Pending: 10000,
  Started: 10001,
  Submitted: 10002,
  Reviewing: 10003,
  Approved: 10004,
  Rejected: 10005,
  RejectedPaid: 10006,
  ClientCancelled: 10007,
  ShopperCancelled: 10008,
  Expired: 10009,
  Preview: 10010,
} as const;

export type EvaluationStatusName = keyof typeof EvaluationStatus;
export type EvaluationStatusCode = (typeof EvaluationStatus)[EvaluationStatusName];

/** Legacy visit (shop) statuses, Open 10000 ... Cancelled 10005. */
export const VisitStatus = {
  Open: 10000,
  Offered: 10001,
  InProgress: 10002,
  Delivered: 10003,
  Locked: 10004,
  Cancelled: 10005,
} as const;

export type VisitStatusName = keyof typeof VisitStatus;
export type VisitStatusCode = (typeof VisitStatus)[VisitStatusName];

function nameOf<T extends Record<string, number>>(catalogue: T, code: number): keyof T | null {
  for (const name of Object.keys(catalogue)) {
    if (catalogue[name] === code) return name;
  }
  return null;
}

/** The name of an evaluation status code, or null for a code outside the catalogue. */
export function evaluationStatusName(code: number): EvaluationStatusName | null {
  return nameOf(EvaluationStatus, code);
}

/** The name of a legacy visit status code, or null for a code outside the catalogue. */
export function visitStatusName(code: number): VisitStatusName | null {
  return nameOf(VisitStatus, code);
}

const S = EvaluationStatus;

/**
 * The allowed evaluation status changes (the spec lists none; these are the fieldwork issue's):
 * Pending -> Started -> Submitted -> Reviewing -> Approved | Rejected; Rejected -> Started;
 * Approved is final; ClientCancelled, ShopperCancelled and Expired end a visit. A shopper may give up
 * or a visit expire only before submission; the client may cancel anything not yet approved.
 */
export const EVALUATION_TRANSITIONS: Readonly<Record<EvaluationStatusCode, readonly EvaluationStatusCode[]>> =
  {
    [S.Pending]: [S.Started, S.ClientCancelled, S.ShopperCancelled, S.Expired],
    [S.Started]: [S.Submitted, S.ClientCancelled, S.ShopperCancelled, S.Expired],
    [S.Submitted]: [S.Reviewing, S.ClientCancelled],
    [S.Reviewing]: [S.Approved, S.Rejected, S.ClientCancelled],
    [S.Rejected]: [S.Started, S.ClientCancelled, S.ShopperCancelled, S.Expired],
    [S.Approved]: [],
    [S.RejectedPaid]: [],
    [S.ClientCancelled]: [],
    [S.ShopperCancelled]: [],
    [S.Expired]: [],
    [S.Preview]: [],
  };

/** Whether an evaluation may go from one status to another. */
export function canTransition(from: number, to: number): boolean {
  const allowed = EVALUATION_TRANSITIONS[from as EvaluationStatusCode];
  return !!allowed && allowed.includes(to as EvaluationStatusCode);
}

/** The statuses in which the shopper edits answers (a rejected evaluation is started again by its first change). */
export const isShopperEditable = (status: number): boolean => status === S.Started || status === S.Rejected;

/** Where an evaluation stands, as a person would say it ("This evaluation ..."). */
const STANDING: Record<EvaluationStatusCode, string> = {
  [S.Pending]: 'has not been started yet',
  [S.Started]: 'has not been submitted yet',
  [S.Submitted]: 'has already been submitted and is waiting for QA',
  [S.Reviewing]: 'is being reviewed by QA',
  [S.Approved]: 'has already been approved',
  [S.Rejected]: 'was sent back to the shopper for corrections',
  [S.RejectedPaid]: 'was rejected and closed',
  [S.ClientCancelled]: 'was cancelled by the customer',
  [S.ShopperCancelled]: 'was given back by its shopper',
  [S.Expired]: 'has expired',
  [S.Preview]: 'is a preview',
};

/** What the refused step would have done to it ("... so it cannot be ..."). */
const STEP: Record<EvaluationStatusCode, string> = {
  [S.Pending]: 'reset',
  [S.Started]: 'started again',
  [S.Submitted]: 'submitted',
  [S.Reviewing]: 'reviewed',
  [S.Approved]: 'approved',
  [S.Rejected]: 'rejected',
  [S.RejectedPaid]: 'rejected',
  [S.ClientCancelled]: 'cancelled',
  [S.ShopperCancelled]: 'given back',
  [S.Expired]: 'expired',
  [S.Preview]: 'previewed',
};

/**
 * Why an evaluation may not go from one status to another, in words for the person who tried (never
 * the status numbers): what happened and, where there is one, what to do instead.
 */
export function transitionRefusal(from: number, to: number): string {
  const standing = STANDING[from as EvaluationStatusCode];
  const step = STEP[to as EvaluationStatusCode];
  if (from === S.Submitted && (to === S.Approved || to === S.Rejected)) {
    return `Claim this evaluation before you ${to === S.Approved ? 'approve' : 'reject'} it: open it from the QA queue to start the review.`;
  }
  if (!standing) return 'This evaluation cannot take this step now. Reload it to see where it stands.';
  // The step it already took (approve twice, submit twice): saying where it stands is enough.
  if (from === to || (from === S.Reviewing && to === S.Submitted)) return `This evaluation ${standing}.`;
  if (to === S.ShopperCancelled && (from === S.Submitted || from === S.Reviewing)) {
    return 'This evaluation has already been submitted, so it can no longer be given back.';
  }
  return `This evaluation ${standing}, so it cannot be ${step ?? 'changed this way'}.`;
}
