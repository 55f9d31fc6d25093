/** A bounded set that forgets its least recently used keys once full. */
export class LruSet {
  private readonly keys = new Map<string, true>();
  /** Largest number of keys kept. */
  readonly capacity: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('LruSet capacity must be a positive integer');
    this.capacity = capacity;
  }

  /** Number of keys held. */
  get size(): number {
    return this.keys.size;
  }

  /** True when the key is held; marks it recently used. */
  has(key: string): boolean {
    if (!this.keys.has(key)) return false;
    this.keys.delete(key);
    this.keys.set(key, true);
    return true;
  }

  /** Adds a key, evicting the oldest when over capacity. */
  add(key: string): void {
    if (this.keys.has(key)) this.keys.delete(key);
    this.keys.set(key, true);
    if (this.keys.size > this.capacity) {
      const oldest = this.keys.keys().next().value;
      if (oldest !== undefined) this.keys.delete(oldest);
    }
  }

  /** Forgets every key. */
  clear(): void {
    this.keys.clear();
  }
}
