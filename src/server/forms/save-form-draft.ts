import { eq } from 'drizzle-orm';
import { zId } from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { forms } from '../db/schema.js';
import { parseInput } from '../errors.js';
import { findFormRow, latestVersionOf } from './find-form.js';
import type { FormRecord } from './form-records.js';
import { parseDraft } from './parse-draft.js';

/**
 * saveFormDraft(_id, draft): replaces the draft with the engine-checked, defaulted form. A bad
 * draft is refused with an error naming its path, and the stored draft stays as it was. The
 * form's name follows the draft's; its id and active flag stay the form's own.
 */
export async function saveFormDraft(db: Db, opts: { id: unknown; draft: unknown }): Promise<FormRecord> {
  const id = parseInput(zId('Form'), opts.id);
  return inTransaction(db, async (tx) => {
    const row = await findFormRow(tx, id, { lock: true });
    const draft = parseDraft(opts.draft, row);
    const [saved] = await tx
      .update(forms)
      .set({ draft, name: draft.name, updatedAt: new Date() })
      .where(eq(forms.id, id))
      .returning();
    return { ...saved!, latestVersion: await latestVersionOf(tx, id) };
  });
}
