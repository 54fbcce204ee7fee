import { describe, expect, it } from 'vitest';
import { plannedVisits, SCHEDULE_LOOKAHEAD_DAYS, visitsInCycle } from './visit-schedule';

const d = (s: string) => new Date(`${s}T00:00:00Z`);

describe('visitsInCycle', () => {
  it('splits a month into equal parts, the last visit due on its last day', () => {
    expect(visitsInCycle(d('2027-03-01'), 'month', 2)).toEqual([
      { cycleStart: '2027-03-01', sequence: 1, dueDate: '2027-03-15' },
      { cycleStart: '2027-03-01', sequence: 2, dueDate: '2027-03-31' },
    ]);
  });
  it('handles weeks, quarters and a cycle starting mid-month', () => {
    expect(visitsInCycle(d('2027-03-03'), 'week', 1)).toEqual([
      { cycleStart: '2027-03-03', sequence: 1, dueDate: '2027-03-09' },
    ]);
    expect(visitsInCycle(d('2027-01-15'), 'quarter', 3).map((v) => v.dueDate)).toEqual([
      '2027-02-13',
      '2027-03-15',
      '2027-04-14',
    ]);
  });
  it('never makes a visit due before its cycle starts, even with more visits than days', () => {
    const visits = visitsInCycle(d('2027-03-01'), 'week', 10);
    expect(visits).toHaveLength(10);
    expect(visits.every((v) => v.dueDate >= '2027-03-01' && v.dueDate <= '2027-03-07')).toBe(true);
  });
});

describe('plannedVisits', () => {
  const shop = { startDate: '2027-03-01', totalQuantity: 3, frequencyQuantity: 2 };
  it('gives a one-time shop its total quantity within the month from its start date', () => {
    const visits = plannedVisits({ ...shop, recurring: false, frequencyPeriod: 'week' }, d('2027-06-01'));
    expect(visits.map((v) => v.dueDate)).toEqual(['2027-03-10', '2027-03-20', '2027-03-31']);
  });
  it('gives a recurring shop its first cycle at once, even when it starts later', () => {
    const visits = plannedVisits({ ...shop, recurring: true, frequencyPeriod: 'month' }, d('2027-02-01'));
    expect(visits.map((v) => `${v.cycleStart}#${v.sequence}`)).toEqual(['2027-03-01#1', '2027-03-01#2']);
  });
  it(`adds each further cycle ${SCHEDULE_LOOKAHEAD_DAYS} days before it starts`, () => {
    const weekly = { ...shop, recurring: true, frequencyPeriod: 'week', frequencyQuantity: 1 };
    expect(plannedVisits(weekly, d('2027-03-07')).map((v) => v.cycleStart)).toEqual([
      '2027-03-01',
      '2027-03-08',
    ]);
    expect(plannedVisits(weekly, d('2027-03-08')).map((v) => v.cycleStart)).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
    ]);
    const quarterly = { ...shop, recurring: true, frequencyPeriod: 'quarter', frequencyQuantity: 1 };
    expect(plannedVisits(quarterly, d('2027-05-25')).map((v) => v.cycleStart)).toEqual([
      '2027-03-01',
      '2027-06-01',
    ]);
    expect(plannedVisits(quarterly, d('2027-05-24')).map((v) => v.cycleStart)).toEqual(['2027-03-01']);
  });
});
