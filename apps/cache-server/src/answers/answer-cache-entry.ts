import type { ReuseLimits } from '../reuse-rule.ts';
import type { Tracked } from './dep-index.ts';

/** A held answer, or a running computation of one. */
export interface Entry<T> extends Tracked {
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
  /** Whether the finished answer had dependencies (the one before it, while it runs). */
  described?: boolean;
  /** Wall-clock ms of the last request it served. */
  usedAt?: number;
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
  /**
   * Answers of periodic keys (see `ResponseCache`'s `isPeriodic`) are served whatever the store did for up to this
   * many ms (wall and server clock) and recomputed in the background from half of it; 0 (default): none are periodic.
   */
  periodicMs?: number;
}

/** Where in its life (a fraction of maxAgeMs, from 2/3 to 1) an answer of `key` starts its recomputation ahead. */
export function refreshPoint(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619);
  return 2 / 3 + (hash >>> 0) / 2 ** 32 / 3;
}

/**
 * Recomputations ahead of the end of answers' lives run at most this many at once (two keep PostgreSQL's pool and a
 * 2-core machine's event loop free for the requests' own misses; the rest are left to later requests).
 */
export const MAX_AHEAD = 2;

/**
 * Whether a finished answer is near the end of its unchanged-store life (`maxAgeMs`): past a point between two thirds
 * of it and its end, spread by key (`refreshPoint`), so that answers made together are not all recomputed at once;
 * or past half of it, when the next request, as far apart as the last two, would come after its end.
 */
export function dueAhead(
  key: string,
  entry: Entry<unknown>,
  now: number,
  second: number,
  limits: ReuseLimits,
): boolean {
  const maxAge = limits.maxAgeMs;
  if (!entry.done || maxAge <= limits.ttlMs) return false;
  const age = ageOf(entry, now, second);
  // both rules start past half of it (the common case of a hit ends here, before hashing the key)
  if (age < maxAge / 2) return false;
  if (entry.usedAt !== undefined && age + 2 * (now - entry.usedAt) >= maxAge) return true;
  return age >= maxAge * refreshPoint(key);
}

/** How old a computation started at `entry` is now, by wall clock and by server clock (the larger, in ms). */
export function ageOf(entry: Entry<unknown>, now: number, second: number): number {
  return Math.max(now - entry.at, Math.abs(second - entry.second) * 1000);
}
