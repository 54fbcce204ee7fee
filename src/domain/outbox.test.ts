import { describe, expect, it } from 'vitest';
import {
  isOutboxStatus,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  outboxErrorLabel,
  sendAgainPlan,
} from './outbox';

describe('the outbox statuses', () => {
  it.each([
    ['pending', 'Pending'],
    ['sent', 'Sent'],
    ['failed', 'Failed'],
    ['kept', 'Kept in outbox'],
  ] as const)('labels %s as %s', (status, label) => {
    expect(OUTBOX_STATUS_LABELS[status]).toBe(label);
  });

  it('knows exactly the four statuses', () => {
    expect(OUTBOX_STATUSES.filter(isOutboxStatus)).toHaveLength(4);
    for (const other of ['', 'SENT', 'all', 'delivered', null, undefined, 3]) {
      expect(isOutboxStatus(other)).toBe(false);
    }
  });
});

describe('send again', () => {
  it.each([
    ['failed', 'retry'],
    ['sent', 'copy'],
    ['kept', 'copy'],
    ['pending', 'waiting'],
  ] as const)('a %s message is sent again by %s', (status, plan) => {
    expect(sendAgainPlan(status)).toBe(plan);
  });
});

describe('outboxErrorLabel', () => {
  it.each([
    ['pending', 'connect ECONNREFUSED', 'Last error'],
    ['failed', 'connect ECONNREFUSED', 'Last error'],
    ['sent', 'connect ECONNREFUSED', 'Earlier error'],
    ['kept', 'connect ECONNREFUSED', 'Earlier error'],
    ['sent', null, null],
    ['failed', '', null],
  ])('a %s message with error %j reads as %j', (status, error, label) => {
    expect(outboxErrorLabel(status, error)).toBe(label);
  });
});
