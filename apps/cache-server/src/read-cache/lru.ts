/**
 * A Map bounded to about `max` entries that lets the least recently used go first, in two generations: entries are
 * set in the young map; when it holds max/2 it becomes the old one (the previous old one is let go); a hit in the
 * old map moves the entry back to the young one. A hit in the young map is a plain Map lookup (an exact LRU moved
 * every hit to the end of one big Map, which cost more than the query it saved on a hot path).
 */
export class Lru<K, V> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(max: number) {
    this.half = Math.max(1, Math.floor(max / 2));
  }

  /** The value of `key` (marked as just used), or undefined. */
  get(key: K): V | undefined {
    const young = this.young.get(key);
    if (young !== undefined) return young;
    const old = this.old.get(key);
    if (old === undefined) return undefined;
    this.old.delete(key);
    this.set(key, old);
    return old;
  }

  /** Stores `value` under `key`, letting the least recently used entries go beyond the bound. */
  set(key: K, value: V): void {
    this.old.delete(key);
    this.young.set(key, value);
    if (this.young.size <= this.half) return;
    this.old = this.young;
    this.young = new Map();
  }

  /** Forgets `key`. */
  delete(key: K): void {
    this.young.delete(key);
    this.old.delete(key);
  }

  /** Forgets everything. */
  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }

  /** Number of entries held (at most max + 1). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
