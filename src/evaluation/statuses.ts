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
