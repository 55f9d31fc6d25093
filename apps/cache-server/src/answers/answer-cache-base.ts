import type { Entry, ResponseCacheStats } from './answer-cache-entry.ts';
import type { AnswerDeps } from './answer-deps.ts';
import { DependencyIndex, SetsByKey } from './dep-index.ts';

/**
 * The storage under the answer cache (`answer-cache.ts` holds the rules of when an answer may be served): held answers
 * and running computations by key, recomputations of answers still served, the dependency index, the answers made for
 * each viewer, counts, and the LRU bounds by entry count and bytes.
 */
export class AnswerStore<T> {
  protected readonly entries = new Map<string, Entry<T>>();
  /** Recomputations of answers still served (touched, near the end of their life, or periodic), by key. */
  protected readonly refreshing = new Map<string, Entry<T>>();
  protected counts: ResponseCacheStats = { hits: 0, joined: 0, misses: 0 };
  protected bytes = 0;
  /** The latest server-clock second a request brought. */
  protected lastSecond = Number.NEGATIVE_INFINITY;
  protected readonly deps = new DependencyIndex<Entry<T>>();
  /** Keys of the answers made for each viewer (see `forgetViewers`). */
  protected readonly byViewer = new SetsByKey();

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (value: T) => number,
    /** What a finished answer read (see `answer-deps.ts`); answers without stay on the after-change rule. */
    private readonly depsOf: (value: T) => AnswerDeps | undefined,
  ) {}

  /** Counts since the last call (the counters restart at zero). */
  takeStats(): ResponseCacheStats {
    const stats = this.counts;
    this.counts = { hits: 0, joined: 0, misses: 0 };
    return stats;
  }

  /** Forgets every answer. */
  clear(): void {
    this.entries.clear();
    this.refreshing.clear();
    this.byViewer.clear();
    this.deps.clear();
    this.bytes = 0;
  }

  /**
   * Forgets the answers made for any of `viewers` (running or recomputing, or touched since they were made) so that
   * they see their own writes at once. Call it after `changed` with the writes' keys: an answer no change touched is
   * a fresh computation's equal and stays.
   */
  forgetViewers(viewers: ReadonlySet<string>): void {
    for (const viewer of viewers) {
      for (const key of this.byViewer.list(viewer)) {
        const entry = this.entries.get(key);
        if (entry && !(entry.done && entry.exact && !entry.touched)) this.drop(key, entry);
        this.refreshing.delete(key);
      }
    }
  }

  /**
   * A write at change sequence `seq` touched `keys` (null: everything, e.g. a NIP-09 deletion): the answers that read
   * one of them fall back to the after-change rule; the others stay exact.
   */
  changed(keys: ReadonlySet<string> | null, seq: number): void {
    this.deps.change(keys, seq, { at: Date.now(), second: this.lastSecond });
  }

  /** Whether `value` is the answer held for `key` and no change touched what it read: a fresh computation's equal. */
  isExact(key: string, value: T): boolean {
    const entry = this.entries.get(key);
    return entry?.value === value && entry.exact && !entry.touched;
  }

  /** Number of answers whose dependencies are listed and untouched (for tests and stats). */
  get exactCount(): number {
    return this.deps.size;
  }

  /** Number of answers held. */
  get size(): number {
    return this.entries.size;
  }

  /** Approximate bytes of the finished answers held. */
  get byteSize(): number {
    return this.bytes;
  }

  /** Starts computing the answer for `key`; once done it becomes the held answer (if it is still wanted). */
  protected start(
    key: string,
    made: { now: number; second: number; seq: number },
    compute: () => Promise<T>,
    viewer: string,
    described?: boolean,
  ): Entry<T> {
    const answer = compute();
    const entry: Entry<T> = {
      at: made.now,
      second: made.second,
      seq: made.seq,
      answer,
      done: false,
      viewer,
      bytes: 0,
      exact: false,
      touched: false,
      described,
    };
    answer.then(
      (value) => {
        entry.done = true;
        entry.value = value;
        if (this.refreshing.get(key) === entry) this.replace(key, entry);
        if (this.entries.get(key) !== entry) return;
        entry.bytes = this.sizeOf(value);
        this.bytes += entry.bytes;
        const deps = this.depsOf(value);
        entry.described = deps !== undefined;
        if (deps) {
          // from the sequence its computation started at (`answer-run.ts`): changes while it waited in the queue
          // are in what it read
          this.deps.track(entry, deps.keys, deps.since);
          entry.exact = !entry.touched;
        }
        this.trim();
      },
      () => {
        if (this.refreshing.get(key) === entry) this.refreshing.delete(key);
        if (this.entries.get(key) === entry) this.drop(key, entry);
      },
    );
    return entry;
  }

  /** Holds a new computation for `key` (a miss), listed under its viewer. */
  protected hold(key: string, entry: Entry<T>): Promise<T> {
    this.entries.set(key, entry);
    if (entry.viewer !== '') this.byViewer.add(entry.viewer, key);
    this.trim();
    return entry.answer;
  }

  /** A finished recomputation takes the place of the answer it refreshed. */
  protected replace(key: string, entry: Entry<T>): void {
    this.refreshing.delete(key);
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    if (entry.viewer !== '') this.byViewer.add(entry.viewer, key);
  }

  /** Marks `entry` most recently used. */
  protected use(key: string, entry: Entry<T>, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.usedAt = now;
  }

  protected drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    this.deps.untrack(entry);
    // a recomputation of the key still running stays findable by its viewer
    if (!this.refreshing.has(key)) this.byViewer.remove(entry.viewer, key);
  }

  /** Evicts the least recently used answers while over the count or byte bound. */
  protected trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.drop(key, entry);
    }
  }
}
