import { desc, eq } from 'drizzle-orm';
import { type Form, parseForm } from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import { formVersions } from '../db/schema.js';
import { AppError } from '../errors.js';

export const MSG_NO_FORM = 'This questionnaire has no published evaluation form yet.';

// Published versions never change, so each is parsed once per process.
const parsed = new Map<string, Form>();

function parseVersion(id: string, definition: unknown): Form {
  const hit = parsed.get(id);
  if (hit) return hit;
  const result = parseForm(definition);
  if (!result.ok) throw new Error(`Form version ${id} is not a valid form: ${result.error.message}`);
  parsed.set(id, result.value);
  return result.value;
}

/** The form of a published version. */
export async function formOfVersion(db: Db, versionId: string): Promise<Form> {
  const cached = parsed.get(versionId);
  if (cached) return cached;
  const [row] = await db.select().from(formVersions).where(eq(formVersions.id, versionId)).limit(1);
  if (!row) throw new Error(`Form version ${versionId} is missing.`);
  return parseVersion(row.id, row.definition);
}

/** The newest published version of a form: new evaluations start on it and keep it. */
export async function latestFormVersion(db: Db, formId: string | null): Promise<{ id: string; form: Form }> {
  const [row] = formId
    ? await db
        .select()
        .from(formVersions)
        .where(eq(formVersions.formId, formId))
        .orderBy(desc(formVersions.version))
        .limit(1)
    : [];
  if (!row) throw new AppError('CONFLICT', MSG_NO_FORM);
  return { id: row.id, form: parseVersion(row.id, row.definition) };
}
