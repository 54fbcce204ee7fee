import { EvaluationError, fail, ok, type Result } from './evaluation-error';
import type { Answers, AnswerValue } from './evaluation-types';
import { indexForm } from './form-index';
import type { Form } from './form-schema';
import { setOwn } from './own-key';
import { parseAnswer } from './parse-answer';

/**
 * Checks one raw answer against the element's type and options (without editability or
 * visibility checks) and normalises it; null means "no answer".
 */
export function parseElementAnswer(
  form: Form,
  elementId: string,
  value: unknown,
): Result<AnswerValue | null> {
  const entry = indexForm(form).byId.get(elementId);
  if (!entry) {
    return fail(
      new EvaluationError('unknown-element', `There is no element ${elementId} in this form.`, { elementId }),
    );
  }
  return parseAnswer(entry, value);
}

/**
 * Checks a whole answers map (e.g. a submitted or stored evaluation's answers) against the form,
 * giving normalised answers or the first typed error naming the bad element. Empty answers are
 * dropped. Editability and visibility are `answer`'s and `refresh`'s business, not checked here.
 */
export function parseAnswers(form: Form, json: unknown): Result<Answers> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return fail(new EvaluationError('invalid-answer', 'Answers must be an object keyed by element id.'));
  }
  const answers: Record<string, AnswerValue> = {};
  for (const [id, raw] of Object.entries(json)) {
    const parsed = parseElementAnswer(form, id, raw);
    if (!parsed.ok) return parsed;
    if (parsed.value !== null) setOwn(answers, id, parsed.value);
  }
  return ok(answers);
}
