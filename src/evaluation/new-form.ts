import type { Form } from './form-schema';

/** The name of the section every new form starts with. */
export const DEFAULT_SECTION_NAME = 'Default Section';

/**
 * A new, active form with one empty section named 'Default Section'. Ids come from `newId`
 * (the caller's generator keeps the engine deterministic); by default crypto.randomUUID.
 */
export function newForm(name: string, newId: () => string = () => globalThis.crypto.randomUUID()): Form {
  const formGuid = newId();
  const sectionId = newId();
  return {
    name,
    formGuid,
    isActive: true,
    sections: [
      {
        name: DEFAULT_SECTION_NAME,
        mode: 'entry',
        formSectionGuid: sectionId,
        localId: sectionId,
        elements: [],
      },
    ],
  };
}
