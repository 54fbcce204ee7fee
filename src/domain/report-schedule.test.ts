import { describe, expect, it } from 'vitest';
import {
  firstBusinessDay,
  nextReportDay,
  periodLabel,
  reportEmailSubject,
  reportPeriodDue,
} from './report-schedule';

describe('reportPeriodDue', () => {
  it('sends weekly on Mondays, for the seven days before', () => {
    expect(reportPeriodDue('weekly', '2026-04-06')).toEqual({ start: '2026-03-30', end: '2026-04-05' });
    for (const day of ['2026-04-05', '2026-04-07', '2026-04-11'])
      expect(reportPeriodDue('weekly', day)).toBeNull();
  });

  it('sends monthly on the first business day, for the month before', () => {
    // March 1st 2026 is a Sunday, August 1st a Saturday: the Monday after.
    expect(reportPeriodDue('monthly', '2026-03-02')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(reportPeriodDue('monthly', '2026-03-01')).toBeNull();
    expect(reportPeriodDue('monthly', '2026-08-03')).toEqual({ start: '2026-07-01', end: '2026-07-31' });
    expect(reportPeriodDue('monthly', '2027-01-01')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(reportPeriodDue('monthly', '2026-04-02')).toBeNull();
    expect(reportPeriodDue('monthly', 'not a day')).toBeNull();
  });

  it('finds the first business day and the next sending day', () => {
    expect(firstBusinessDay(2026, 7).toISOString().slice(0, 10)).toBe('2026-08-03');
    expect(nextReportDay('weekly', '2026-04-07')).toBe('2026-04-13');
    expect(nextReportDay('monthly', '2026-03-03')).toBe('2026-04-01');
  });
});

describe('texts', () => {
  it('names a whole month by its name, other periods by their days', () => {
    expect(periodLabel({ start: '2026-02-01', end: '2026-02-28' })).toBe('February 2026');
    expect(periodLabel({ start: '2026-03-30', end: '2026-04-05' })).toBe('March 30, 2026 – April 5, 2026');
    expect(reportEmailSubject('weekly', { start: '2026-03-30', end: '2026-04-05' })).toBe(
      'Your weekly Performance Summary: March 30, 2026 – April 5, 2026',
    );
  });
});
