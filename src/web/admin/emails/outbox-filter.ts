import {
  EMAIL_KINDS,
  isOutboxStatus,
  OUTBOX_STATUS_LABELS,
  OUTBOX_STATUSES,
  type OutboxStatus,
  valueOfEnumName,
} from '../../../domain';

// The outbox list's filter, kept in the address (?status=failed&to=ann) so Back and a shared link keep it.

export type OutboxFilter = { status: OutboxStatus | null; to: string };

/** The status choices of the filter, 'All' first. */
export const STATUS_CHOICES: readonly { value: string; label: string }[] = [
  { value: 'all', label: 'All' },
  ...OUTBOX_STATUSES.map((s) => ({ value: s, label: OUTBOX_STATUS_LABELS[s] })),
];

/** The filter in the address; an unknown status reads as all. */
export function readOutboxFilter(params: URLSearchParams): OutboxFilter {
  const status = params.get('status');
  return { status: isOutboxStatus(status) ? status : null, to: params.get('to')?.trim() ?? '' };
}

/** The address's parameters for a filter. */
export function outboxParams(filter: OutboxFilter): URLSearchParams {
  const next = new URLSearchParams();
  if (filter.status) next.set('status', filter.status);
  if (filter.to.trim()) next.set('to', filter.to.trim());
  return next;
}

/** The theme's status colours (readable shades, accessible-theme.ts) by delivery status. */
export const STATUS_COLORS: Readonly<Record<OutboxStatus, string>> = {
  pending: 'yellow',
  sent: 'green',
  failed: 'red',
  kept: 'blue',
};

export const MSG_NO_EMAILS = 'There are no messages in the outbox yet.';
export const MSG_NO_MATCHING_EMAILS = 'No messages match this filter.';
export const MSG_NO_HTML = 'No HTML version';

export const messageCount = (n: number) => (n === 1 ? '1 message' : `${n.toLocaleString('en-US')} messages`);

/** A message's kind as the outbox stores it ('shop-sent-to-qa' for the API's SHOP_SENT_TO_QA). */
export const kindText = (kind: string): string => valueOfEnumName(EMAIL_KINDS, kind) ?? kind.toLowerCase();
