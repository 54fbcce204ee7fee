import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZFrequencyPeriod, ZQuestionnaireType, zBooleanish, zNumberInput } from './common';

describe('shared field schemas', () => {
  it.each([
    ['mysteryShop', true],
    ['customerSurvey', true],
    ['survey', false],
  ])('accepts questionnaire type %s: %s', (type, valid) => {
    expect(ZQuestionnaireType.safeParse(type).success).toBe(valid);
  });

  it.each([
    ['week', true],
    ['month', true],
    ['quarter', true],
    ['year', false],
  ])('accepts frequency period %s: %s', (period, valid) => {
    expect(ZFrequencyPeriod.safeParse(period).success).toBe(valid);
  });

  it.each([
    ['3', 3],
    [' 4 ', 4],
    [5, 5],
    ['', null],
    [null, null],
    [Number.NaN, null],
    ['abc', null],
    [undefined, undefined],
  ])('reads the number input %o as %o', (input, expected) => {
    expect(zNumberInput.parse(input)).toBe(expected);
  });

  it('leaves a missing boolean at its default', () => {
    const S = z.object({ a: zBooleanish(true), b: zBooleanish() });
    expect(S.parse({})).toEqual({ a: true, b: false });
    expect(S.parse({ a: 'false', b: 'yes' })).toEqual({ a: false, b: true });
  });
});
