/**
 * The local-time format of time answers: 'h:mm A' (12-hour clock, no leading zero on the hour,
 * two-digit minutes, a space and AM or PM), e.g. '9:05 AM', '12:30 PM'. The spec asks that the
 * answer parse as a local time and be formatted identically, so '09:05 AM', '9:5 AM', '9:05 am'
 * and '21:05' are invalid: each would be re-formatted differently.
 */
export const TIME_FORMAT = 'h:mm A';

const LOCAL_TIME = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/;

/** Whether a time answer is in the local-time format exactly. */
export function isValidLocalTime(value: string): boolean {
  return LOCAL_TIME.test(value);
}

/** Formats hours (0-23) and minutes as a local-time answer, e.g. (21, 5) gives '9:05 PM'. */
export function formatLocalTime(hours: number, minutes: number): string {
  const h = ((Math.trunc(hours) % 24) + 24) % 24;
  const m = ((Math.trunc(minutes) % 60) + 60) % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}
