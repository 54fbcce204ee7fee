import { formatLocalTime } from '../../evaluation';

const TIME_ANSWER = /^(1[0-2]|[1-9]):([0-5]\d) (AM|PM)$/;

/** 'h:mm A' (the engine's answer format) to the 'HH:mm' a time input shows. */
export function toTimeInput(value: unknown): string {
  const m = typeof value === 'string' ? TIME_ANSWER.exec(value) : null;
  if (!m) return '';
  const hours = (Number(m[1]) % 12) + (m[3] === 'PM' ? 12 : 0);
  return `${String(hours).padStart(2, '0')}:${m[2]}`;
}

/** 'HH:mm' from a time input to the engine's 'h:mm A'; null when empty. */
export function fromTimeInput(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})/.exec(text);
  return m ? formatLocalTime(Number(m[1]), Number(m[2])) : null;
}
