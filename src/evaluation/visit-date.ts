import type { Evaluation } from './evaluation-types';

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The date of the visit as the shopper entered it ('YYYY-MM-DD'): the answer of the form's first visible
 * date question that has one, or null when there is none. A calendar date, kept as the text entered and
 * never made a Date, so no time zone (the server's, the shopper's or a reader's) can move it a day.
 */
export function visitDateOf(e: Pick<Evaluation, 'form' | 'answers' | 'status'>): string | null {
  for (const section of e.form.sections) {
    for (const element of section.elements) {
      if (element.typeId !== 'date' || e.status.elements[element.localId]?.visible === false) continue;
      const value = e.answers[element.localId];
      if (typeof value === 'string' && CALENDAR_DATE.test(value)) return value;
    }
  }
  return null;
}
