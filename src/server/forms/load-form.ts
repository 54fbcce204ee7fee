import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { forms, formVersions } from '../db/schema.js';
import { type FormRecord, type FormVersionRecord, VERSION_SUMMARY } from './form-records.js';

/**
 * loadForm(_id): the form with its draft and every version newest first (definitions are loaded
 * only when asked for); null if there is none.
 */
export async function loadForm(db: Db, opts: { id: string }): Promise<FormRecord | null> {
  const [row] = await db.select().from(forms).where(eq(forms.id, opts.id)).limit(1);
  if (!row) return null;
  const versions: FormVersionRecord[] = await db
    .select(VERSION_SUMMARY)
    .from(formVersions)
    .where(eq(formVersions.formId, row.id))
    .orderBy(desc(formVersions.version));
  return { ...row, versions, latestVersion: versions[0] ?? null };
}

/** A version's definition, for a version listed without it. */
export async function loadVersionDefinition(db: Db, versionId: string): Promise<unknown> {
  const [row] = await db
    .select({ definition: formVersions.definition })
    .from(formVersions)
    .where(eq(formVersions.id, versionId))
    .limit(1);
  return row?.definition ?? null;
}

/** A form's draft, for a form listed without it. */
export async function loadDraft(db: Db, formId: string): Promise<unknown> {
  const [row] = await db.select({ draft: forms.draft }).from(forms).where(eq(forms.id, formId)).limit(1);
  return row?.draft ?? null;
}
