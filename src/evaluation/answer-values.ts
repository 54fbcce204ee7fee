import type { AnswerValue, PhoneRecordingAnswer, TimespanAnswer } from './evaluation-types';
import type { ElementEntry } from './form-index';

// Readers for answers of unknown shape: stored evaluations are not re-validated, so every
// reader checks the shape and treats anything unexpected as "no answer" instead of throwing.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finiteOrZero(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** The selected option ids that exist on the element (choice: at most one). */
export function selectedOptionIds(entry: ElementEntry, value: unknown): string[] {
  if (entry.element.typeId === 'choice') {
    return typeof value === 'string' && entry.optionsById.has(value) ? [value] : [];
  }
  if (entry.element.typeId === 'multichoice' && Array.isArray(value)) {
    const ids: string[] = [];
    for (const id of value) {
      if (typeof id === 'string' && entry.optionsById.has(id) && !ids.includes(id)) ids.push(id);
    }
    return ids;
  }
  return [];
}

export function isTimespan(value: unknown): value is Partial<TimespanAnswer> {
  return (
    isRecord(value) &&
    (['hours', 'minutes', 'seconds'] as const).some(
      (k) => typeof value[k] === 'number' && Number.isFinite(value[k]),
    )
  );
}

/** A timespan in seconds, or null when the value is not a timespan. */
export function timespanSeconds(value: unknown): number | null {
  if (!isTimespan(value)) return null;
  return finiteOrZero(value.hours) * 3600 + finiteOrZero(value.minutes) * 60 + finiteOrZero(value.seconds);
}

export function recordingUrl(value: unknown): string | null {
  if (!isRecord(value)) return null;
  const url = (value as Partial<PhoneRecordingAnswer>).recordingURL;
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

function isNonBlankString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Whether the element holds a usable answer (spec: phonerecording only with a recording URL). */
export function isPopulated(entry: ElementEntry, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  switch (entry.element.typeId) {
    case 'remark':
      return false;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'choice':
    case 'multichoice':
      return selectedOptionIds(entry, value).length > 0;
    case 'timespan':
      return isTimespan(value);
    case 'phonerecording':
      return recordingUrl(value) !== null;
    case 'embed':
      return true;
    default:
      return isNonBlankString(value);
  }
}

/** The numbers a value offers to a numeric reading: a number, or a timespan in seconds. */
export function numericValue(entry: ElementEntry, value: unknown): number | null {
  if (entry.element.typeId === 'number')
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  if (entry.element.typeId === 'timespan') return timespanSeconds(value);
  return null;
}

function pad2(n: number): string {
  return String(Math.trunc(n)).padStart(2, '0');
}

/** The answer as report text, or null when there is none. */
export function answerText(entry: ElementEntry, value: AnswerValue | undefined): string | null {
  if (!isPopulated(entry, value)) return null;
  switch (entry.element.typeId) {
    case 'choice':
    case 'multichoice':
      return selectedOptionIds(entry, value)
        .map((id) => entry.optionsById.get(id)?.prompt ?? id)
        .join(', ');
    case 'number':
      return String(value);
    case 'timespan': {
      const t = value as Partial<TimespanAnswer>;
      return `${Math.trunc(finiteOrZero(t.hours))}:${pad2(finiteOrZero(t.minutes))}:${pad2(finiteOrZero(t.seconds))}`;
    }
    case 'phonerecording':
      return recordingUrl(value);
    default:
      return typeof value === 'string' ? value : null;
  }
}
