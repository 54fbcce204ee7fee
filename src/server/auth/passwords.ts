import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { scryptOnHashingThread } from './hashing-threads.js';

// scrypt with N=2^15, r=8, p=1 (OWASP's minimum is N=2^17 at r=8 for p=1 with ~64 MiB; 2^15 keeps
// login under ~100 ms on two cores while staying memory-hard). Parameters are stored with the hash
// so they can be raised later without breaking existing passwords.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

let lowPriority = false;

/**
 * In production, passwords are hashed on low-priority threads of their own (see hashing-threads.ts),
 * so hashing never slows the requests around it; elsewhere on Node's thread pool, at normal priority
 * (a test suite's parallel runs would starve low-priority threads).
 */
export function hashPasswordsAtLowPriority(on: boolean): void {
  lowPriority = on;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const options = { N: n, r, p, maxmem: 256 * n * r };
  if (lowPriority) return scryptOnHashingThread(password.normalize('NFKC'), salt, KEY_LENGTH, options);
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check so unknown accounts cannot be told apart by timing.
    await derive(password, DUMMY_SALT, N, R, P);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const DUMMY_SALT = randomBytes(16);
