import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from './client.js';
import { readCache } from './read-cache.js';

const db = {} as Db;
const otherDb = {} as Db;

describe('readCache', () => {
  afterEach(() => vi.useRealTimers());

  it('reads once per ttl, per database and key, and again after changed()', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = readCache<string, number>(1000);
    let reads = 0;
    const read = async () => ++reads;
    expect(await cache.get(db, 'a', read)).toBe(1);
    expect(await cache.get(db, 'a', read)).toBe(1);
    expect(await cache.get(db, 'b', read)).toBe(2);
    expect(await cache.get(otherDb, 'a', read)).toBe(3);
    vi.setSystemTime(Date.now() + 999);
    expect(await cache.get(db, 'a', read)).toBe(1);
    vi.setSystemTime(Date.now() + 1);
    expect(await cache.get(db, 'a', read)).toBe(4);
    cache.changed();
    expect(await cache.get(db, 'a', read)).toBe(5);
    expect(await cache.get(db, 'b', read)).toBe(6);
  });

  it('keeps neither a failed read nor one that began before a change', async () => {
    const cache = readCache<string, string>(60_000);
    await expect(cache.get(db, 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get(db, 'k', async () => 'up')).toBe('up');

    let finish!: (v: string) => void;
    const slow = cache.get(db, 'slow', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.changed();
    finish('old');
    expect(await slow).toBe('old');
    expect(await cache.get(db, 'slow', async () => 'new')).toBe('new');
  });

  it('starts over past maxKeys, so unknown keys cannot grow it without bound', async () => {
    const cache = readCache<number, number>(60_000, 3);
    let reads = 0;
    for (const key of [1, 2, 3]) await cache.get(db, key, async () => ++reads);
    expect(await cache.get(db, 1, async () => ++reads)).toBe(1);
    await cache.get(db, 4, async () => ++reads); // the fourth key: the others are dropped
    expect(await cache.get(db, 1, async () => ++reads)).toBe(5);
  });
});
