import { isHex } from '@tide/core/nostr';
import { pokedKeys, touchedKeys } from '../read-cache/change-keys.ts';
import { type ReuseLimits, reusable } from '../reuse-rule.ts';
import { type AnswerDeps, depsOfAnswer } from './answer-deps.ts';
import type { PackedAnswer } from './answer-frames.ts';
import type { ChangeNotifier } from './change-notifier.ts';
import { DependencyIndex, SetsByKey, type Tracked } from './dep-index.ts';
import type { ServerLimits } from './limits.ts';

/**
 * Read commands whose answer depends only on the stored events (and what ingest derives), the payload, the remembered
 * user and the clock, safe to share while the store is unchanged (every ingest and `settings:<pubkey>` poke the
 * notifier). Commands that write, go live or read per-user state written without a poke are not listed.
 */
export const CACHEABLE_COMMANDS: ReadonlySet<string> = new Set([
  'feed',
  'mega_feed_directive',
  'thread_view',
  'user_profile',
  'user_infos',
  'events',
  'explore',
  'explore_global_trending_24h',
  'explore_global_mostzapped_4h',
  'explore_topics',
  'get_default_relays',
  'get_home_feeds',
  'get_reads_feeds',
  'get_advanced_feeds',
  // full-text search reads search_notes, stats and the viewer's mutes (all written by ingest) and the clock
  'search',
  'advanced_search',
]);

/**
 * Cacheable commands whose answer reads no viewer at all (explore_topics: the day's hashtag counts): one answer for
 * every connection, whoever it remembers.
 */
export const VIEWERLESS_COMMANDS: ReadonlySet<string> = new Set(['explore_topics']);

interface Entry<T> extends Tracked {
  /** Wall-clock ms when the computation started. */
  at: number;
  /** The server clock's second when the computation started. */
  second: number;
  /** The store's change sequence when the computation started. */
  seq: number;
  answer: Promise<T>;
  /** Whether the computation has finished. */
  done: boolean;
  /** The finished answer (undefined while running). */
  value?: T;
  /** The pubkey the answer was computed for ('' for none). */
  viewer: string;
  /** Approximate size of the finished answer (0 while running). */
  bytes: number;
  /** True while its dependencies are listed and no change touched them: exact whatever else changed. */
  exact: boolean;
}

/** How requests were served since the last reset: from a finished answer, by joining a running one, or computed. */
export interface ResponseCacheStats {
  hits: number;
  joined: number;
  misses: number;
}

/** Lifetimes and bounds of a ResponseCache. */
export interface ResponseCacheOptions {
  /** After the store changed: an answer lives at most this long and within its clock second (0 turns the cache off). */
  ttlMs: number;
  /** While the store has not changed since the answer was computed: at most this long (wall and server clock). */
  maxAgeMs?: number;
  /** At most this many answers (least recently used go first). */
  maxEntries?: number;
  /** At most about this many bytes of finished answers (least recently used go first). */
  maxBytes?: number;
}

/**
 * A cache of whole answers (and running computations, which identical requests join). An answer is exact while the
 * store's sequence is unchanged, or no change touched its dependencies (`depsOf`, `changed`): served up to `maxAgeMs`
 * (the bound for clock-dependent answers). Otherwise it lives at most `ttlMs` within its clock second. Answers made for
 * an accepted event's author go at once (`forgetViewers`). Bounded by entry count and bytes, LRU.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private counts: ResponseCacheStats = { hits: 0, joined: 0, misses: 0 };
  private readonly limits: ReuseLimits;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private sweptAt = 0;
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
    if (now - this.sweptAt >= 1000) this.sweep(now, second, seq);
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, now, second, seq)) {
      if (hit.done) this.counts.hits += 1;
      else this.counts.joined += 1;
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.answer;
    }
    this.counts.misses += 1;
    if (hit) this.drop(key, hit);
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
    };
    this.entries.set(key, entry);
    if (viewer !== '') this.byViewer.add(viewer, key);
    answer.then(
      (value) => {
        entry.done = true;
        entry.value = value;
        if (this.entries.get(key) !== entry) return;
        entry.bytes = this.sizeOf(value);
        this.bytes += entry.bytes;
        const deps = this.depsOf(value);
        if (deps) {
          this.deps.track(entry, deps.keys, Math.min(deps.since, seq));
          entry.exact = !entry.touched;
        }
        this.trim();
      },
      () => {
        if (this.entries.get(key) === entry) this.drop(key, entry);
      },
    );
    this.trim();
    return answer;
  }

  /**
   * The finished answer for `key` when it may be served now (counted as a hit, like `answer`), else undefined (then
   * call `answer`): a hit without a promise to wait for.
   */
  peek(key: string, second: number, seq = 0): T | undefined {
    if (this.limits.ttlMs <= 0) return undefined;
    const hit = this.entries.get(key);
    if (hit?.value === undefined) return undefined;
    const now = Date.now();
    if (now - this.sweptAt >= 1000 || !this.fresh(hit, now, second, seq)) return undefined;
    this.counts.hits += 1;
    this.entries.delete(key);
    this.entries.set(key, hit);
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
    this.byViewer.clear();
    this.deps.clear();
    this.bytes = 0;
  }

  /** Forgets the answers made for any of `viewers` (finished or still running). */
  forgetViewers(viewers: ReadonlySet<string>): void {
    for (const viewer of viewers) {
      for (const key of this.byViewer.list(viewer)) {
        const entry = this.entries.get(key);
        if (entry) this.drop(key, entry);
      }
    }
  }

  /**
   * A write at change sequence `seq` touched `keys` (null: everything, e.g. a NIP-09 deletion): the answers that read
   * one of them fall back to the after-change rule; the others stay exact.
   */
  changed(keys: ReadonlySet<string> | null, seq: number): void {
    this.deps.change(keys, seq);
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

  private fresh(entry: Entry<T>, now: number, second: number, seq: number): boolean {
    const known = entry.touched ? false : entry.exact ? true : undefined;
    return reusable(entry, now, second, seq, this.limits, known);
  }

  private drop(key: string, entry: Entry<T>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    this.deps.untrack(entry);
    this.byViewer.remove(entry.viewer, key);
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
    for (const [key, entry] of this.entries) if (!this.fresh(entry, now, second, seq)) this.drop(key, entry);
  }
}

const caches = new WeakMap<ChangeNotifier, ResponseCache<PackedAnswer>>();

/**
 * The answer cache of the server owning `notifier` (one per server), holding packed answers: serialised and deflated
 * once, framed per sub-id. Each accepted ingest batch forgets the answers made for its events' authors (the
 * notifier reports every event, then pokes `ingest` once per batch); callers pass `notifier.sequence` as `seq`.
 */
export function responseCacheFor(notifier: ChangeNotifier, options: ResponseCacheOptions): ResponseCache<PackedAnswer> {
  let cache = caches.get(notifier);
  if (!cache) {
    const created = new ResponseCache<PackedAnswer>(options, (answer) => answer.size, depsOfAnswer);
    // a change set arrives before its batch's pokes: computations starting at the next sequence see it
    notifier.onChanges((changes) => created.changed(touchedKeys(changes), notifier.sequence + 1));
    notifier.onPoke((topic) => {
      const keys = pokedKeys(topic);
      if (keys !== undefined) created.changed(keys, notifier.sequence);
    });
    const authors = new Set<string>();
    notifier.onEvent((event) => authors.add(event.pubkey));
    notifier.on('ingest', () => {
      created.forgetViewers(authors);
      authors.clear();
    });
    caches.set(notifier, created);
    cache = created;
  }
  return cache;
}

/** The answer cache's lifetimes and bounds from the server's limits. */
export function responseCacheOptions(limits: ServerLimits): ResponseCacheOptions {
  return {
    ttlMs: limits.responseCacheMs,
    maxAgeMs: limits.responseCacheMaxAgeMs,
    maxEntries: limits.responseCacheMaxEntries,
    maxBytes: limits.responseCacheMaxBytes,
  };
}

/** The pubkey a request is answered for: its payload's `user_pubkey`, else the connection's remembered user. */
export function viewerOfRequest(payload: Record<string, unknown>, userPubkey: string | null): string {
  const given = payload.user_pubkey;
  return isHex(given, 64) ? given : (userPubkey ?? '');
}

/** The cache key of a request: command, payload and the connection's remembered user. */
export function responseKey(command: string, payload: Record<string, unknown>, userPubkey: string | null): string {
  return `${command}\u0000${userPubkey ?? ''}\u0000${JSON.stringify(payload)}`;
}
