import { isDeepStrictEqual } from 'node:util';
import { desc, eq } from 'drizzle-orm';
import { zId } from '../../domain/index.js';
import { type Db, inTransaction } from '../db/client.js';
import { newId } from '../db/ids.js';
import { formVersions } from '../db/schema.js';
import { parseInput } from '../errors.js';
import { findFormRow } from './find-form.js';
import type { FormRecord } from './form-records.js';
import { parseDraft } from './parse-draft.js';

/**
 * publishForm(_id): the saved draft becomes the next immutable version (1, 2, ...), in one
 * transaction with the form row locked so two publishes cannot take the same number. An invalid
 * draft is refused. Publishing a draft identical to the newest version creates nothing and
 * returns that version, so a double click does not make two versions.
 */
export async function publishForm(db: Db, opts: { id: unknown }): Promise<FormRecord> {
  const id = parseInput(zId('Form'), opts.id);
  return inTransaction(db, async (tx) => {
    const row = await findFormRow(tx, id, { lock: true });
    // As stored in jsonb: no undefined values, so equal forms compare equal.
    const definition: unknown = JSON.parse(JSON.stringify(parseDraft(row.draft, row)));
    const [latest] = await tx
      .select()
      .from(formVersions)
      .where(eq(formVersions.formId, id))
      .orderBy(desc(formVersions.version))
      .limit(1);
    if (latest && isDeepStrictEqual(latest.definition, definition)) {
      return { ...row, latestVersion: latest };
    }
    const [created] = await tx
      .insert(formVersions)
      .values({ id: newId(), formId: id, version: (latest?.version ?? 0) + 1, definition })
      .returning();
    return { ...row, latestVersion: created! };
  });
}
