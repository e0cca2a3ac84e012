/**
 * A bounded map of recently read values, each kept at most `ttlMs`. It only spares reads:
 * whoever uses a value from it must check it again where it matters (the transfer batch
 * checks every cached fact in its own statement), so an entry that went stale costs one
 * retry, never a wrong answer.
 *
 * At most `maxEntries` entries: inserting beyond it drops the oldest insert first (a Map
 * keeps insertion order), so memory is bounded whatever the traffic.
 */
export class RecentCache<K, V> {
  private readonly entries = new Map<K, { value: V; storedAtMs: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly nowMs: () => number = Date.now,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError(`RecentCache: maxEntries must be >= 1, got ${maxEntries}`);
    }
    if (!Number.isInteger(ttlMs) || ttlMs < 1) {
      throw new RangeError(`RecentCache: ttlMs must be >= 1, got ${ttlMs}`);
    }
  }

  /** The value stored under `key` less than `ttlMs` ago, or undefined. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.nowMs() - entry.storedAtMs >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, storedAtMs: this.nowMs() });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
