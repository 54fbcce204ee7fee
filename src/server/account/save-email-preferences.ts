import { eq } from 'drizzle-orm';
import { ZEmailPreferencesInput } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { parseInput } from '../errors.js';

/** saveEmailPreferences: the caller's six communication preferences (a missing one is off). */
export async function saveEmailPreferences(
  db: Db,
  opts: { user: UserRow; input: unknown },
): Promise<UserRow> {
  const emailPreferences = parseInput(ZEmailPreferencesInput, opts.input);
  const [saved] = await db
    .update(users)
    .set({ emailPreferences, updatedAt: new Date() })
    .where(eq(users.id, opts.user.id))
    .returning();
  return saved!;
}
