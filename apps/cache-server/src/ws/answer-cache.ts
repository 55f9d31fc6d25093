import { type ReuseLimits, reusable } from '../reuse-rule.ts';
import {
  dueAhead,
  type Entry,
  MAX_AHEAD,
  type ResponseCacheOptions,
  type ResponseCacheStats,
} from './answer-cache-entry.ts';
import type { AnswerDeps } from './answer-deps.ts';
import { DependencyIndex, SetsByKey, type TouchTime } from './dep-index.ts';

export { type ResponseCacheOptions, type ResponseCacheStats, refreshPoint } from './answer-cache-entry.ts';

/**
 * A cache of whole answers (and running computations, which identical requests join). An answer is exact while the
 * store's sequence is unchanged, or no change touched its dependencies (`depsOf`, `changed`): served up to `maxAgeMs`
 * (the bound for clock-dependent answers). Otherwise it lives at most `ttlMs` within its clock second. Answers made for
 * an accepted event's author go at once (`forgetViewers`). Bounded by entry count and bytes, LRU.
 *
 * Stale while revalidating: an answer a change touched (without dependencies: the first change after it was computed)
 * is still served, while its one recomputation runs, for as long as the after-change rule lets an answer lag the store:
 * up to `ttlMs` after the change and within the clock second the change came in. Such an answer equals the store as it
 * was at a moment of the current clock second (just before the change), as an answer made in this second and touched
 * since does. The change's second is the last server second a request brought (`answer`, `peek`): never later than the
 * true one, so the bound is never stretched.
 *
 * Recomputed ahead: an answer still exact but in the last part of its `maxAgeMs` life (from a point between two thirds
 * and the end, spread by key: `refreshPoint`; from half of it when requests for it come far apart) is served and
 * recomputed once; the new answer takes its place when done. At most MAX_AHEAD run at once: the requests' own misses do
 * not queue behind a crowd of them (one that finds no room is left to a later request, or expires as before).
 * Answers in demand then do not all expire at once and make their requests wait (a server's first answers are made
 * within seconds of each other: at 1M on PostgreSQL they all expired 30 s later, together).
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  /** Recomputations of answers still served (touched or near the end of their life: the class comment), by key. */
  private readonly refreshing = new Map<string, Entry<T>>();
  /** Recomputations ahead of the end of an answer's life running now (at most MAX_AHEAD). */
  private ahead = 0;
  private counts: ResponseCacheStats = { hits: 0, joined: 0, misses: 0 };
  private readonly limits: ReuseLimits;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private sweptAt = 0;
  /** The latest server-clock second a request brought. */
  private lastSecond = Number.NEGATIVE_INFINITY;
  private readonly deps = new DependencyIndex<Entry<T>>();
  /** Keys of the answers made for each viewer (see `forgetViewers`). */
  private readonly byViewer = new SetsByKey();

  constructor(
    options: ResponseCacheOptions,
    private readonly sizeOf: (value: T) => number = () => 0,
    /** What a finished answer read (see `answer-deps.ts`); answers without stay on the after-change rule. */
    private readonly depsOf: (value: T) => AnswerDeps | undefined = () => undefined,
  ) {
    this.limits = { ttlMs: options.ttlMs, maxAgeMs: options.maxAgeMs ?? options.ttlMs };
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  }

  /**
   * The shared answer for `key`, computing it with `compute` on a miss; `second` is the server clock's second,
   * `seq` the store's change sequence now, `viewer` the pubkey the answer is personalised for (see `forgetViewers`).
   */
  answer(key: string, second: number, compute: () => Promise<T>, viewer = '', seq = 0): Promise<T> {
    if (this.limits.ttlMs <= 0) return compute();
    const now = Date.now();
    this.lastSecond = Math.max(this.lastSecond, second);
    if (now - this.sweptAt >= 1000) this.sweep(now, second, seq);
    const hit = this.entries.get(key);
    const refresh = this.refreshing.get(key);
    if (hit && this.fresh(hit, now, second, seq)) {
      if (hit.done) this.counts.hits += 1;
      else this.counts.joined += 1;
      if (!refresh && this.ahead < MAX_AHEAD && dueAhead(key, hit, now, second, this.limits)) {
        const ahead = this.start(key, now, second, compute, viewer, seq, hit.described);
        this.refreshing.set(key, ahead);
        this.ahead += 1;
        const done = () => {
          this.ahead -= 1;
        };
        ahead.answer.then(done, done);
      }
      this.use(key, hit, now);
      return hit.answer;
    }
    if (hit && this.stale(hit, now, second)) {
      this.counts.hits += 1;
      this.use(key, hit, now);
      if (!refresh) this.refreshing.set(key, this.start(key, now, second, compute, viewer, seq, hit.described));
      return hit.answer;
    }
    if (hit && !hit.done && hit.described) {
      // still running from before a change, and its answers have dependencies: wait for it, and take it if no change
      // touched what it read (one computation instead of two; an undescribed one would be computed again anyway)
      this.counts.joined += 1;
      return hit.answer.then((value) =>
        this.entries.get(key) === hit && hit.exact && !hit.touched
          ? value
          : this.answer(key, second, compute, viewer, seq),
      );
    }
    if (hit) this.drop(key, hit);
    if (refresh) {
      // the stale answer may no longer be served: wait for its recomputation
      this.counts.joined += 1;
      this.refreshing.delete(key);
      this.entries.set(key, refresh);
      if (refresh.viewer !== '') this.byViewer.add(refresh.viewer, key);
      return refresh.answer;
    }
    this.counts.misses += 1;
    const entry = this.start(key, now, second, compute, viewer, seq, hit?.described);
    this.entries.set(key, entry);
    if (viewer !== '') this.byViewer.add(viewer, key);
    this.trim();
    return entry.answer;
  }

  /**
   * The finished answer for `key` when it may be served now (counted as a hit, like `answer`), else undefined (then
   * call `answer`): a hit without a promise to wait for.
   */
  peek(key: string, second: number, seq = 0): T | undefined {
    if (this.limits.ttlMs <= 0) return undefined;
    this.lastSecond = Math.max(this.lastSecond, second);
    const hit = this.entries.get(key);
    if (hit?.value === undefined) return undefined;
    const now = Date.now();
    if (now - this.sweptAt >= 1000 || !this.fresh(hit, now, second, seq)) return undefined;
    // near the end of its life: `answer` serves it and starts its recomputation
    if (dueAhead(key, hit, now, second, this.limits) && this.ahead < MAX_AHEAD && !this.refreshing.has(key)) {
      return undefined;
    }
    this.counts.hits += 1;
    this.use(key, hit, now);
    return hit.value;
  }

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
  private start(
    key: string,
    now: number,
    second: number,
    compute: () => Promise<T>,
    viewer: string,
    seq: number,
    described?: boolean,
  ) {
    const answer = compute();
    const entry: Entry<T> = {
      at: now,
      second,
      seq,
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
          this.deps.track(entry, deps.keys, Math.min(deps.since, seq));
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

  /** A finished recomputation takes the place of the answer it refreshed. */
  private replace(key: string, entry: Entry<T>): void {
    this.refreshing.delete(key);
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, entry);
    if (entry.viewer !== '') this.byViewer.add(entry.viewer, key);
  }

  /** Marks `entry` most recently used. */
  private use(key: string, entry: Entry<T>, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    entry.usedAt = now;
  }

  private fresh(entry: Entry<T>, now: number, second: number, seq: number): boolean {
    const known = entry.touched ? false : entry.exact ? true : undefined;
    return reusable(entry, now, second, seq, this.limits, known);
  }

  /** Whether a touched answer may still be served while it is recomputed (see the class comment). */
  private stale(entry: Entry<T>, now: number, second: number): boolean {
    // an answer without dependencies lags the store from the first change after its computation started
    const undescribed = !entry.exact && !entry.touched;
    const when: TouchTime | undefined = undescribed ? this.deps.firstChangeAfter(entry.seq) : entry.touchedAt;
    if (!entry.done || !when || when.second !== second || now - when.at > this.limits.ttlMs) return false;
    const maxAge = Math.max(this.limits.ttlMs, this.limits.maxAgeMs);
    return now - entry.at <= maxAge && Math.abs(second - entry.second) * 1000 <= maxAge;
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    this.deps.untrack(entry);
    // a recomputation of the key still running stays findable by its viewer
    if (!this.refreshing.has(key)) this.byViewer.remove(entry.viewer, key);
  }

  /** Evicts the least recently used answers while over the count or byte bound. */
  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) return;
      this.drop(key, entry);
    }
  }

  /** Lets go of answers that can no longer be served (at most once a second). */
  private sweep(now: number, second: number, seq: number): void {
    this.sweptAt = now;
    for (const [key, entry] of this.entries) {
      if (!this.fresh(entry, now, second, seq) && !this.stale(entry, now, second)) this.drop(key, entry);
    }
  }
}
