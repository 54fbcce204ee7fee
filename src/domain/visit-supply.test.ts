import { describe, expect, it } from 'vitest';
import {
  customerVisitStatus,
  milesBetween,
  RATING_WINDOW,
  reliabilityOf,
  submitByOf,
  weightedRating,
} from './visit-supply';

describe('the shopper rating', () => {
  it('is null without grades and the grade itself with one', () => {
    expect(weightedRating([])).toBeNull();
    expect(weightedRating([7])).toBe(7);
  });

  it('weighs newer grades more (0.9 per step back) and reads only the newest window', () => {
    expect(weightedRating([10, 4])).toBe(Math.round(((10 + 4 * 0.9) / 1.9) * 10) / 10);
    expect(weightedRating([10, 4])).toBeGreaterThan(weightedRating([4, 10])!);
    const old = Array.from({ length: RATING_WINDOW }, () => 8);
    expect(weightedRating([...old, 1, 1, 1])).toBe(8);
  });
});

describe('reliability', () => {
  it('counts on time in full, late or rejected half, given back a quarter, released nothing', () => {
    expect(reliabilityOf([])).toBeNull();
    expect(reliabilityOf(['on-time', 'on-time'])).toBe(100);
    expect(reliabilityOf(['on-time', 'expired'])).toBe(50);
    expect(reliabilityOf(['rejected', 'late', 'abandoned', 'expired'])).toBe(31);
  });
});

describe('the deadline of a hold', () => {
  const acceptedAt = new Date('2026-03-01T15:00:00Z');
  it('is the due date, or the days after accepting when those come first', () => {
    expect(submitByOf({ acceptedAt, dueDate: '2026-03-20', submitWithinDays: null })).toBe('2026-03-20');
    expect(submitByOf({ acceptedAt, dueDate: '2026-03-20', submitWithinDays: 5 })).toBe('2026-03-06');
    expect(submitByOf({ acceptedAt, dueDate: '2026-03-04', submitWithinDays: 5 })).toBe('2026-03-04');
  });
});

describe('distances', () => {
  it('are great-circle miles', () => {
    // Austin to Dallas: about 182 miles.
    expect(milesBetween({ lat: 30.2672, lng: -97.7431 }, { lat: 32.7767, lng: -96.797 })).toBeCloseTo(
      182,
      -1,
    );
  });
});

describe("the customer's visit status", () => {
  const base = { dueDate: '2026-03-10', today: '2026-03-05', evaluationSubmitted: false };
  it('is scheduled, in field, with QA or complete, and late when past due and not submitted', () => {
    expect(customerVisitStatus({ ...base, visitStatus: 'open' })).toBe('scheduled');
    expect(customerVisitStatus({ ...base, visitStatus: 'held' })).toBe('in-field');
    expect(customerVisitStatus({ ...base, visitStatus: 'held', evaluationSubmitted: true })).toBe('with-qa');
    expect(customerVisitStatus({ ...base, visitStatus: 'delivered' })).toBe('complete');
    expect(customerVisitStatus({ ...base, visitStatus: 'open', today: '2026-03-11' })).toBe('late');
    expect(customerVisitStatus({ ...base, visitStatus: 'held', today: '2026-03-11' })).toBe('late');
  });
});
