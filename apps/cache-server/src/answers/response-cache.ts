import { isHex } from '@tide/core/nostr';
import { pokedKeys, touchedKeys } from '../read-cache/change-keys.ts';
import type { ChangeNotifier } from '../read-cache/change-notifier.ts';
import { ResponseCache, type ResponseCacheOptions } from './answer-cache.ts';
import { depsOfAnswer } from './answer-deps.ts';
import type { PackedAnswer } from './answer-frames.ts';
import { NO_VIEWER } from './viewer-layer.ts';

export { ResponseCache, type ResponseCacheOptions, type ResponseCacheStats } from './answer-cache.ts';

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

/**
 * Commands whose viewer-less answers are periodic (`ResponseCache`: served up to `responseCachePeriodicMs` whatever the
 * store did, recomputed in the background): rankings the reference serves from a periodic precomputation rather than
 * the store as it is (semantics §1.6 and §6: `explore_topics` precomputed; the global trending / most zapped rankings
 * from its `analytics_cache`, cleared every 10 min). Signed-in viewers are layered on that answer (`viewer-layer.ts`),
 * their own actions and mute rules exact on top; an answer computed for a viewer (the full path) stays exact.
 */
export const PERIODIC_COMMANDS: ReadonlySet<string> = new Set([
  'explore_topics',
  'explore_global_trending_24h',
  'explore_global_mostzapped_4h',
]);

/**
 * Whether the answer cached under `key` (see `responseKey`) is periodic: a PERIODIC_COMMANDS answer read by no
 * viewer (viewer-less commands whatever the payload; else no remembered user and no `user_pubkey` but NO_VIEWER).
 */
export function isPeriodicKey(key: string): boolean {
  const end = key.indexOf('\u0000');
  const command = key.slice(0, end);
  if (!PERIODIC_COMMANDS.has(command)) return false;
  if (VIEWERLESS_COMMANDS.has(command)) return true;
  if (key.charCodeAt(end + 1) !== 0) return false;
  const payload = key.slice(end + 2);
  return !payload.includes('"user_pubkey"') || payload.includes(`"user_pubkey":"${NO_VIEWER}"`);
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
    const created = new ResponseCache<PackedAnswer>(options, (answer) => answer.size, depsOfAnswer, isPeriodicKey);
    onChangeKeys(notifier, (keys, seq) => created.changed(keys, seq));
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

/**
 * Calls `listener` with the dependency keys of every change the notifier reports (null: everything) and the change
 * sequence from which on computations see it; returns the stop function.
 */
export function onChangeKeys(
  notifier: ChangeNotifier,
  listener: (keys: ReadonlySet<string> | null, seq: number) => void,
): () => void {
  // a change set arrives before its batch's pokes: computations starting at the next sequence see it
  const stopChanges = notifier.onChanges((changes) => listener(touchedKeys(changes), notifier.sequence + 1));
  const stopPokes = notifier.onPoke((topic) => {
    const keys = pokedKeys(topic);
    if (keys !== undefined) listener(keys, notifier.sequence);
  });
  return () => {
    stopChanges();
    stopPokes();
  };
}

/** The slice of the server's limits (`ServerLimits`, limits.ts) that sets the answer cache's lifetimes and bounds. */
export interface AnswerCacheLimits {
  responseCacheMs: number;
  responseCacheMaxAgeMs: number;
  responseCachePeriodicMs: number;
  responseCacheMaxEntries: number;
  responseCacheMaxBytes: number;
}

/** The answer cache's lifetimes and bounds from the server's limits. */
export function responseCacheOptions(limits: AnswerCacheLimits): ResponseCacheOptions {
  return {
    ttlMs: limits.responseCacheMs,
    maxAgeMs: limits.responseCacheMaxAgeMs,
    maxEntries: limits.responseCacheMaxEntries,
    maxBytes: limits.responseCacheMaxBytes,
    periodicMs: limits.responseCachePeriodicMs,
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
