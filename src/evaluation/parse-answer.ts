import { EvaluationError, fail, ok, type Result } from './evaluation-error';
import type { AnswerValue } from './evaluation-types';
import type { ElementEntry } from './form-index';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks and normalises a raw answer for an element: numeric strings become numbers, option ids
 * become strings, duplicates leave a multichoice list, a missing timespan part is 0. `null`,
 * `undefined`, '' and an empty list mean "clear the answer" and give null.
 */
export function parseAnswer(entry: ElementEntry, value: unknown): Result<AnswerValue | null> {
  const bad = (message: string) =>
    fail(
      new EvaluationError('invalid-answer', message, {
        elementId: entry.id,
        sectionId: entry.section.localId,
      }),
    );
  if (value === null || value === undefined || value === '') return ok(null);
  const type = entry.element.typeId;
  switch (type) {
    case 'remark':
      return bad('A remark takes no answer.');
    case 'number': {
      const n = typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value.trim()) : value;
      return typeof n === 'number' && Number.isFinite(n) ? ok(n) : bad('A number answer must be a number.');
    }
    case 'date':
      return typeof value === 'string' && isIsoDate(value)
        ? ok(value)
        : bad('A date answer must be YYYY-MM-DD.');
    case 'choice': {
      const id = typeof value === 'number' ? String(value) : value;
      if (typeof id !== 'string' || !entry.optionsById.has(id))
        return bad('The answer is not one of the options.');
      return ok(id);
    }
    case 'multichoice': {
      if (!Array.isArray(value)) return bad('A multiple choice answer must be a list of option ids.');
      const ids: string[] = [];
      for (const raw of value) {
        const id = typeof raw === 'number' ? String(raw) : raw;
        if (typeof id !== 'string' || !entry.optionsById.has(id))
          return bad('The answer is not one of the options.');
        if (!ids.includes(id)) ids.push(id);
      }
      return ok(ids.length > 0 ? ids : null);
    }
    case 'timespan': {
      if (!isRecord(value)) return bad('A timespan answer holds hours, minutes and seconds.');
      const parts = { hours: value.hours ?? 0, minutes: value.minutes ?? 0, seconds: value.seconds ?? 0 };
      const valid = Object.values(parts).every((p) => typeof p === 'number' && Number.isFinite(p) && p >= 0);
      return valid
        ? ok(parts as { hours: number; minutes: number; seconds: number })
        : bad('Hours, minutes and seconds must be numbers of zero or more.');
    }
    case 'phonerecording': {
      if (typeof value === 'string') return ok({ recordingURL: value });
      if (!isRecord(value)) return bad('A phone recording answer holds a recordingURL.');
      const url = value.recordingURL ?? null;
      if (url !== null && typeof url !== 'string') return bad('The recordingURL must be text.');
      return ok({ ...value, recordingURL: url });
    }
    default:
      // text, narrative, time (format is a validation message, not a parse error), imageupload,
      // inboundparameter, embed.
      return typeof value === 'string' ? ok(value) : bad('The answer must be text.');
  }
}
