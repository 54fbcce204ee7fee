import { Badge } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ActionPlanDisplayState, FollowUp } from '../../domain';
import { FOLLOW_UP_COLOR, STATE_COLOR } from './plan-rules';

/** The state a plan shows, coloured: overdue (filled, to stand out) red, open yellow, returned orange, submitted blue, resolved green. */
export function StateBadge({ state, label, size }: { state: string; label: string; size?: 'sm' | 'lg' }) {
  return (
    <Badge
      color={STATE_COLOR[state as ActionPlanDisplayState] ?? 'gray'}
      variant={state === 'overdue' ? 'filled' : 'light'}
      size={size}
      data-testid="plan-state"
    >
      {label}
    </Badge>
  );
}

/** What the next visit says of a planned question: Fixed, Still failing or Not asked. */
export function FollowUpBadge({
  followUp,
  label,
}: {
  followUp: string | null | undefined;
  label?: string | null;
}) {
  if (!followUp) return null;
  return (
    <Badge
      color={FOLLOW_UP_COLOR[followUp as FollowUp] ?? 'gray'}
      variant="light"
      leftSection={followUp === 'fixed' ? <IconCheck size={12} aria-hidden /> : undefined}
      style={{ flexShrink: 0 }}
      data-testid="follow-up"
    >
      {label}
    </Badge>
  );
}
