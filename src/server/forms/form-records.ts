import { type forms, formVersions } from '../db/schema.js';

type FormRow = typeof forms.$inferSelect;
type FormVersionRow = typeof formVersions.$inferSelect;

/** A published version; `definition` is left out of lists and loaded when asked for. */
export type FormVersionRecord = Omit<FormVersionRow, 'definition'> & { definition?: unknown };

/**
 * A form as the API hands it on: its row (the draft only when loaded), its newest published
 * version and, when loaded, every version newest first.
 */
export type FormRecord = Omit<FormRow, 'draft'> & {
  draft?: unknown;
  latestVersion: FormVersionRecord | null;
  versions?: FormVersionRecord[];
};

/** The columns of a version without its (possibly large) definition. */
export const VERSION_SUMMARY = {
  id: formVersions.id,
  formId: formVersions.formId,
  version: formVersions.version,
  publishedAt: formVersions.publishedAt,
};
