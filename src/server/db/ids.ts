import { randomBytes } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * A random id of `length` characters from a 55-letter alphabet (17 chars ~ 98 bits, 24 ~ 139 bits).
 * Unguessable, so ids can act as capabilities (the order id in a cookie).
 */
export function newId(length = 24): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    // Reject bytes that would bias the modulo.
    if (b < 220) out += ALPHABET[b % ALPHABET.length];
  }
  return out.length === length ? out : newId(length);
}

/** A 256-bit secret token for sessions, reset links and capabilities shown once. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
