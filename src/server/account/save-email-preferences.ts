import { eq } from 'drizzle-orm';
import { ZEmailPreferencesInput } from '../../domain/index.js';
import { type AuditActor, recordAudit } from '../audit/index.js';
import type { UserRow } from '../context.js';
import { type Db, inTransaction } from '../db/client.js';
import { users } from '../db/schema.js';
import { parseInput } from '../errors.js';

/**
 * saveEmailPreferences: the caller's communication preferences. Of the spec's six, a missing one is off;
 * "Action plans" and "Score alerts", not in the spec's contract, keeps its stored value when not sent.
 */
export async function saveEmailPreferences(
  db: Db,
  opts: {
    user: UserRow;
    input: unknown;
    /** Who changes them and in which account (the audit log); by default the user, in their own. */
    audit?: { actor: AuditActor; accountId: string };
  },
): Promise<UserRow> {
  const { receiveActionPlans, receiveScoreAlerts, ...six } = parseInput(ZEmailPreferencesInput, opts.input);
  const emailPreferences = {
    ...six,
    receiveActionPlans: receiveActionPlans ?? opts.user.emailPreferences.receiveActionPlans ?? true,
    receiveScoreAlerts: receiveScoreAlerts ?? opts.user.emailPreferences.receiveScoreAlerts ?? true,
  };
  return inTransaction(db, async (tx) => {
    const [saved] = await tx
      .update(users)
      .set({ emailPreferences, updatedAt: new Date() })
      .where(eq(users.id, opts.user.id))
      .returning();
    await recordAudit(tx, opts.audit?.actor ?? { person: opts.user }, {
      accountId: opts.audit?.accountId ?? opts.user.id,
      action: 'preferences.changed',
      subject: { type: 'login', id: opts.user.id, label: opts.user.email },
      before: { ...opts.user.emailPreferences },
      after: { ...emailPreferences },
    });
    return saved!;
  });
}
