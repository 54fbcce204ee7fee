import { describe, expect, it } from 'vitest';
import { isValidLocalTime } from '../../evaluation';
import { fromTimeInput, toTimeInput } from './time-input';

describe('time answers and the time input', () => {
  it.each([
    ['9:05 AM', '09:05'],
    ['12:30 PM', '12:30'],
    ['12:00 AM', '00:00'],
    ['11:59 PM', '23:59'],
  ])('shows the answer %s as %s and reads it back', (answer, input) => {
    expect(toTimeInput(answer)).toBe(input);
    expect(fromTimeInput(input)).toBe(answer);
    expect(isValidLocalTime(fromTimeInput(input)!)).toBe(true);
  });

  it('shows nothing for an answer that is not in the engine format, and reads an empty input as no answer', () => {
    expect(toTimeInput('21:05')).toBe('');
    expect(toTimeInput(undefined)).toBe('');
    expect(fromTimeInput('')).toBeNull();
  });
});
