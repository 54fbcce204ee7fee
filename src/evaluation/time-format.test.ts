import { describe, expect, it } from 'vitest';
import { formatLocalTime, isValidLocalTime, TIME_FORMAT } from './time-format';

describe('local time format', () => {
  it('is h:mm A', () => {
    expect(TIME_FORMAT).toBe('h:mm A');
  });

  it.each([
    [0, 0, '12:00 AM'],
    [9, 5, '9:05 AM'],
    [12, 30, '12:30 PM'],
    [21, 5, '9:05 PM'],
    [23, 59, '11:59 PM'],
  ])('formats %i:%i as %j, which validates', (h, m, text) => {
    expect(formatLocalTime(h, m)).toBe(text);
    expect(isValidLocalTime(text)).toBe(true);
  });

  it.each(['0:30 AM', '12:60 PM', '1:00PM', ' 1:00 PM', '1:00 PM ', ''])('rejects %j', (text) => {
    expect(isValidLocalTime(text)).toBe(false);
  });
});
