import { describe, expect, it } from 'vitest';
import { EvaluationStatus, evaluationStatusName, VisitStatus, visitStatusName } from './statuses';

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
