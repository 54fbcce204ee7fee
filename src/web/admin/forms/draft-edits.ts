import {
  type ElementType,
  type Form,
  type FormElement,
  type FormSection,
  type Ruleset,
  type RulesetCondition,
  ZFormElement,
} from '../../../evaluation';

// Immutable edits of a form draft. The engine caches its index per form object, so every edit
// makes new objects along the changed path and leaves the rest shared.

/** The next free id `prefix{n}` (n above every numeric suffix already used with that prefix). */
export function nextId(prefix: string, taken: Iterable<string>): string {
  let max = 0;
  for (const id of taken) {
    if (!id.startsWith(prefix)) continue;
    const n = Number(id.slice(prefix.length));
    if (Number.isInteger(n) && n > max) max = n;
  }
  return `${prefix}${max + 1}`;
}

export const allElements = (form: Form): FormElement[] => form.sections.flatMap((s) => s.elements);

const elementIds = (form: Form) => allElements(form).map((e) => e.localId);

function mapSections(form: Form, fn: (section: FormSection) => FormSection): Form {
  return { ...form, sections: form.sections.map(fn) };
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function sectionOf(form: Form, elementId: string): FormSection | undefined {
  return form.sections.find((s) => s.elements.some((e) => e.localId === elementId));
}

// ------------------------------------------------------------------ sections

/** Appends a section named 'Section {n}'; returns the form and the new section's id. */
export function addSection(form: Form): [Form, string] {
  const localId = nextId(
    's',
    form.sections.map((s) => s.localId),
  );
  const section: FormSection = {
    name: `Section ${form.sections.length + 1}`,
    mode: 'entry',
    formSectionGuid: null,
    localId,
    elements: [],
  };
  return [{ ...form, sections: [...form.sections, section] }, localId];
}

export function renameSection(form: Form, sectionId: string, name: string): Form {
  return mapSections(form, (s) => (s.localId === sectionId ? { ...s, name } : s));
}

export function moveSection(form: Form, sectionId: string, delta: -1 | 1): Form {
  const from = form.sections.findIndex((s) => s.localId === sectionId);
  return { ...form, sections: move(form.sections, from, from + delta) };
}

/** Removes a section with its elements, and the conditions that read those elements. */
export function removeSection(form: Form, sectionId: string): Form {
  const section = form.sections.find((s) => s.localId === sectionId);
  if (!section) return form;
  const removed = new Set(section.elements.map((e) => e.localId));
  return dropConditionsOn({ ...form, sections: form.sections.filter((s) => s !== section) }, removed);
}

// ------------------------------------------------------------------ elements

/** A new element of a type with the spec's defaults; choices start with two options. */
export function newElement(typeId: ElementType, localId: string): FormElement {
  const options =
    typeId === 'choice' || typeId === 'multichoice'
      ? [
          { localId: 'o1', prompt: 'Option 1', score: 0 },
          { localId: 'o2', prompt: 'Option 2', score: 0 },
        ]
      : [];
  return ZFormElement.parse({
    localId,
    typeId,
    prompt: '',
    options,
    config: typeId === 'remark' ? { content: '' } : {},
  });
}

/** Adds a new element at the end of a section; returns the form and the new element's id. */
export function addElement(form: Form, sectionId: string, typeId: ElementType): [Form, string] {
  const localId = nextId('e', elementIds(form));
  const element = newElement(typeId, localId);
  return [
    mapSections(form, (s) => (s.localId === sectionId ? { ...s, elements: [...s.elements, element] } : s)),
    localId,
  ];
}

export function updateElement(
  form: Form,
  elementId: string,
  update: (element: FormElement) => FormElement,
): Form {
  return mapSections(form, (s) =>
    s.elements.some((e) => e.localId === elementId)
      ? { ...s, elements: s.elements.map((e) => (e.localId === elementId ? update(e) : e)) }
      : s,
  );
}

export function moveElement(form: Form, elementId: string, delta: -1 | 1): Form {
  return mapSections(form, (s) => {
    const from = s.elements.findIndex((e) => e.localId === elementId);
    return from < 0 ? s : { ...s, elements: move(s.elements, from, from + delta) };
  });
}

/** Moves an element to the end of another section. */
export function moveElementToSection(form: Form, elementId: string, sectionId: string): Form {
  const element = allElements(form).find((e) => e.localId === elementId);
  if (!element || sectionOf(form, elementId)?.localId === sectionId) return form;
  return mapSections(form, (s) => {
    const without = s.elements.filter((e) => e.localId !== elementId);
    return { ...s, elements: s.localId === sectionId ? [...without, element] : without };
  });
}

/** A copy of an element (new id) placed right after it; returns the form and the copy's id. */
export function duplicateElement(form: Form, elementId: string): [Form, string] {
  const localId = nextId('e', elementIds(form));
  const next = mapSections(form, (s) => {
    const at = s.elements.findIndex((e) => e.localId === elementId);
    if (at < 0) return s;
    const original = s.elements[at]!;
    const copy: FormElement = { ...structuredClone(original), localId, formElementGuid: null };
    return { ...s, elements: [...s.elements.slice(0, at + 1), copy, ...s.elements.slice(at + 1)] };
  });
  return [next, localId];
}

/** Removes an element and the conditions of other elements that read it. */
export function removeElement(form: Form, elementId: string): Form {
  const without = mapSections(form, (s) => ({
    ...s,
    elements: s.elements.filter((e) => e.localId !== elementId),
  }));
  return dropConditionsOn(without, new Set([elementId]));
}

const readsOneOf = (condition: RulesetCondition, ids: ReadonlySet<string>) =>
  (condition.sourceField === 'question-option' || condition.sourceField === 'question-score') &&
  condition.sourceRef != null &&
  ids.has(condition.sourceRef);

/** How many conditions of other elements read the given element. */
export function conditionsReading(form: Form, elementId: string): number {
  const ids = new Set([elementId]);
  return allElements(form).reduce(
    (n, e) =>
      n + [...e.visible.conditions, ...e.required.conditions].filter((c) => readsOneOf(c, ids)).length,
    0,
  );
}

/**
 * Drops the conditions that read the given elements. A conditional ruleset left with no
 * conditions goes back to its default (visible always, required never), so removing a question
 * never leaves another one hidden for good.
 */
function dropConditionsOn(form: Form, ids: ReadonlySet<string>): Form {
  if (ids.size === 0) return form;
  const prune = (ruleset: Ruleset, fallback: Ruleset['when']): Ruleset => {
    const conditions = ruleset.conditions.filter((c) => !readsOneOf(c, ids));
    if (conditions.length === ruleset.conditions.length) return ruleset;
    return conditions.length === 0 ? { when: fallback, conditions } : { ...ruleset, conditions };
  };
  return mapSections(form, (s) => ({
    ...s,
    elements: s.elements.map((e) => {
      const visible = prune(e.visible, 'always');
      const required = prune(e.required, 'never');
      return visible === e.visible && required === e.required ? e : { ...e, visible, required };
    }),
  }));
}
