import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, hashPasswordsAtLowPriority, verifyPassword } from './passwords.js';

/** The nice value of each of this process's threads (Linux: field 19 of /proc/self/task/<tid>/stat). */
const threadNiceness = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

describe('passwords', () => {
  afterEach(() => hashPasswordsAtLowPriority(false));

  it('hashes with scrypt and its parameters, and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hashPassword('correct horse')).not.toBe(hash);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', null)).toBe(false);
  });

  it('hashes on low-priority threads of its own in production, with the same results', async () => {
    const before = await hashPassword('s3cret pass');
    hashPasswordsAtLowPriority(true);
    const hashes = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((p) => hashPassword(`pass ${p}`)));
    for (const [i, p] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      expect(await verifyPassword(`pass ${p}`, hashes[i])).toBe(true);
      expect(await verifyPassword(`pass ${p}!`, hashes[i])).toBe(false);
    }
    // A hash made on Node's pool verifies on the hashing threads: the same scrypt.
    expect(await verifyPassword('s3cret pass', before)).toBe(true);
    expect(threadNiceness()).toContain(10);
  });
});
