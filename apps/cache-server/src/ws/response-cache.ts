import { isHex } from '@tide/core/nostr';
import type { PackedAnswer } from './answer-frames.ts';
import type { ChangeNotifier } from './change-notifier.ts';

/**
 * Read commands whose answer depends only on the stored events (and what ingest derives from them), the payload,
 * the connection's remembered user and the clock: safe to share between identical requests of the same second.
 * Commands that write, go live (`ctx.live`) or read per-user state written outside ingest are not listed.
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
]);

interface Entry<T> {
  /** Wall-clock ms when the computation started. */
  at: number;
  answer: Promise<T>;
  /** Whether the computation has finished. */
  done: boolean;
  /** The pubkey the answer was computed for ('' for none). */
  viewer: string;
}

/** How requests were served since the last reset: from a finished answer, by joining a running one, or computed. */
export interface ResponseCacheStats {
  hits: number;
  joined: number;
  misses: number;
}

/**
 * A micro-cache of whole answers (and of answers still being computed: identical requests arriving together share
 * one computation). An entry lives at most `ttlMs` of wall time and only within the server clock's second it was
 * made in. When ingest accepts events, the answers personalised for their authors are forgotten (a user sees what
 * they just published at once); everyone else's may lag by at most `ttlMs`.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private counts: ResponseCacheStats = { hits: 0, joined: 0, misses: 0 };
  /** The clock second of the entries held: answers of other seconds can no longer be asked for. */
  private second = Number.NaN;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  /**
   * The shared answer for `key` made in clock second `second`, computing it with `compute` on a miss; `viewer` is
   * the pubkey the answer is personalised for (see `forgetViewers`).
   */
  answer(key: string, second: number, compute: () => Promise<T>, viewer = ''): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    if (second !== this.second) {
      // a new second: every held answer is unreachable (keys carry their second); free them at once
      this.entries.clear();
      this.second = second;
    }
    const fullKey = `${second}\u0000${key}`;
    const now = Date.now();
    const hit = this.entries.get(fullKey);
    if (hit && now - hit.at <= this.ttlMs) {
      if (hit.done) this.counts.hits += 1;
      else this.counts.joined += 1;
      return hit.answer;
    }
    this.counts.misses += 1;
    if (this.entries.size >= this.maxEntries) this.evict(now);
    const answer = compute();
    const entry: Entry<T> = { at: now, answer, done: false, viewer };
    this.entries.set(fullKey, entry);
    answer.then(
      () => {
        entry.done = true;
      },
      () => {
        if (this.entries.get(fullKey) === entry) this.entries.delete(fullKey);
      },
    );
    return answer;
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
  }

  /** Forgets the answers made for any of `viewers` (finished or still running). */
  forgetViewers(viewers: ReadonlySet<string>): void {
    if (viewers.size === 0) return;
    for (const [key, entry] of this.entries) if (viewers.has(entry.viewer)) this.entries.delete(key);
  }

  /** Number of answers held. */
  get size(): number {
    return this.entries.size;
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (now - entry.at > this.ttlMs) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}

const caches = new WeakMap<ChangeNotifier, ResponseCache<PackedAnswer>>();

/**
 * The answer cache of the server owning `notifier` (one per server), holding packed answers: serialised and deflated
 * once, framed per sub-id. Each accepted ingest batch forgets the answers made for its events' authors (the
 * notifier reports every event, then pokes `ingest` once per batch).
 */
export function responseCacheFor(notifier: ChangeNotifier, ttlMs: number): ResponseCache<PackedAnswer> {
  let cache = caches.get(notifier);
  if (!cache) {
    const created = new ResponseCache<PackedAnswer>(ttlMs);
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

/** The pubkey a request is answered for: its payload's `user_pubkey`, else the connection's remembered user. */
export function viewerOfRequest(payload: Record<string, unknown>, userPubkey: string | null): string {
  const given = payload.user_pubkey;
  return isHex(given, 64) ? given : (userPubkey ?? '');
}

/** The cache key of a request: command, payload and the connection's remembered user. */
export function responseKey(command: string, payload: Record<string, unknown>, userPubkey: string | null): string {
  return `${command}\u0000${userPubkey ?? ''}\u0000${JSON.stringify(payload)}`;
}
