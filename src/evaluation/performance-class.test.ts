import { describe, expect, it } from 'vitest';
import { elementPerformanceClass, percentage, sectionPerformanceClass } from './performance-class';

describe('performance classes', () => {
  it.each([
    [0, 'danger'],
    [50, 'danger'],
    [51, 'warning'],
    [75, 'warning'],
    [76, 'success'],
    [100, 'success'],
  ] as const)('an element at %i%% is %s', (pct, cls) => {
    expect(elementPerformanceClass(pct)).toBe(cls);
  });

  it.each([
    [0, 'danger'],
    [69, 'danger'],
    [70, 'warning'],
    [89, 'warning'],
    [90, 'success'],
    [100, 'success'],
  ] as const)('a section at %i%% is %s', (pct, cls) => {
    expect(sectionPerformanceClass(pct)).toBe(cls);
  });
});

describe('percentage', () => {
  it.each([
    [1, 3, 33],
    [2, 3, 67],
    [1, 2, 50],
    [0, 5, 0],
    [5, 5, 100],
    [0, 0, 0],
    [3, 0, 0],
  ])('%d of %d is %i%% (rounded, 0 when nothing can be scored)', (score, possible, pct) => {
    expect(percentage(score, possible)).toBe(pct);
  });
});
