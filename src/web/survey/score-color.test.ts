import { describe, expect, it } from 'vitest';
import { scoreColor } from './score-color';

describe('report score colours', () => {
  it.each([
    [0, 'red'],
    [69, 'red'],
    [70, 'blue'],
    [89, 'blue'],
    [90, 'green'],
    [100, 'green'],
  ] as const)('shows %i percent in %s', (percent, color) => {
    expect(scoreColor(percent)).toBe(color);
  });
});
