import { z } from 'zod';

/** Splits a comma-separated e-mail list ('a@x.com, b@y.com') into trimmed, non-empty entries. */
export function parseEmailList(text: string): string[] {
  return text
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
}

const zOneEmail = z.email();

/**
 * A comma-separated list of e-mail addresses where every entry must be valid. The output is the
 * normalised list joined with ', ' ('' when empty), the shape the database stores.
 */
export const zEmailList = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .max(2000, { error: `${label} cannot exceed 2000 characters.` })
    .nullish()
    .transform((v, ctx) => {
      const emails = parseEmailList(v ?? '');
      for (const email of emails) {
        if (!zOneEmail.safeParse(email).success) {
          ctx.issues.push({
            code: 'custom',
            input: v,
            message: `${label}: "${email}" is not a valid email address.`,
          });
        }
      }
      return emails.join(', ');
    });
