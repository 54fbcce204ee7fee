export { createForm } from './create-form.js';
export { MSG_FORM_NOT_FOUND } from './find-form.js';
export type { FormRecord, FormVersionRecord } from './form-records.js';
export { listForms } from './list-forms.js';
export { loadDraft, loadForm, loadVersionDefinition } from './load-form.js';
export { publishForm } from './publish-form.js';
export { saveFormDraft } from './save-form-draft.js';
export { setFormActive } from './set-form-active.js';
