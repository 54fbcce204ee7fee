import { Badge } from '@mantine/core';
import { EvaluationStatus, evaluationStatusName } from '../../evaluation';

const S = EvaluationStatus;

/** How a shopper or reviewer reads each evaluation status. */
const LABEL: Partial<Record<number, [label: string, color: string]>> = {
  [S.Pending]: ['Pending', 'gray'],
  [S.Started]: ['In progress', 'blue'],
  [S.Submitted]: ['Submitted', 'grape'],
  [S.Reviewing]: ['In review', 'cyan'],
  [S.Approved]: ['Approved', 'green'],
  [S.Rejected]: ['Corrections needed', 'red'],
  [S.RejectedPaid]: ['Rejected', 'red'],
  [S.ClientCancelled]: ['Cancelled by client', 'gray'],
  [S.ShopperCancelled]: ['Given back', 'gray'],
  [S.Expired]: ['Expired', 'gray'],
  [S.Preview]: ['Preview', 'gray'],
};

export function StatusBadge({ status }: { status: number }) {
  const [label, color] = LABEL[status] ?? [evaluationStatusName(status) ?? String(status), 'gray'];
  return (
    <Badge color={color} variant="light" data-testid="status-badge" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
