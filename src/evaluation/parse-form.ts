import type { z } from 'zod';
import { checkForm } from './check-form';
import { EvaluationError, fail, ok, type Result } from './evaluation-error';
import { type Form, ZForm } from './form-schema';

function idAt(json: unknown, path: readonly PropertyKey[]): string | null {
  let node: unknown = json;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  if (typeof node !== 'object' || node === null) return null;
  const id = (node as { localId?: unknown }).localId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

function fromIssue(json: unknown, issue: z.core.$ZodIssue): EvaluationError {
  const path = issue.path.filter((k): k is string | number => typeof k !== 'symbol');
  const inElement = path[0] === 'sections' && path[2] === 'elements' && path.length >= 4;
  const inSection = path[0] === 'sections' && path.length >= 2;
  const elementId = inElement ? idAt(json, path.slice(0, 4)) : null;
  const sectionId = inSection ? idAt(json, path.slice(0, 2)) : null;
  const field = path.length > 0 ? path.join('.') : 'form';
  return new EvaluationError('invalid-form', `${field}: ${issue.message}`, { elementId, sectionId, path });
}

/**
 * Parses form JSON (from the form builder or storage) into a checked Form with the spec's
 * defaults, or a typed error naming the element (and section) at fault. Never throws.
 */
export function parseForm(json: unknown): Result<Form> {
  let parsed: ReturnType<typeof ZForm.safeParse>;
  try {
    parsed = ZForm.safeParse(json);
  } catch (cause) {
    // Getters or proxies in hand-made input can throw while zod reads them.
    return fail(new EvaluationError('invalid-form', `The form could not be read: ${String(cause)}`));
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(
      issue ? fromIssue(json, issue) : new EvaluationError('invalid-form', 'The form is not valid.'),
    );
  }
  const problem = checkForm(parsed.data);
  return problem ? fail(problem) : ok(parsed.data);
}
