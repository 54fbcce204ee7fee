import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { scryptOnHashingThread } from './hashing-threads.js';

// scrypt at OWASP's Password Storage Cheat Sheet recommendation: N=2^17, r=8, p=1 (128 MiB and about
// 0.3 s of one core per hash). The parameters are stored with each hash, so a hash made with older
// ones still verifies, and is made again with the current ones at the owner's next login.
/** log2 of scrypt's N that OWASP recommends, and the least production accepts (config.ts). */
export const OWASP_SCRYPT_COST = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

let N = 2 ** OWASP_SCRYPT_COST;
let lowPriority = false;

/**
 * The work factor, N = 2^cost: PASSWORD_HASH_COST (config.ts), which production keeps at OWASP's
 * level or above; the tests set a low one so that thousands of logins stay fast.
 */
export function setPasswordHashCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < 1 || cost > 20) throw new Error(`Bad scrypt cost: ${cost}`);
  N = 2 ** cost;
}

/** Applies the configuration to every password hashed in this process (the server, the scripts). */
export function configurePasswordHashing(config: { production: boolean; PASSWORD_HASH_COST: number }): void {
  setPasswordHashCost(config.PASSWORD_HASH_COST);
  hashPasswordsAtLowPriority(config.production);
}

/**
 * In production, passwords are hashed on low-priority threads of their own (see hashing-threads.ts),
 * so hashing never slows the requests around it; elsewhere on Node's thread pool, at normal priority
 * (a test suite's parallel runs would starve low-priority threads).
 */
export function hashPasswordsAtLowPriority(on: boolean): void {
  lowPriority = on;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses more than `maxmem` (32 MiB unless raised).
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
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return null;
  return {
    n: Number(n),
    r: Number(r),
    p: Number(p),
    salt: Buffer.from(salt, 'base64url'),
    hash: Buffer.from(hash, 'base64url'),
  };
}

/**
 * A stored hash made with weaker parameters than the current ones: to be made again from the password
 * at a successful login. A stronger one stays (a test or development setting never weakens it).
 */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  return parsed.n < N || parsed.r < R || parsed.p < P || parsed.hash.length < KEY_LENGTH;
}

const DUMMY_SALT = randomBytes(16);
