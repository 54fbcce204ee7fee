import { zFormName } from '../../domain/index.js';
import { type EvaluationError, type Form, parseForm } from '../../evaluation/index.js';
import { AppError } from '../errors.js';

function at(json: unknown, path: readonly (string | number)[]): Record<string, unknown> | null {
  let node: unknown = json;
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return null;
    node = (node as Record<string | number, unknown>)[key];
  }
  return typeof node === 'object' && node !== null ? (node as Record<string, unknown>) : null;
}

const label = (node: Record<string, unknown> | null, key: string) => {
  const text = node?.[key];
  return typeof text === 'string' && text.trim() ? ` '${text.trim().slice(0, 60)}'` : '';
};

/** Where the problem is, in words: "Section 2 'Cleanliness', element 3 'Was the floor clean?'". */
function describe(json: unknown, path: readonly (string | number)[]): string {
  if (path[0] !== 'sections' || typeof path[1] !== 'number') return 'Form';
  const section = `Section ${path[1] + 1}${label(at(json, path.slice(0, 2)), 'name')}`;
  if (path[2] !== 'elements' || typeof path[3] !== 'number') return section;
  return `${section}, element ${path[3] + 1}${label(at(json, path.slice(0, 4)), 'prompt')}`;
}

function invalidDraft(json: unknown, error: EvaluationError): AppError {
  const path = error.path;
  const pathText = path.join('.');
  // The engine prefixes schema issues with their path; the field names the path instead.
  const bare =
    pathText && error.message.startsWith(`${pathText}: `)
      ? error.message.slice(pathText.length + 2)
      : error.message;
  const message = `${describe(json, path)}: ${bare}`;
  return new AppError('BAD_USER_INPUT', message, [
    { field: pathText ? `draft.${pathText}` : 'draft', message },
  ]);
}

/**
 * Checks a form builder draft with the engine (schema and cross-checks) and the form-name rule,
 * returning the defaulted Form with the form's own id and active flag. Throws one AppError whose
 * field is the path of the first problem (e.g. `draft.sections.0.elements.2.options`).
 */
export function parseDraft(json: unknown, form: { id: string; isActive: boolean }): Form {
  const parsed = parseForm(json);
  if (!parsed.ok) throw invalidDraft(json, parsed.error);
  const name = zFormName.safeParse(parsed.value.name);
  if (!name.success) {
    const message = name.error.issues[0]?.message ?? 'Form name is required.';
    throw new AppError('BAD_USER_INPUT', message, [{ field: 'draft.name', message }]);
  }
  return { ...parsed.value, name: name.data, formGuid: form.id, isActive: form.isActive };
}
