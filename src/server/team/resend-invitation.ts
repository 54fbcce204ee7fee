import { and, eq, isNull } from 'drizzle-orm';
import {
  invitationExpiry,
  invitationState,
  MSG_INVITATION_NOT_FOUND,
  type TeamRole,
} from '../../domain/index.js';
import type { MailAdapter } from '../adapters/mail.js';
import { recordAudit } from '../audit/index.js';
import { hashToken } from '../auth/tokens.js';
import { type Db, inTransaction } from '../db/client.js';
import { newToken } from '../db/ids.js';
import { teamInvitations } from '../db/schema.js';
import type { EmailBrand } from '../email/index.js';
import { AppError } from '../errors.js';
import { type Caller, requireTeam } from './access.js';
import {
  checkPendingRoom,
  type InvitationView,
  invitationMail,
  invitationView,
  lockAndCheckInvitee,
  refuseStaffTeam,
} from './team.js';

/**
 * Sends a pending or expired invitation again (issue 41), as its owner or a team admin: a new link,
 * valid for INVITATION_DAYS from now, and the old link dead (its token is replaced in the same row). An
 * expired invitation becomes pending again, so it must fit under the pending ceiling.
 */
export async function resendInvitation(
  db: Db,
  mail: MailAdapter,
  opts: { caller: Caller; id: string; origin: string; brand: EmailBrand; now?: Date },
): Promise<InvitationView> {
  const account = requireTeam(opts.caller, 'team');
  refuseStaffTeam(account);
  const now = opts.now ?? new Date();
  const token = newToken();
  return inTransaction(db, async (tx) => {
    const open = and(
      eq(teamInvitations.id, opts.id),
      eq(teamInvitations.accountId, account.id),
      isNull(teamInvitations.acceptedAt),
      isNull(teamInvitations.revokedAt),
    );
    const [inv] = await tx.select().from(teamInvitations).where(open).limit(1);
    if (!inv)
      throw new AppError('NOT_FOUND', MSG_INVITATION_NOT_FOUND, [
        { field: '_id', message: MSG_INVITATION_NOT_FOUND },
      ]);
    await lockAndCheckInvitee(tx, { account, email: inv.email, field: '_id' });
    if (invitationState(inv, now) === 'expired')
      await checkPendingRoom(tx, { accountId: account.id, now, field: '_id' });
    // Claimed again under the lock: withdrawn or accepted meanwhile, it is not sent.
    const [row] = await tx
      .update(teamInvitations)
      .set({ tokenHash: hashToken(token), expiresAt: invitationExpiry(now) })
      .where(open)
      .returning();
    if (!row)
      throw new AppError('NOT_FOUND', MSG_INVITATION_NOT_FOUND, [
        { field: '_id', message: MSG_INVITATION_NOT_FOUND },
      ]);
    const rendered = invitationMail({ ...opts, account, role: row.role as TeamRole, token });
    await mail.send(tx, { to: row.email, kind: 'team-invitation', ...rendered });
    await recordAudit(tx, opts.caller, {
      accountId: account.id,
      action: 'team.invitation_resent',
      subject: { type: 'invitation', id: row.id, label: row.email },
      before: { expiresAt: inv.expiresAt },
      after: { expiresAt: row.expiresAt },
      at: now,
    });
    return invitationView(row, now);
  });
}
