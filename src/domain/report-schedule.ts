import { MONTHS } from './format';
// Scheduled report e-mails (issue 48): the owner sends the Performance Summary weekly or monthly to
// chosen members of the team. Pure rules: when a schedule is due, which period it covers, the texts.

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_LABELS: Record<ReportFrequency, string> = {
  weekly: 'Weekly (every Monday, for the week before)',
  monthly: 'Monthly (on the first business day, for the month before)',
};

export const PAPER_SIZES = ['a4', 'letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const PAPER_LABELS: Record<PaperSize, string> = { a4: 'A4', letter: 'US Letter' };

/** Most recipients of one account's scheduled report. */
export const MAX_REPORT_RECIPIENTS = 50;

export const MSG_RECIPIENT_NOT_MEMBER = 'Each recipient must be a member of your team.';
export const MSG_NO_RECIPIENTS = 'Choose at least one recipient.';
export const MSG_TOO_MANY_RECIPIENTS = `Choose at most ${MAX_REPORT_RECIPIENTS} recipients.`;
export const MSG_REPORT_FREQUENCY = 'Choose how often: Weekly or Monthly.';
export const MSG_PAPER_SIZE = 'Choose a paper size: A4 or US Letter.';
export const MSG_SCHEDULE_SAVED = 'Your scheduled report has been saved.';
export const MSG_SCHEDULE_STOPPED = 'Your scheduled report has been turned off.';

/** A day as YYYY-MM-DD (UTC). */
const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const isWeekday = (d: Date) => d.getUTCDay() >= 1 && d.getUTCDay() <= 5;

/** The first Monday-to-Friday day of a month (UTC). Public holidays are not known here. */
export function firstBusinessDay(year: number, month: number): Date {
  let d = utcDay(year, month, 1);
  while (!isWeekday(d)) d = utcDay(year, month, d.getUTCDate() + 1);
  return d;
}

/** An inclusive range of days (YYYY-MM-DD, UTC) a report covers. */
export type ReportPeriod = { start: string; end: string };

/**
 * The period a schedule sends on `day` (YYYY-MM-DD), or null when it sends nothing that day: weekly on
 * Mondays, the seven days before; monthly on the first business day, the month before.
 */
export function reportPeriodDue(frequency: ReportFrequency, day: string): ReportPeriod | null {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  if (frequency === 'weekly') {
    if (d.getUTCDay() !== 1) return null;
    const start = utcDay(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - 7);
    const end = utcDay(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - 1);
    return { start: dayKey(start), end: dayKey(end) };
  }
  if (dayKey(firstBusinessDay(d.getUTCFullYear(), d.getUTCMonth())) !== day) return null;
  const start = utcDay(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  const end = utcDay(d.getUTCFullYear(), d.getUTCMonth(), 0);
  return { start: dayKey(start), end: dayKey(end) };
}

/** The next day (from `day` on, at most a year ahead) a schedule sends, for the settings page. */
export function nextReportDay(frequency: ReportFrequency, day: string): string | null {
  const d = new Date(`${day}T00:00:00Z`);
  for (let i = 0; i < 370; i++) {
    const candidate = dayKey(utcDay(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + i));
    if (reportPeriodDue(frequency, candidate)) return candidate;
  }
  return null;
}

/** A day as 'March 2, 2026'. */
export function longDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/** A period as words: 'March 2026' for a whole month, else 'March 2, 2026 – March 8, 2026'. */
export function periodLabel(p: ReportPeriod): string {
  const [sy, sm, sd] = p.start.split('-').map(Number) as [number, number, number];
  const lastOfMonth = dayKey(utcDay(sy, sm, 0));
  if (sd === 1 && p.end === lastOfMonth) return `${MONTHS[sm - 1]} ${sy}`;
  return `${longDay(p.start)} – ${longDay(p.end)}`;
}

/** The subject of a scheduled report e-mail. */
export const reportEmailSubject = (frequency: ReportFrequency, p: ReportPeriod) =>
  `Your ${frequency === 'weekly' ? 'weekly' : 'monthly'} Performance Summary: ${periodLabel(p)}`;

/** The PDF's file name for a range. */
export const summaryPdfFileName = (p: ReportPeriod) => `performance-summary-${p.start}-to-${p.end}.pdf`;

/** A PDF bigger than this is linked (a signed download) instead of attached. */
export const MAX_PDF_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/** Days a report e-mail's download link works. */
export const REPORT_LINK_DAYS = 30;
