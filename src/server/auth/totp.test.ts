import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, newTotpSecret, otpauthUri, totpAt, verifyTotp } from './totp.js';

// RFC 6238, Appendix B: the SHA-1 seed "12345678901234567890", 8 digits, 30-second steps.
const SEED = Buffer.from('12345678901234567890');
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the RFC test vector at T=%i', (seconds, code) => {
    expect(hotp(SEED, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Decode(base32Encode(SEED)).equals(SEED)).toBe(true);
    expect(base32Encode(SEED)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it('accepts the current step and one either side, nothing further, each step only after the last used', () => {
    const secret = newTotpSecret();
    const now = at(1_800_000_000);
    const step = Math.floor(1_800_000_000 / 30);
    expect(verifyTotp(secret, totpAt(secret, now), now)).toBe(step);
    expect(verifyTotp(secret, totpAt(secret, at(1_800_000_000 - 30)), now)).toBe(step - 1);
    expect(verifyTotp(secret, totpAt(secret, at(1_800_000_000 + 30)), now)).toBe(step + 1);
    expect(verifyTotp(secret, totpAt(secret, at(1_800_000_000 - 60)), now)).toBeNull();
    expect(verifyTotp(secret, totpAt(secret, at(1_800_000_000 + 60)), now)).toBeNull();
    // Replay: the step already used, or an earlier one, is refused.
    expect(verifyTotp(secret, totpAt(secret, now), now, step)).toBeNull();
    expect(verifyTotp(secret, totpAt(secret, at(1_800_000_000 - 30)), now, step - 1)).toBeNull();
    expect(verifyTotp(secret, '12345', now)).toBeNull();
    expect(verifyTotp(secret, '', now)).toBeNull();
  });

  it('writes the otpauth address apps read', () => {
    expect(otpauthUri({ secret: 'ABC', issuer: 'Mystery Shop', account: 'ann@example.test' })).toBe(
      'otpauth://totp/Mystery%20Shop:ann%40example.test?secret=ABC&issuer=Mystery+Shop&algorithm=SHA1&digits=6&period=30',
    );
  });
});
