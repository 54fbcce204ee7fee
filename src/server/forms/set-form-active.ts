import { eq } from 'drizzle-orm';
import { ZSetFormActiveInput } from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { forms } from '../db/schema.js';
import { parseInput } from '../errors.js';
import { findFormRow, latestVersionOf } from './find-form.js';
import type { FormRecord } from './form-records.js';

/**
 * setFormActive(_id, isActive): switches a form on or off, in the row and in its draft (the next
 * published version carries it). Published versions are immutable and keep theirs.
 */
export async function setFormActive(db: Db, opts: { input: unknown }): Promise<FormRecord> {
  const { _id: id, isActive } = parseInput(ZSetFormActiveInput, opts.input);
  return inTransaction(db, async (tx) => {
    const row = await findFormRow(tx, id, { lock: true });
    const draft =
      typeof row.draft === 'object' && row.draft !== null ? { ...row.draft, isActive } : row.draft;
    const [saved] = await tx
      .update(forms)
      .set({ isActive, draft, updatedAt: new Date() })
      .where(eq(forms.id, id))
      .returning();
    return { ...saved!, latestVersion: await latestVersionOf(tx, id) };
  });
}
