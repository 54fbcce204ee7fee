import type { PerformanceStatus } from '../../../domain';

/** Mantine colours of the performance statuses (below 80% error, below 90% warn, else success). */
export const STATUS_COLOR: Record<PerformanceStatus, string> = {
  error: 'red',
  warn: 'orange',
  success: 'green',
};
