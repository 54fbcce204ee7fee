import { describe, expect, it } from 'vitest';
import {
  canTransition,
  EvaluationStatus,
  evaluationStatusName,
  isShopperEditable,
  transitionRefusal,
  VisitStatus,
  visitStatusName,
} from './statuses';

describe('status catalogues', () => {
  it.each([
    ['Pending', 10000],
    ['Started', 10001],
    ['Submitted', 10002],
    ['Reviewing', 10003],
    ['Approved', 10004],
    ['Rejected', 10005],
    ['RejectedPaid', 10006],
    ['ClientCancelled', 10007],
    ['ShopperCancelled', 10008],
    ['Expired', 10009],
    ['Preview', 10010],
  ] as const)('numbers evaluation status %s as %i', (name, code) => {
    expect(EvaluationStatus[name]).toBe(code);
    expect(evaluationStatusName(code)).toBe(name);
  });

  it.each([
    ['Open', 10000],
    ['Offered', 10001],
    ['InProgress', 10002],
    ['Delivered', 10003],
    ['Locked', 10004],
    ['Cancelled', 10005],
  ] as const)('numbers legacy visit status %s as %i', (name, code) => {
    expect(VisitStatus[name]).toBe(code);
    expect(visitStatusName(code)).toBe(name);
  });

  it('has exactly eleven evaluation statuses and six visit statuses', () => {
    expect(Object.keys(EvaluationStatus)).toHaveLength(11);
    expect(Object.keys(VisitStatus)).toHaveLength(6);
  });

  it('names no status for a code outside the catalogue', () => {
    expect(evaluationStatusName(9999)).toBeNull();
    expect(visitStatusName(10006)).toBeNull();
  });
});

describe('evaluation status transitions', () => {
  const S = EvaluationStatus;
  it('follows the fieldwork path and lets a rejected evaluation start again', () => {
    const path = [
      S.Pending,
      S.Started,
      S.Submitted,
      S.Reviewing,
      S.Rejected,
      S.Started,
      S.Submitted,
      S.Reviewing,
      S.Approved,
    ];
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true);
  });
  it('keeps Approved and the ending statuses final', () => {
    for (const end of [S.Approved, S.ClientCancelled, S.ShopperCancelled, S.Expired, S.RejectedPaid]) {
      for (const to of Object.values(S)) expect(canTransition(end, to)).toBe(false);
    }
  });
  it('refuses skipping review, approving from Submitted, and a shopper giving up after submitting', () => {
    expect(canTransition(S.Started, S.Approved)).toBe(false);
    expect(canTransition(S.Submitted, S.Approved)).toBe(false);
    expect(canTransition(S.Submitted, S.ShopperCancelled)).toBe(false);
    expect(canTransition(S.Reviewing, S.Started)).toBe(false);
    expect(canTransition(99999, S.Started)).toBe(false);
  });
  it('lets the shopper edit only Started and Rejected evaluations', () => {
    expect(Object.values(S).filter(isShopperEditable)).toEqual([S.Started, S.Rejected]);
  });
});

describe('refused status changes', () => {
  const S = EvaluationStatus;
  it.each([
    [
      S.Submitted,
      S.Approved,
      'Claim this evaluation before you approve it: open it from the QA queue to start the review.',
    ],
    [
      S.Submitted,
      S.Rejected,
      'Claim this evaluation before you reject it: open it from the QA queue to start the review.',
    ],
    [S.Started, S.Approved, 'This evaluation has not been submitted yet, so it cannot be approved.'],
    [S.Started, S.Reviewing, 'This evaluation has not been submitted yet, so it cannot be reviewed.'],
    [S.Approved, S.Approved, 'This evaluation has already been approved.'],
    [S.Approved, S.Rejected, 'This evaluation has already been approved, so it cannot be rejected.'],
    [S.Submitted, S.Submitted, 'This evaluation has already been submitted and is waiting for QA.'],
    [S.Reviewing, S.Submitted, 'This evaluation is being reviewed by QA.'],
    [
      S.Submitted,
      S.ShopperCancelled,
      'This evaluation has already been submitted, so it can no longer be given back.',
    ],
    [
      S.ClientCancelled,
      S.Submitted,
      'This evaluation was cancelled by the customer, so it cannot be submitted.',
    ],
  ])('%i to %i says: %s', (from, to, message) => {
    expect(canTransition(from, to)).toBe(false);
    expect(transitionRefusal(from, to)).toBe(message);
  });

  it('never shows a status number, for any refused change', () => {
    for (const from of [...Object.values(S), 99999]) {
      for (const to of Object.values(S)) {
        if (canTransition(from, to)) continue;
        const message = transitionRefusal(from, to);
        expect(message).toMatch(/^[A-Z].*\.$/);
        expect(message).not.toMatch(/\d/);
      }
    }
  });
});
