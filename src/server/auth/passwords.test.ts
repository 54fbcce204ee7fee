import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import {
  configurePasswordHashing,
  hashPassword,
  hashPasswordsAtLowPriority,
  needsRehash,
  OWASP_SCRYPT_COST,
  setPasswordHashCost,
  verifyPassword,
} from './passwords.js';

/** The nice value of each of this process's threads (Linux: field 19 of /proc/self/task/<tid>/stat). */
const threadNiceness = () =>
  readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

/** A hash made at the old work factor, N=2^15 (before OWASP's recommendation was followed). */
const OLD_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe('passwords', () => {
  // A low work factor keeps these fast; the first test checks the configured default.
  beforeEach(() => setPasswordHashCost(10));
  afterEach(() => hashPasswordsAtLowPriority(false));

  it("hashes at OWASP's recommendation by default (N=2^17, r=8, p=1), and an older hash needs remaking", async () => {
    const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret' });
    expect(config.PASSWORD_HASH_COST).toBe(17);
    configurePasswordHashing(config);
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(OLD_HASH)).toBe(true);
    expect(needsRehash(OLD_HASH.replace('$8$1$', '$4$1$').replace('32768', '131072'))).toBe(true);
    expect(needsRehash(OLD_HASH.replace('32768', '262144'))).toBe(false);
  });

  it("refuses a work factor under OWASP's minimum in production, naming the setting", () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret' };
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '16' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: '10' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 17 in production/,
    );
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: '18' }).PASSWORD_HASH_COST).toBe(18);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    expect(OWASP_SCRYPT_COST).toBe(17);
  });

  it('hashes with scrypt and its parameters, and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
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
