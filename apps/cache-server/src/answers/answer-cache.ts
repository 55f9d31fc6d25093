import { type ReuseLimits, reusable } from '../reuse-rule.ts';
import { AnswerStore } from './answer-cache-base.ts';
import { ageOf, dueAhead, type Entry, MAX_AHEAD, type ResponseCacheOptions } from './answer-cache-entry.ts';
import type { AnswerDeps } from './answer-deps.ts';
import type { TouchTime } from './dep-index.ts';

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
 *
 * Periodic keys (`isPeriodic`: rankings the reference precomputes on a schedule, see `response-cache.ts`) are the one
 * exception to exactness: their answer is served whatever the store did for up to `periodicMs` after its computation
 * started, and once the store changed it is recomputed in the background from half of that (one at a time per key), so
 * a request never waits for one after the first; it is as old as the reference's precomputation would be, only younger.
 */
export class ResponseCache<T> extends AnswerStore<T> {
  /** Recomputations ahead of the end of an answer's life running now (at most MAX_AHEAD). */
  private ahead = 0;
  private readonly limits: ReuseLimits;
  private readonly periodicMs: number;
  private sweptAt = 0;
  /** Background recomputations waiting for an idle compute queue (see `deferWhile`), by key, oldest first. */
  private readonly parked = new Map<string, () => void>();
  /** Whether the compute queue has requests waiting (background recomputations then wait: `deferWhile`). */
  private busy: () => boolean = () => false;

  constructor(
    options: ResponseCacheOptions,
    sizeOf: (value: T) => number = () => 0,
    /** What a finished answer read (see `answer-deps.ts`); answers without stay on the after-change rule. */
    depsOf: (value: T) => AnswerDeps | undefined = () => undefined,
    /** Whether `key`'s answer is periodic (see the class comment). */
    private readonly isPeriodic: (key: string) => boolean = () => false,
  ) {
    super(options.maxEntries ?? 10_000, options.maxBytes ?? 64 * 1024 * 1024, sizeOf, depsOf);
    this.limits = { ttlMs: options.ttlMs, maxAgeMs: options.maxAgeMs ?? options.ttlMs };
    this.periodicMs = options.periodicMs ?? 0;
  }

  /**
   * Background recomputations (of an answer served stale, or a periodic one) start only while `busy` is false (the
   * compute queue has no request waiting), oldest first; a request that must wait for one starts it at once. The
   * queue is first in first out: started at once, they made the requests' own misses wait behind them (22k store
   * with the writer: hundreds of signed-in home recomputations ahead of a guest home or thread miss each second).
   */
  deferWhile(busy: () => boolean): void {
    this.busy = busy;
  }

  /** Starts parked background recomputations while the compute queue has no request waiting. */
  private unpark(): void {
    for (const [key, start] of this.parked) {
      if (this.busy()) return;
      this.parked.delete(key);
      if (this.entries.has(key) && !this.refreshing.has(key)) start();
    }
  }

  /** Starts `key`'s background recomputation now if idle, else when the compute queue has no request waiting. */
  private background(key: string, start: () => Entry<T>): void {
    if (this.parked.has(key)) return;
    const run = () => {
      this.refreshing.set(key, start());
    };
    if (this.parked.size === 0 && !this.busy()) run();
    else this.parked.set(key, run);
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
    if (this.parked.size > 0) this.unpark();
    const made = { now, second, seq };
    const hit = this.entries.get(key);
    const refresh = this.refreshing.get(key);
    const parked = this.parked.has(key);
    const periodic = this.periodicMs > 0 && this.isPeriodic(key);
    if (hit && (periodic ? this.inPeriod(hit, now, second, seq) : this.fresh(hit, now, second, seq))) {
      if (hit.done) this.counts.hits += 1;
      else this.counts.joined += 1;
      if (!refresh && periodic && this.periodicDue(key, hit, now, second, seq)) {
        this.background(key, () => this.start(key, made, compute, viewer, hit.described));
      } else if (!refresh && !parked && this.ahead < MAX_AHEAD && dueAhead(key, hit, now, second, this.limits)) {
        const ahead = this.start(key, made, compute, viewer, hit.described);
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
      if (!refresh) this.background(key, () => this.start(key, made, compute, viewer, hit.described));
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
    // a recomputation still parked is started now: a request waits for it
    this.parked.delete(key);
    if (refresh) {
      // the stale answer may no longer be served: wait for its recomputation
      this.counts.joined += 1;
      this.refreshing.delete(key);
      this.entries.set(key, refresh);
      if (refresh.viewer !== '') this.byViewer.add(refresh.viewer, key);
      return refresh.answer;
    }
    this.counts.misses += 1;
    return this.hold(key, this.start(key, made, compute, viewer, hit?.described));
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
    if (now - this.sweptAt >= 1000) return undefined;
    if (this.periodicMs > 0 && this.isPeriodic(key)) {
      // due for its background recomputation: `answer` serves it and starts that
      if (!this.inPeriod(hit, now, second, seq)) return undefined;
      const waiting = this.refreshing.has(key) || this.parked.has(key);
      if (!waiting && this.periodicDue(key, hit, now, second, seq)) return undefined;
    } else {
      if (!this.fresh(hit, now, second, seq)) return undefined;
      // near the end of its life: `answer` serves it and starts its recomputation
      if (dueAhead(key, hit, now, second, this.limits) && this.ahead < MAX_AHEAD && !this.refreshing.has(key)) {
        return undefined;
      }
    }
    this.counts.hits += 1;
    this.use(key, hit, now);
    return hit.value;
  }

  private fresh(entry: Entry<T>, now: number, second: number, seq: number): boolean {
    const known = entry.touched ? false : entry.exact ? true : undefined;
    return reusable(entry, now, second, seq, this.limits, known);
  }

  /** Whether a periodic key's answer may be served: exact by the usual rule, or within `periodicMs` of its start. */
  private inPeriod(entry: Entry<T>, now: number, second: number, seq: number): boolean {
    return this.fresh(entry, now, second, seq) || (!entry.done ? true : ageOf(entry, now, second) <= this.periodicMs);
  }

  /** Whether a periodic key's finished answer is due for its background recomputation (see the class comment). */
  private periodicDue(key: string, entry: Entry<T>, now: number, second: number, seq: number): boolean {
    if (!entry.done) return false;
    if (this.fresh(entry, now, second, seq)) return dueAhead(key, entry, now, second, this.limits);
    return ageOf(entry, now, second) >= this.periodicMs / 2;
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

  /** Forgets every answer and parked recomputation. */
  override clear(): void {
    super.clear();
    this.parked.clear();
  }

  /** Lets go of answers that can no longer be served (at most once a second), and recomputations parked for them. */
  private sweep(now: number, second: number, seq: number): void {
    this.sweptAt = now;
    for (const key of this.parked.keys()) if (!this.entries.has(key)) this.parked.delete(key);
    for (const [key, entry] of this.entries) {
      const periodic = this.periodicMs > 0 && this.isPeriodic(key);
      if (periodic ? this.inPeriod(entry, now, second, seq) : this.fresh(entry, now, second, seq)) continue;
      if (!this.stale(entry, now, second)) this.drop(key, entry);
    }
  }
}
