import { describe, expect, it } from 'vitest';
import { alertOf, benchmarkBand } from './score-alerts';

const rule = (over: Partial<Parameters<typeof alertOf>[0]> = {}) => ({
  belowPercent: null,
  dropPoints: null,
  trailingShops: 3,
  ...over,
});

describe('alertOf', () => {
  it('alerts under the line, not at it', () => {
    expect(alertOf(rule({ belowPercent: 70 }), 69.9, [])).toEqual({ reason: 'below', trailingAverage: null });
    expect(alertOf(rule({ belowPercent: 70 }), 70, [])).toBeNull();
  });
  it('alerts on a drop of more than Y points against the newest N shops only', () => {
    // The last 3 average 90; the older 10 is outside the window.
    expect(alertOf(rule({ dropPoints: 20 }), 69, [95, 90, 85, 10])).toEqual({
      reason: 'drop',
      trailingAverage: 90,
    });
    expect(alertOf(rule({ dropPoints: 20 }), 70, [95, 90, 85, 10])).toBeNull();
    // A first shop has nothing to drop from.
    expect(alertOf(rule({ dropPoints: 1 }), 0, [])).toBeNull();
  });
  it('says both when both trip', () => {
    expect(alertOf(rule({ belowPercent: 50, dropPoints: 10 }), 40, [80])?.reason).toBe('below-and-drop');
  });
});

describe('benchmarkBand', () => {
  const counts = new Map([
    [70, 40],
    [95, 10],
  ]);
  it('needs 5 accounts and 50 shops', () => {
    expect(benchmarkBand(90, counts, 4)).toBeNull();
    expect(benchmarkBand(90, new Map([[70, 49]]), 5)).toBeNull();
  });
  it('tells the smallest top band the score is within', () => {
    expect(benchmarkBand(96, counts, 5)).toEqual({ topPercent: 10, label: 'Top 10 %' });
    expect(benchmarkBand(90, counts, 5)).toEqual({ topPercent: 25, label: 'Top 25 %' });
    expect(benchmarkBand(60, counts, 5)).toEqual({ topPercent: null, label: 'Bottom 50 %' });
  });
});
