/**
 * A bounded cache, least recently used first out (a Map keeps insertion order: a hit moves its entry to
 * the end, and the first entry goes when the cache is full). The GraphQL documents' caches are keyed by
 * the caller's text, so each has a cap on its entries and on the length of a text it keeps: a flood of
 * distinct or huge documents replaces entries instead of growing the process's memory.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(
    /** The most entries kept. */
    readonly max: number,
    /** A longer key is not kept (its value is worked out again at each use). */
    readonly maxKeyLength: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    if (key.length > this.maxKeyLength) return;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.max) this.#entries.delete(this.#entries.keys().next().value as string);
  }
}

/** Distinct documents kept per cache: far more than the web app and its integrators send. */
export const DOCUMENT_CACHE_MAX = 1000;
/**
 * The longest text kept (characters): about a thousand fields with their arguments, far more than any
 * real query (the web app's longest has 1,159). A longer text is parsed and checked at each use.
 */
export const DOCUMENT_TEXT_MAX = 20_000;

export const documentCache = <V>() => new BoundedCache<V>(DOCUMENT_CACHE_MAX, DOCUMENT_TEXT_MAX);
