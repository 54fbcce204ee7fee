import type { CompletionSummary, PerformanceClass } from '../../evaluation';

/** Mantine colours of the report's performance classes (spec 9: danger, warning, success). */
export const PERFORMANCE_COLOR: Record<PerformanceClass, string> = {
  danger: 'red',
  warning: 'yellow',
  success: 'green',
};

export const performanceColor = (c: PerformanceClass | null) => (c ? PERFORMANCE_COLOR[c] : 'gray');

/** Mantine colours of the completion summary's tones. */
export const TONE_COLOR: Record<CompletionSummary['tone'], string> = {
  danger: 'red',
  info: 'blue',
  success: 'green',
};
