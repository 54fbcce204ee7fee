import { describe, expect, it } from 'vitest';
import { newId, newToken } from './ids.js';

const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';

describe('newId', () => {
  it('makes ids of the asked length from the unambiguous alphabet, all different', () => {
    // 10,000 ids draw about 300 KiB of random bytes: many refills of the 4 KiB pool.
    const ids = Array.from({ length: 10_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids)
      expect(id).toMatch(/^[23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz]{24}$/);
    expect(newId(12)).toHaveLength(12);
    expect(newId(1)).toHaveLength(1);
  });

  it('uses every letter about equally often (no modulo bias)', () => {
    const counts = new Map<string, number>();
    const text = Array.from({ length: 20_000 }, () => newId()).join('');
    for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    const expected = text.length / ALPHABET.length;
    expect(counts.size).toBe(ALPHABET.length);
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.05);
  });
});

describe('newToken', () => {
  it('is 256 random bits in base64url', () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(newToken()).not.toBe(token);
  });
});
