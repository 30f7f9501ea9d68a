/**
 * A node's short-lived copy of rows it read, by key: each entry kept `ttlMs` at most, the
 * oldest dropped beyond `maxEntries`.
 *
 * A read that began before a forget does not put the old row back: every forget moves an
 * epoch on, and a value read under an older epoch is not kept (`epoch()` before the read,
 * handed back to `set` after it).
 */
export class EpochCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();
  private epochNow = 0;

  constructor(
    private readonly now: () => number,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    /** told of every entry that leaves, whatever the reason */
    private readonly onDrop: (key: K, value: V) => void = () => undefined,
  ) {}

  epoch(): number {
    return this.epochNow;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.drop(key, entry.value);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps `value` unless something was forgotten since `readAtEpoch`. */
  set(key: K, value: V, readAtEpoch: number): boolean {
    if (readAtEpoch !== this.epochNow) return false;
    const earlier = this.entries.get(key);
    if (earlier) this.drop(key, earlier.value);
    if (this.entries.size >= this.maxEntries) {
      const [oldest, entry] = this.entries.entries().next().value as [K, { value: V }];
      this.drop(oldest, entry.value);
    }
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    return true;
  }

  /** Drops these keys, and any read under way when this was called is not kept. */
  forget(keys: Iterable<K>): void {
    this.epochNow += 1;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry) this.drop(key, entry.value);
    }
  }

  clear(): void {
    this.epochNow += 1;
    for (const [key, entry] of [...this.entries]) this.drop(key, entry.value);
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: K, value: V): void {
    this.entries.delete(key);
    this.onDrop(key, value);
  }
}
