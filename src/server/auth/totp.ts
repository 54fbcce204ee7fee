import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// TOTP, RFC 6238 over HOTP (RFC 4226): HMAC-SHA1, 30-second steps, 6 digits, the parameters every
// authenticator app (Google Authenticator, 1Password, Authy, Microsoft Authenticator) uses by default.
// Written here rather than taken from a library: it is 40 lines over node:crypto, checked against the
// RFC's own test vectors (totp.test.ts), and the replay rule (a step once accepted is never accepted
// again) needs the matched step, which is what verifyTotp returns.

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = BASE32.indexOf(ch);
    if (i < 0) throw new Error('Not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** HOTP value of `counter` (RFC 4226 section 5.3), `digits` long with leading zeros. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const bin = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return bin.toString().padStart(digits, '0');
}

export const totpStep = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

export function totpAt(secretBase32: string, now: Date): string {
  return hotp(base32Decode(secretBase32), totpStep(now));
}

/**
 * The time step whose code `code` is, looking one step either side of now (a phone's clock a little
 * off, a code typed as it turns over), or null. Every candidate is compared, in constant time, so the
 * time taken says nothing about which step (or digit) matched. `afterStep`: steps up to it are refused
 * (the last accepted step: a code is good once).
 */
export function verifyTotp(secretBase32: string, code: string, now: Date, afterStep = 0): number | null {
  const given = Buffer.from(code.replace(/\s/g, '').padEnd(TOTP_DIGITS, 'x').slice(0, 16));
  const key = base32Decode(secretBase32);
  const current = totpStep(now);
  let matched: number | null = null;
  for (const step of [current - 1, current, current + 1]) {
    const expected = Buffer.from(hotp(key, step));
    const same = given.length === expected.length && timingSafeEqual(given, expected);
    if (same && step > afterStep && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// address an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUri(opts: { secret: string; issuer: string; account: string }): string {
  const label = `${encodeURIComponent(opts.issuer)}:${encodeURIComponent(opts.account)}`;
  const q = new URLSearchParams({
    secret: opts.secret,
    issuer: opts.issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${q.toString()}`;
}
