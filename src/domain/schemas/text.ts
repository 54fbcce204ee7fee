import { z } from 'zod';

/**
 * The one rule for text that crosses the input boundary (GraphQL arguments, REST parameters, the
 * web forms): no control characters (tab, line feed and carriage return only where the field is
 * multi-line), no lone UTF-16 surrogates (PostgreSQL refuses them in JSON and they cannot be
 * stored as UTF-8), and a maximum length in UTF-16 code units.
 */
export interface TextRule {
  max: number;
  /** Line breaks and tabs are allowed (text areas, comments). */
  multiline?: boolean;
}

export type TextProblem = 'control' | 'line-break' | 'encoding' | 'length';

// C0 controls except tab, LF and CR; DEL; C1 controls. Tab, LF and CR are judged by `multiline`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this rule's job.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAK_OR_TAB = /[\t\n\r]/;
/** A surrogate not paired with its other half (in unicode mode a pair reads as one code point). */
const LONE_SURROGATE = /\p{Cs}/u;

export function textProblem(value: string, rule: TextRule): TextProblem | null {
  if (value.length > rule.max) return 'length';
  if (CONTROL.test(value)) return 'control';
  if (!rule.multiline && LINE_BREAK_OR_TAB.test(value)) return 'line-break';
  if (LONE_SURROGATE.test(value)) return 'encoding';
  return null;
}

export function textProblemMessage(label: string, problem: TextProblem, rule: TextRule): string {
  switch (problem) {
    case 'length':
      return `${label} cannot exceed ${rule.max} characters.`;
    case 'control':
      return `${label} cannot contain control characters.`;
    case 'line-break':
      return `${label} must be a single line.`;
    case 'encoding':
      return `${label} contains characters that are not valid text.`;
  }
}

/** The text rule's character checks as a zod check, for schemas that set their own length. */
export const safeChars = (label: string, multiline = false) =>
  z.superRefine<string>((value, ctx) => {
    const problem = textProblem(value, { max: Number.POSITIVE_INFINITY, multiline });
    if (problem) ctx.addIssue({ code: 'custom', message: textProblemMessage(label, problem, { max: 0 }) });
  });

/** A string that follows the text rule: trimmed, at most `max` characters, safe characters. */
export const zText = (label: string, rule: TextRule) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(rule.max, { error: `${label} cannot exceed ${rule.max} characters.` })
    .check(safeChars(label, rule.multiline));
