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
}
