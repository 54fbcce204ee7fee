import type { Db } from './client.js';

/**
 * Reads that every visitor makes and admins rarely change (the brands, the published catalogue), kept
 * in memory per database for `ttlMs`. `changed()` is called after a write through this process has
 * committed, and the next read goes to the database; another instance sees a change within `ttlMs`. A
 * read that began before a change is not kept, and a failed read is not kept either. At most
 * `maxKeys` keys are kept per database (a client may ask for keys that do not exist): past that, the
 * cache starts over.
 */
export function readCache<K, V>(ttlMs: number, maxKeys = 1000) {
  type Entry = { generation: number; at: number; value: Promise<V> };
  const byDb = new WeakMap<Db, Map<K, Entry>>();
  let generation = 0;
  return {
    get(db: Db, key: K, read: () => Promise<V>): Promise<V> {
      const entries = byDb.get(db) ?? new Map<K, Entry>();
      byDb.set(db, entries);
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.generation === generation && now - hit.at < ttlMs) return hit.value;
      if (!hit && entries.size >= maxKeys) entries.clear();
      const entry: Entry = { generation, at: now, value: read() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.value;
    },
    changed(): void {
      generation += 1;
    },
  };
}
