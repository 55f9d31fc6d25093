/** Weighs a value (about its bytes in memory). */
export type Weigh<V> = (value: V) => number;

/**
 * A Map bounded to about `max` entries and `maxWeight` (weighed by `weigh`, e.g. bytes) that lets the least recently
 * used go first, in two generations: entries are set in the young map; when it holds max/2 entries or maxWeight/2
 * it becomes the old one (the previous old one is let go); a hit in the old map moves the entry back to the young
 * one. A hit in the young map is a plain Map lookup (an exact LRU moved every hit to the end of one big Map, which
 * cost more than the query it saved on a hot path).
 */
export class Lru<K, V> {
  private young = new Map<K, { value: V; weight: number }>();
  private old = new Map<K, { value: V; weight: number }>();
  private youngWeight = 0;
  private readonly half: number;
  private readonly halfWeight: number;

  constructor(
    max: number,
    private readonly weigh: Weigh<V> = () => 0,
    maxWeight = Number.POSITIVE_INFINITY,
  ) {
    this.half = Math.max(1, Math.floor(max / 2));
    this.halfWeight = maxWeight / 2;
  }

  /** The value of `key` (marked as just used), or undefined. */
  get(key: K): V | undefined {
    const young = this.young.get(key);
    if (young !== undefined) return young.value;
    const old = this.old.get(key);
    if (old === undefined) return undefined;
    this.old.delete(key);
    this.put(key, old);
    return old.value;
  }

  /** Stores `value` under `key`, letting the least recently used entries go beyond the bounds. */
  set(key: K, value: V): void {
    this.old.delete(key);
    this.put(key, { value, weight: this.weigh(value) });
  }

  private put(key: K, entry: { value: V; weight: number }): void {
    const before = this.young.get(key);
    if (before) this.youngWeight -= before.weight;
    this.young.set(key, entry);
    this.youngWeight += entry.weight;
    if (this.young.size <= this.half && this.youngWeight <= this.halfWeight) return;
    this.old = this.young;
    this.young = new Map();
    this.youngWeight = 0;
  }

  /** Forgets `key`. */
  delete(key: K): void {
    const young = this.young.get(key);
    if (young) {
      this.youngWeight -= young.weight;
      this.young.delete(key);
    }
    this.old.delete(key);
  }

  /** Forgets everything. */
  clear(): void {
    this.young = new Map();
    this.old = new Map();
    this.youngWeight = 0;
  }

  /** The keys held, most recently used generation first (within one, in the order they were set). */
  *keys(): IterableIterator<K> {
    yield* this.young.keys();
    for (const key of this.old.keys()) if (!this.young.has(key)) yield key;
  }

  /** Number of entries held (at most max + 1). */
  get size(): number {
    return this.young.size + this.old.size;
  }
}
