import { z } from 'zod';
import { isDateKey } from '../dates';
import type { FrequencyPeriod, QuestionnaireType } from '../types';
import { safeChars } from './text';

/** The questionnaire types and frequency periods the spec allows, as data for selects and schemas. */
export const QUESTIONNAIRE_TYPES = [
  'mysteryShop',
  'customerSurvey',
] as const satisfies readonly QuestionnaireType[];
export const FREQUENCY_PERIODS = ['week', 'month', 'quarter'] as const satisfies readonly FrequencyPeriod[];

export const MSG_QUESTIONNAIRE_TYPE = 'Questionnaire type must be mysteryShop or customerSurvey.';
export const ZQuestionnaireType = z.enum(QUESTIONNAIRE_TYPES, { error: MSG_QUESTIONNAIRE_TYPE });

export const MSG_FREQUENCY_PERIOD = 'Frequency must be week, month or quarter.';
export const ZFrequencyPeriod = z.enum(FREQUENCY_PERIODS, { error: MSG_FREQUENCY_PERIOD });

/** A required id (order, location, questionnaire...): a non-empty string. */
export const zId = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, { error: `${label} is required.` })
    .max(200, { error: `${label} is too long.` })
    .check(safeChars(label));

/**
 * A day written YYYY-MM-DD that is a real calendar day (dates.ts's isDateKey): the one rule of every
 * date parameter of the REST and GraphQL APIs, so 2025-02-30 is a field error, never a database error.
 * The pattern stays for the OpenAPI document.
 */
export const zDateKey = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message })
    .refine(isDateKey, { error: message });

const TRUE_WORDS = new Set(['true', '1', 'on', 'yes']);

/**
 * A checkbox or form value read as a boolean: 'true', '1', 'on' and 'yes' are true, anything
 * else (including 'false' and empty) is false. `z.coerce.boolean` would read 'false' as true.
 */
export const zBooleanish = (defaultValue = false) =>
  z
    .union([z.boolean(), z.string(), z.number()])
    .nullish()
    .transform((v) => {
      if (v === undefined || v === null) return defaultValue;
      if (typeof v === 'boolean') return v;
      if (typeof v === 'number') return v !== 0;
      return TRUE_WORDS.has(v.trim().toLowerCase());
    });

/**
 * A number typed into a form: numeric strings become numbers; '' / null / NaN become null
 * ("cleared", so a required rule can fire); a missing key stays undefined (so a default can apply).
 */
export const zNumberInput = z.preprocess((v) => {
  if (v === '' || v === null || (typeof v === 'number' && Number.isNaN(v))) return null;
  if (typeof v === 'string') {
    const n = Number(v.trim());
    return v.trim() === '' || !Number.isFinite(n) ? null : n;
  }
  return v;
}, z.number().nullable().optional());

/** Optional free text: trimmed, '' when absent; line breaks only when `multiline`. */
export const zOptionalText = (label: string, max: number, multiline = false) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} cannot exceed ${max} characters.` })
    .check(safeChars(label, multiline))
    .nullish()
    .transform((v) => v ?? '');
