import { eq } from 'drizzle-orm';
import { ZEmailPreferencesInput } from '../../domain/index.js';
import type { UserRow } from '../context.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { parseInput } from '../errors.js';

/**
 * saveEmailPreferences: the caller's communication preferences. Of the spec's six, a missing one is off;
 * "Action plans" and "Score alerts", not in the spec's contract, keeps its stored value when not sent.
 */
export async function saveEmailPreferences(
  db: Db,
  opts: { user: UserRow; input: unknown },
): Promise<UserRow> {
  const { receiveActionPlans, receiveScoreAlerts, ...six } = parseInput(ZEmailPreferencesInput, opts.input);
  const emailPreferences = {
    ...six,
    receiveActionPlans: receiveActionPlans ?? opts.user.emailPreferences.receiveActionPlans ?? true,
    receiveScoreAlerts: receiveScoreAlerts ?? opts.user.emailPreferences.receiveScoreAlerts ?? true,
  };
  const [saved] = await db
    .update(users)
    .set({ emailPreferences, updatedAt: new Date() })
    .where(eq(users.id, opts.user.id))
    .returning();
  return saved!;
}
