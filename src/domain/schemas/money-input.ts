/**
 * Reimbursements are typed in whole dollars in the forms and travel as integer cents between
 * modules. These two functions are the only conversion.
 */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Whole dollars for a form field; a minimum in cents rounds up so the form never allows less. */
export function centsToWholeDollars(cents: number): number {
  return Math.ceil(cents / 100);
}

/** 'cents' at the API, whole 'dollars' in a form. */
export type MoneyUnit = 'cents' | 'dollars';

/** '$15.00' for messages (kept local: formatting helpers live in format.ts). */
export function dollarsText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = String(Math.abs(cents % 100)).padStart(2, '0');
  return `$${whole.toLocaleString('en-US')}.${rest}`;
}

/** Checks a reimbursement typed in `unit` against a minimum in cents; returns a message or null. */
export function reimbursementProblem(value: number, minimumCents: number, unit: MoneyUnit): string | null {
  const label = 'Shopper Reimbursement per Shop';
  if (!Number.isInteger(value)) {
    return unit === 'dollars'
      ? `${label} must be a whole dollar amount.`
      : `${label} must be in whole cents.`;
  }
  const cents = unit === 'dollars' ? dollarsToCents(value) : value;
  const floor = Math.max(
    0,
    unit === 'dollars' ? dollarsToCents(centsToWholeDollars(minimumCents)) : minimumCents,
  );
  if (cents < floor) return `${label} must be at least ${dollarsText(floor)}.`;
  if (cents > MAX_REIMBURSEMENT_CENTS)
    return `${label} cannot exceed ${dollarsText(MAX_REIMBURSEMENT_CENTS)}.`;
  return null;
}

/** A sanity cap (the spec gives none) that keeps totals far from floating-point limits. */
export const MAX_REIMBURSEMENT_CENTS = 1_000_000;
