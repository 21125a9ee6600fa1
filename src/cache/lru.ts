/**
 * A small least-recently-used map: at most `limit` entries, the one used longest ago dropped first.
 * For caches keyed by content (a map's id and a hash of it), which a WeakMap cannot hold: the bot
 * reads every match afresh from the database, so the same map arrives as a new object each time.
 */
export class Lru<K, V> {
  readonly #limit: number;
  readonly #entries = new Map<K, V>();

  constructor(limit: number) {
    if (!(limit >= 1)) throw new Error(`Lru: limit must be at least 1, got ${limit}`);
    this.#limit = limit;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value for `key`, now the most recently used; undefined when absent. */
  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Map keeps insertion order: re-inserting moves the key to the end (most recent).
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }

  /** The value for `key`, made by `make` and kept when absent. */
  getOrMake(key: K, make: () => V): V {
    let value = this.get(key);
    if (value === undefined) this.set(key, (value = make()));
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }
}
