import { Badge } from '@mantine/core';
import { isOutboxStatus, OUTBOX_STATUS_LABELS } from '../../../domain';
import { STATUS_COLORS } from './outbox-filter';

/** A message's delivery status as a coloured badge. */
export function EmailStatusBadge({ status }: { status: string }) {
  const known = isOutboxStatus(status) ? status : null;
  return (
    <Badge
      color={known ? STATUS_COLORS[known] : 'gray'}
      variant="light"
      data-testid="email-status"
      // Never cut to 'KEPT IN O…' by a narrow column.
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {known ? OUTBOX_STATUS_LABELS[known] : status}
    </Badge>
  );
}
