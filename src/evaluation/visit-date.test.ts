import { describe, expect, it } from 'vitest';
import { element, evaluation, form } from './testing/factories';
import { visitDateOf } from './visit-date';

const f = form(
  [
    element('greeted', 'text'),
    element('hidden-date', 'date', { visible: { when: 'never', conditions: [] } }),
  ],
  [element('visit-date', 'date'), element('receipt-date', 'date')],
);

describe('the date of the visit', () => {
  it("is the first visible date question's answer, as entered", () => {
    expect(visitDateOf(evaluation(f, { 'visit-date': '2026-11-27', 'receipt-date': '2026-11-20' }))).toBe(
      '2026-11-27',
    );
  });

  it('skips unanswered and hidden date questions', () => {
    expect(visitDateOf(evaluation(f, { 'receipt-date': '2026-11-20' }))).toBe('2026-11-20');
    expect(visitDateOf(evaluation(f, { 'hidden-date': '2026-01-01', 'visit-date': '2026-11-27' }))).toBe(
      '2026-11-27',
    );
  });

  it('is null when the shopper entered no date', () => {
    expect(visitDateOf(evaluation(f, { greeted: 'yes' }))).toBeNull();
  });
});
