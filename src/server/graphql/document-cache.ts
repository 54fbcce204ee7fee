/**
 * A bounded cache, least recently used first out (a Map keeps insertion order: a hit moves its entry to
 * the end, and the first entries go when the cache is full). The GraphQL documents' caches are keyed by
 * the caller's text, so each has caps on its entries, on the length of a text it keeps and on the total
 * length of the texts it keeps (a parsed document's size follows its text's: its tokens are kept with
 * it): a flood of distinct or long documents replaces entries instead of growing the process's memory.
 */
export class BoundedCache<V> {
  readonly #entries = new Map<string, V>();
  #length = 0;

  constructor(
    /** The most entries kept. */
    readonly max: number,
    /** A longer key is not kept (its value is worked out again at each use). */
    readonly maxKeyLength: number,
    /** The most characters of all keys together. */
    readonly maxTotalKeyLength: number,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The characters of all keys kept. */
  get totalKeyLength(): number {
    return this.#length;
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
    if (this.#entries.delete(key)) this.#length -= key.length;
    this.#entries.set(key, value);
    this.#length += key.length;
    while (this.#entries.size > this.max || this.#length > this.maxTotalKeyLength) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
      this.#length -= oldest.length;
    }
  }
}

/** Distinct documents kept per cache: far more than the web app and its integrators send. */
export const DOCUMENT_CACHE_MAX = 1000;
/**
 * The longest text kept (characters): about a thousand fields with their arguments, far more than any
 * real query (the web app's longest has 1,159). A longer text is parsed and checked at each use.
 */
export const DOCUMENT_TEXT_MAX = 20_000;

/**
 * The most characters of the texts kept together: a thousand documents of 1,000 characters (the web
 * app's average is about 200), or fifty of the longest kept. A parsed document takes up to about 80
 * bytes per character of its text (its nodes and tokens, for a text of nothing but fields), so the
 * documents kept stay under about 100 MB even when every one is as dense and long as may be kept.
 */
export const DOCUMENT_TEXTS_TOTAL_MAX = 1_000_000;

export const documentCache = <V>() =>
  new BoundedCache<V>(DOCUMENT_CACHE_MAX, DOCUMENT_TEXT_MAX, DOCUMENT_TEXTS_TOTAL_MAX);
