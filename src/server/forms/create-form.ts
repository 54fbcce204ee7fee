import { ZCreateFormInput } from '../../domain/index.js';
import { newForm } from '../../evaluation/index.js';
import type { Db } from '../db/client.js';
import { newId } from '../db/ids.js';
import { forms } from '../db/schema.js';
import { parseInput } from '../errors.js';
import type { FormRecord } from './form-records.js';

/** createForm(name): a new active form whose draft has one section, 'Default Section'; no versions yet. */
export async function createForm(db: Db, opts: { input: unknown }): Promise<FormRecord> {
  const { name } = parseInput(ZCreateFormInput, opts.input);
  const id = newId();
  const draft = { ...newForm(name, () => newId()), formGuid: id };
  const [row] = await db.insert(forms).values({ id, name, isActive: true, draft }).returning();
  return { ...row!, latestVersion: null, versions: [] };
}
