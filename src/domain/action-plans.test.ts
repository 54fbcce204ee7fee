import { describe, expect, it } from 'vitest';
import {
  type ActionPlanAction,
  type ActionPlanActor,
  type ActionPlanState,
  DEFAULT_ACTION_PLAN_TRIGGER,
  displayState,
  followUpOf,
  inFormOrder,
  MSG_ACTION_REQUIRED,
  MSG_DUE_DATE_REQUIRED,
  MSG_PLAN_NOT_EDITABLE,
  MSG_PLAN_NOT_SUBMITTABLE,
  MSG_PLAN_NOT_UNDER_REVIEW,
  MSG_PLAN_REVIEWERS_ONLY,
  MSG_RESPONSIBLE_REQUIRED,
  missingForSubmit,
  planDueDate,
  planQuestions,
  transition,
} from './action-plans';

const q = (elementId: string, score: number, possibleScore = 10) => ({ elementId, score, possibleScore });

describe('planQuestions (the trigger decision)', () => {
  const failedA = q('a', 0);
  const failedB = q('b', 5);
  const passed = q('c', 10);
  it.each([
    [
      'default: 70 % is below 80 %, every failed question',
      DEFAULT_ACTION_PLAN_TRIGGER,
      7,
      [failedA, passed],
      ['a'],
    ],
    ['default: exactly 80 % is not below 80 %', DEFAULT_ACTION_PLAN_TRIGGER, 8, [failedA, passed], null],
    ['default: 95 % with a failed question makes no plan', DEFAULT_ACTION_PLAN_TRIGGER, 9.5, [failedA], null],
    [
      'below 90 %: 85 % lists both failed',
      { belowPercent: 90, questionIds: [] },
      8.5,
      [failedA, failedB, passed],
      ['a', 'b'],
    ],
    [
      'chosen question b failed at 95 %: only b',
      { belowPercent: 80, questionIds: ['b'] },
      9.5,
      [failedA, failedB],
      ['b'],
    ],
    [
      'chosen question c passed at 95 %: no plan',
      { belowPercent: 80, questionIds: ['c'] },
      9.5,
      [failedA, passed],
      null,
    ],
    [
      'score trigger off, chosen a failed',
      { belowPercent: null, questionIds: ['a'] },
      1,
      [failedA, failedB],
      ['a'],
    ],
    ['both off: never', { belowPercent: null, questionIds: [] }, 0, [failedA], null],
    [
      'below the line but nothing failed (unscored answers): no plan',
      DEFAULT_ACTION_PLAN_TRIGGER,
      5,
      [passed],
      null,
    ],
  ] as const)('%s', (_, trigger, score, questions, expected) => {
    const listed = planQuestions(trigger, { score, possibleScore: 10, questions });
    expect(listed?.map((x) => x.elementId) ?? null).toEqual(expected);
  });

  it('a shop with no possible score makes no plan', () => {
    expect(
      planQuestions(DEFAULT_ACTION_PLAN_TRIGGER, { score: 0, possibleScore: 0, questions: [q('a', 0)] }),
    ).toBeNull();
  });
});

describe('transition', () => {
  const cases: [ActionPlanState, ActionPlanAction, ActionPlanActor, ActionPlanState | string][] = [
    ['open', 'edit', 'responder', 'open'],
    ['returned', 'edit', 'responder', 'returned'],
    ['submitted', 'edit', 'responder', MSG_PLAN_NOT_EDITABLE],
    ['resolved', 'edit', 'reviewer', MSG_PLAN_NOT_EDITABLE],
    ['open', 'submit', 'responder', 'submitted'],
    ['returned', 'submit', 'responder', 'submitted'],
    ['open', 'submit', 'reviewer', 'submitted'],
    ['submitted', 'submit', 'responder', MSG_PLAN_NOT_SUBMITTABLE],
    ['resolved', 'submit', 'responder', MSG_PLAN_NOT_SUBMITTABLE],
    ['submitted', 'return', 'reviewer', 'returned'],
    ['submitted', 'resolve', 'reviewer', 'resolved'],
    ['submitted', 'return', 'responder', MSG_PLAN_REVIEWERS_ONLY],
    ['submitted', 'resolve', 'responder', MSG_PLAN_REVIEWERS_ONLY],
    ['open', 'resolve', 'reviewer', MSG_PLAN_NOT_UNDER_REVIEW],
    ['returned', 'return', 'reviewer', MSG_PLAN_NOT_UNDER_REVIEW],
    ['resolved', 'return', 'reviewer', MSG_PLAN_NOT_UNDER_REVIEW],
    ['resolved', 'resolve', 'reviewer', MSG_PLAN_NOT_UNDER_REVIEW],
  ];
  it.each(cases)('%s, %s by a %s → %s', (state, action, actor, expected) => {
    const r = transition(state, action, actor);
    expect(r.ok ? r.to : r.message).toBe(expected);
  });
});

describe('displayState (overdue)', () => {
  it.each([
    ['open', '2026-11-24', '2026-11-25', 'overdue'],
    ['returned', '2026-11-24', '2026-11-25', 'overdue'],
    ['open', '2026-11-25', '2026-11-25', 'open'],
    ['submitted', '2026-11-01', '2026-11-25', 'submitted'],
    ['resolved', '2026-11-01', '2026-11-25', 'resolved'],
  ] as const)('%s due %s, on %s: %s', (state, dueDate, today, expected) => {
    expect(displayState({ state, dueDate }, today)).toBe(expected);
  });

  it('is due seven days after it was created', () => {
    expect(planDueDate(new Date('2026-11-25T23:30:00Z'))).toBe('2026-12-02');
  });
});

describe('inFormOrder', () => {
  it("lists a plan's questions in the form's order, section by section, not by their names", () => {
    const q = (elementId: string) => ({ elementId });
    const scored = [q('cleanliness-floor'), q('greeting'), q('arrival-time'), q('zz-extra')];
    expect(
      inFormOrder(scored, ['greeting', 'arrival-time', 'cleanliness-floor']).map((x) => x.elementId),
    ).toEqual(['greeting', 'arrival-time', 'cleanliness-floor', 'zz-extra']);
  });
});

describe('missingForSubmit', () => {
  const done = { action: 'Retrain the greeter', responsible: 'Dana', dueDate: '2026-12-01' };
  it.each([
    ['complete', [done], null],
    ['an empty action', [done, { ...done, action: '  ' }], MSG_ACTION_REQUIRED],
    ['nobody responsible', [{ ...done, responsible: '' }], MSG_RESPONSIBLE_REQUIRED],
    ['no due date', [{ ...done, dueDate: null }], MSG_DUE_DATE_REQUIRED],
  ] as const)('%s', (_, items, expected) => {
    expect(missingForSubmit(items)?.message ?? null).toBe(expected);
  });
});

describe('followUpOf', () => {
  const next = [q('a', 10), q('b', 0), q('n', 0, 0)];
  it.each([
    ['a', 'fixed'],
    ['b', 'still-failing'],
    ['gone', 'not-asked'],
    ['n', 'not-asked'],
  ] as const)('%s → %s', (id, expected) => {
    expect(followUpOf(id, next)).toBe(expected);
  });
});
