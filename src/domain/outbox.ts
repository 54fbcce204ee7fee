// The mail outbox as admins see it (issue 17): each message's delivery status and what "Send again" does.
// Plain data and functions only (the first page may load this module with the rest of the domain).

/**
 * pending (waiting for its first or next try), sent (the mail server accepted it), failed (gave up after
 * its tries), kept (no mail server configured: the outbox is where mail goes).
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Readonly<Record<OutboxStatus, string>> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  kept: 'Kept in outbox',
};

export const isOutboxStatus = (value: unknown): value is OutboxStatus =>
  typeof value === 'string' && (OUTBOX_STATUSES as readonly string[]).includes(value);

/** What a message is, as the outbox stores it; every message the app sends is one of these. */
export const EMAIL_KINDS = [
  'order-confirmation',
  'order-notification',
  'billing-receipt',
  'billing-payment-failed',
  'reset-password',
  'team-invitation',
  'shop-scheduled',
  'shop-sent-to-qa',
  'shop-completed',
  'survey-complete',
  'report-ready',
  'evaluation-rejected',
  'action-plan',
  'daily-digest',
  'security-notice',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/**
 * A stored kind as one of EMAIL_KINDS: early versions spelt some with spaces ('order confirmation');
 * one this version does not know (an older or a newer message) is 'other'.
 */
export function emailKindOf(stored: string): EmailKind | 'other' {
  const kind = stored.trim().replace(/\s+/g, '-');
  return (EMAIL_KINDS as readonly string[]).includes(kind) ? (kind as EmailKind) : 'other';
}

export const MSG_OUTBOX_STATUS = 'Status must be pending, sent, failed or kept.';

/**
 * What "Send again" does with a message in each status:
 * - retry: a failed message was never accepted by the mail server, so the same message (same row, same
 *   Message-ID) is queued again with a fresh set of tries; its tries keep counting and its last error stays
 *   until the next try.
 * - copy: a sent or kept message is not touched (its history stays true); a new message copied from it is
 *   queued and delivered as any new message is.
 * - waiting: a pending message already has a delivery queued; a second one could send it twice.
 */
export type SendAgainPlan = 'retry' | 'copy' | 'waiting';

export function sendAgainPlan(status: OutboxStatus): SendAgainPlan {
  if (status === 'failed') return 'retry';
  if (status === 'pending') return 'waiting';
  return 'copy';
}

export const MSG_SEND_AGAIN_WAITING =
  'This message is waiting for delivery already. Send it again once it is sent or has failed.';
export const MSG_SEND_AGAIN_RETRY = 'The message is queued for delivery again.';
export const MSG_SEND_AGAIN_COPY = 'A copy of the message is queued for delivery.';
export const MSG_OUTBOX_EMAIL_NOT_FOUND = 'That message is not in the outbox.';

/**
 * How a message's recorded error reads: the 'Last error' while it still matters (pending, failed);
 * an 'Earlier error' once the message went out after all (or was kept), so a delivered message no
 * longer looks broken; nothing when there was none.
 */
export function outboxErrorLabel(
  status: string,
  error: string | null | undefined,
): 'Last error' | 'Earlier error' | null {
  if (!error) return null;
  return status === 'pending' || status === 'failed' ? 'Last error' : 'Earlier error';
}
