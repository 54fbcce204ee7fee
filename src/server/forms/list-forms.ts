import { asc, desc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { forms, formVersions } from '../db/schema.js';
import { type FormRecord, type FormVersionRecord, VERSION_SUMMARY } from './form-records.js';

/** listForms: every form by name, with its versions' numbers and dates (no drafts, no definitions). */
export async function listForms(db: Db): Promise<FormRecord[]> {
  const rows = await db
    .select({
      id: forms.id,
      name: forms.name,
      isActive: forms.isActive,
      createdAt: forms.createdAt,
      updatedAt: forms.updatedAt,
    })
    .from(forms)
    .orderBy(asc(forms.name), asc(forms.createdAt));
  if (rows.length === 0) return [];
  const versions = await db
    .select(VERSION_SUMMARY)
    .from(formVersions)
    .where(
      inArray(
        formVersions.formId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(formVersions.version));
  const byForm = new Map<string, FormVersionRecord[]>();
  for (const v of versions) byForm.set(v.formId, [...(byForm.get(v.formId) ?? []), v]);
  return rows.map((r) => {
    const own = byForm.get(r.id) ?? [];
    return { ...r, versions: own, latestVersion: own[0] ?? null };
  });
}
