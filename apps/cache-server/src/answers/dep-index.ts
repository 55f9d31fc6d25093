/** When a change came in: wall-clock ms and the server clock's second (as the index's user knows it). */
export interface TouchTime {
  at: number;
  second: number;
}

/** What the index keeps on each tracked entry: whether a change touched it, and the buckets it is listed in. */
export interface Tracked {
  /** True once a change touched one of its keys (or it could not be tracked). */
  touched: boolean;
  /** When the first change that touched it came in (absent when untracked or not told). */
  touchedAt?: TouchTime;
  /** The buckets listing it while tracked. */
  buckets?: Bucket<Tracked>[];
}

interface Bucket<E> {
  key: string;
  entries: Set<E>;
}

interface LoggedChange {
  seq: number;
  /** null: everything. */
  keys: ReadonlySet<string> | null;
  when?: TouchTime;
}

/** Whether any of `keys` is in `set`. */
function anyIn(keys: ReadonlySet<string>, set: ReadonlySet<string>): boolean {
  for (const key of keys) if (set.has(key)) return true;
  return false;
}

/** Changes remembered for computations still running (at 20 writes/s several minutes). */
const LOG_SIZE = 4096;

/**
 * From dependency key to the entries that read it, so a write marks only the entries it touches (a lookup per key it
 * touched, never a scan of every entry). Changes are logged with their change sequence: an entry registered when its
 * computation finishes is checked against the changes made since its computation started.
 */
export class DependencyIndex<E extends Tracked> {
  private readonly byKey = new Map<string, Bucket<E>>();
  private readonly tracked = new Set<E>();
  private readonly log: LoggedChange[] = [];
  /** Changes up to this sequence are no longer in the log. */
  private floor = Number.NEGATIVE_INFINITY;

  /**
   * Lists `entry` under `keys`, computed from change sequence `since` on; marks it touched instead when a logged
   * change after `since` touched one of them (or the log no longer reaches back that far).
   */
  track(entry: E, keys: readonly string[], since: number): void {
    if (since < this.floor) {
      entry.touched = true;
      return;
    }
    let first = this.log.length;
    while (first > 0 && this.log[first - 1].seq > since) first--;
    const own = first < this.log.length ? new Set(keys) : undefined;
    // oldest first: the first change that touched it says since when it lags the store
    for (let i = first; own && i < this.log.length; i++) {
      const { keys: changed, when } = this.log[i];
      if (!changed || anyIn(changed, own)) {
        entry.touched = true;
        entry.touchedAt = when;
        return;
      }
    }
    const buckets: Bucket<E>[] = [];
    for (const key of keys) {
      let bucket = this.byKey.get(key);
      if (!bucket) {
        bucket = { key, entries: new Set() };
        this.byKey.set(key, bucket);
      }
      bucket.entries.add(entry);
      buckets.push(bucket);
    }
    entry.buckets = buckets as Bucket<Tracked>[];
    this.tracked.add(entry);
  }

  /**
   * When the first change after sequence `seq` came in (what an answer without dependencies, computed at `seq`, lags
   * the store since); undefined when none came yet, the log no longer reaches back or the change was not timed.
   */
  firstChangeAfter(seq: number): TouchTime | undefined {
    if (seq < this.floor) return undefined;
    // the log is in sequence order: the first entry past `seq`
    let lo = 0;
    let hi = this.log.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.log[mid].seq > seq) hi = mid;
      else lo = mid + 1;
    }
    return this.log[lo]?.when;
  }

  /** Stops listing `entry` (it left the cache, or was touched). */
  untrack(entry: E): void {
    const buckets = entry.buckets as Bucket<E>[] | undefined;
    if (!buckets) return;
    entry.buckets = undefined;
    this.tracked.delete(entry);
    for (const bucket of buckets) {
      bucket.entries.delete(entry);
      if (bucket.entries.size === 0) this.byKey.delete(bucket.key);
    }
  }

  /**
   * A change at sequence `seq`, come in at `when`, touched `keys` (null: everything): its entries are marked touched
   * (and when) and let go.
   */
  change(keys: ReadonlySet<string> | null, seq: number, when?: TouchTime): void {
    this.log.push({ seq, keys, when });
    if (this.log.length > LOG_SIZE)
      this.floor = this.log.splice(0, this.log.length - LOG_SIZE).at(-1)?.seq ?? this.floor;
    const hit: E[] = [];
    if (!keys) hit.push(...this.tracked);
    else for (const key of keys) for (const entry of this.byKey.get(key)?.entries ?? []) hit.push(entry);
    for (const entry of hit) {
      entry.touched = true;
      entry.touchedAt = when;
      this.untrack(entry);
    }
  }

  /** Forgets every entry and change. */
  clear(): void {
    for (const entry of [...this.tracked]) this.untrack(entry);
    this.floor = Math.max(this.floor, this.log.at(-1)?.seq ?? this.floor);
    this.log.length = 0;
  }

  /** Number of entries listed (for tests and stats). */
  get size(): number {
    return this.tracked.size;
  }
}

/** Sets of strings by key (empty sets are let go). */
export class SetsByKey {
  private readonly sets = new Map<string, Set<string>>();

  /** Adds `value` to the set of `key`. */
  add(key: string, value: string): void {
    let set = this.sets.get(key);
    if (!set) {
      set = new Set();
      this.sets.set(key, set);
    }
    set.add(value);
  }

  /** Removes `value` from the set of `key`. */
  remove(key: string, value: string): void {
    const set = this.sets.get(key);
    if (set?.delete(value) && set.size === 0) this.sets.delete(key);
  }

  /** A copy of the set of `key`. */
  list(key: string): string[] {
    return [...(this.sets.get(key) ?? [])];
  }

  /** Empties every set. */
  clear(): void {
    this.sets.clear();
  }
}
