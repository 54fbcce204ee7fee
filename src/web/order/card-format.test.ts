import { describe, expect, it } from 'vitest';
import {
  cardComplete,
  createTokenThrottle,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  parseExpiry,
  tokenRequestDelay,
} from './card-format';

describe('card number input', () => {
  it.each([
    { typed: '4242424242424242', shown: '4242 4242 4242 4242' },
    { typed: '4242 4242 42', shown: '4242 4242 42' },
    { typed: '42424242424242429999', shown: '4242 4242 4242 4242' },
    { typed: '378282246310005', shown: '3782 822463 10005' },
    { typed: 'abc4', shown: '4' },
    { typed: '', shown: '' },
  ])('shows $typed as "$shown"', ({ typed, shown }) => {
    expect(formatCardNumber(typed)).toBe(shown);
  });
});

describe('expiry input', () => {
  it.each([
    { typed: '1', shown: '1' },
    { typed: '12', shown: '12' },
    { typed: '123', shown: '12/3' },
    { typed: '12/34', shown: '12/34' },
    { typed: '123456', shown: '12/34' },
  ])('shows $typed as "$shown"', ({ typed, shown }) => {
    expect(formatExpiry(typed)).toBe(shown);
  });

  it('reads MM/YY as a month and a four-digit year, and nothing else', () => {
    expect(parseExpiry('04/31')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13/31')).toBeNull();
    expect(parseExpiry('00/31')).toBeNull();
    expect(parseExpiry('4/31')).toBeNull();
  });

  it('keeps up to four CVC digits', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });
});

describe('cardComplete', () => {
  const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
  it('is complete once number, expiry and CVC are fully typed', () => {
    expect(cardComplete(card)).toBe(true);
    expect(cardComplete({ ...card, number: '3782 822463 10005', cvc: '1234' })).toBe(true);
  });
  it.each([
    { case: 'a short number', change: { number: '4242 4242 4242 424' } },
    { case: 'a half-typed expiry', change: { expiry: '12/3' } },
    { case: 'an impossible month', change: { expiry: '13/34' } },
    { case: 'a short CVC', change: { cvc: '12' } },
  ])('starts invalid with $case', ({ change }) => {
    expect(cardComplete({ ...card, ...change })).toBe(false);
  });
});

describe('card token requests', () => {
  it('waits until 2 seconds have passed since the previous request', () => {
    expect(tokenRequestDelay(null, 5000)).toBe(0);
    expect(tokenRequestDelay(5000, 5500)).toBe(1500);
    expect(tokenRequestDelay(5000, 7000)).toBe(0);
  });

  it('spaces two quick requests 2 seconds apart', async () => {
    let now = 10_000;
    const slept: number[] = [];
    const throttle = createTokenThrottle({
      now: () => now,
      sleep: async (ms) => {
        slept.push(ms);
        now += ms;
      },
    });
    const times: number[] = [];
    const request = async () => times.push(now);
    await throttle(request);
    now += 300;
    await throttle(request);
    expect(slept).toEqual([1700]);
    expect(times).toEqual([10_000, 12_000]);
  });
});
