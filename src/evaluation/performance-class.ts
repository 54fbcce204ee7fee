/** The report's performance classes (Bootstrap-style contextual names). */
export type PerformanceClass = 'danger' | 'warning' | 'success';

/** Element class: 50% or below danger, 75% or below warning, otherwise success. */
export function elementPerformanceClass(percentage: number): PerformanceClass {
  if (percentage <= 50) return 'danger';
  if (percentage <= 75) return 'warning';
  return 'success';
}

/** Section (and report) class: 69% or below danger, 89% or below warning, otherwise success. */
export function sectionPerformanceClass(percentage: number): PerformanceClass {
  if (percentage <= 69) return 'danger';
  if (percentage <= 89) return 'warning';
  return 'success';
}

/** A whole percentage of score over possible, kept in 0-100; 0 when nothing can be scored. */
export function percentage(score: number, possible: number): number {
  if (!(possible > 0) || !Number.isFinite(score) || !Number.isFinite(possible)) return 0;
  return Math.min(100, Math.max(0, Math.round((score / possible) * 100)));
}
