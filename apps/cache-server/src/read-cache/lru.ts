/** A Map bounded to `max` entries that lets the least recently used go first. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly max: number) {}

  /** The value of `key` (marked as just used), or undefined. */
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }

  /** Stores `value` under `key`, letting the least recently used entries go beyond the bound. */
  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size <= this.max) return;
    for (const old of this.map.keys()) {
      this.map.delete(old);
      if (this.map.size <= this.max) break;
    }
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.map.delete(key);
  }

  /** Forgets everything. */
  clear(): void {
    this.map.clear();
  }

  /** Number of entries held. */
  get size(): number {
    return this.map.size;
  }
}
