import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { forms, formVersions } from '../db/schema.js';
import { AppError } from '../errors.js';
import { type FormVersionRecord, VERSION_SUMMARY } from './form-records.js';

export const MSG_FORM_NOT_FOUND = 'Form not found.';
export const formNotFound = () => new AppError('NOT_FOUND', MSG_FORM_NOT_FOUND);

/** The form row, locked until the transaction ends when `lock` is set; throws NOT_FOUND. */
export async function findFormRow(db: Db, id: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(forms).where(eq(forms.id, id)).limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  if (!row) throw formNotFound();
  return row;
}

/** The newest published version of a form (without its definition), or null. */
export async function latestVersionOf(db: Db, formId: string): Promise<FormVersionRecord | null> {
  const [row] = await db
    .select(VERSION_SUMMARY)
    .from(formVersions)
    .where(eq(formVersions.formId, formId))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return row ?? null;
}
