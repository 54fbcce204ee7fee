import { createEvaluation, type Form, type FormElement } from '../../../evaluation';

/** What editors look up about the whole form: elements by id and the engine's display numbers. */
export interface FormOutline {
  form: Form;
  byId: ReadonlyMap<string, FormElement>;
  numbers: Readonly<Record<string, number | null>>;
}

export function outlineOf(form: Form): FormOutline {
  const byId = new Map<string, FormElement>();
  for (const section of form.sections) for (const e of section.elements) byId.set(e.localId, e);
  // Numbering is the engine's (it skips remarks and displayNumber false).
  const statuses = createEvaluation(form).status.elements;
  const numbers: Record<string, number | null> = {};
  for (const id of byId.keys()) numbers[id] = statuses[id]?.number ?? null;
  return { form, byId, numbers };
}
