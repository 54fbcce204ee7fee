import { randomBytes } from 'node:crypto';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';

/** Random bytes drawn from a pool refilled 4 KiB at a time (one call into OpenSSL per ~80 ids). */
let pool = Buffer.alloc(0);
let used = 0;
function randomByte(): number {
  if (used === pool.length) {
    pool = randomBytes(4096);
    used = 0;
  }
  return pool[used++]!;
}

/**
 * A random id of `length` characters from a 55-letter alphabet (17 chars ~ 98 bits, 24 ~ 139 bits).
 * Unguessable, so ids can act as capabilities (the order id in a cookie).
 */
export function newId(length = 24): string {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    // Reject bytes that would bias the modulo.
    if (b < 220) out += ALPHABET[b % ALPHABET.length];
  }
  return out;
}

/** A 256-bit secret token for sessions, reset links and capabilities shown once. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}
