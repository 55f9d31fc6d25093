// The one rule for reusing something computed from the store (whole answers in ws/response-cache.ts, shared bundle
// parts in commands/bundle-shared.ts): exact while the store's change sequence is unchanged, bounded in age for what
// depends on the clock; after a change, briefly and within the clock second it was made in.

/** How long answers and the parts they are built from may be reused (`limits.responseCacheMs` / `responseCacheMaxAgeMs`). */
export interface ReuseLimits {
  /** After the store changed: at most this long, and only within the clock second it was made in (0: no reuse). */
  ttlMs: number;
  /** While the store is unchanged since it was made: at most this long, by wall clock and server clock. */
  maxAgeMs: number;
}

/** The server's defaults: 1 s after a change, 30 s while nothing changed. */
export const DEFAULT_REUSE_LIMITS: Readonly<ReuseLimits> = { ttlMs: 1000, maxAgeMs: 30_000 };

/** When, and at which store state, something reusable was made. */
export interface MadeAt {
  /** The store's change sequence then. */
  seq: number;
  /** The server clock's second then. */
  second: number;
  /** Wall-clock milliseconds then. */
  at: number;
}

/**
 * Whether something made at `made` may be reused now (`now` wall ms, server `second`, change sequence `seq`). `exact`
 * says what its dependencies know: true = no change since touched it (the unchanged-store rule), false = one did (the
 * after-change rule), absent = unknown (decided by the change sequence).
 */
export function reusable(
  made: MadeAt,
  now: number,
  second: number,
  seq: number,
  limits: ReuseLimits,
  exact?: boolean,
): boolean {
  if (limits.ttlMs <= 0) return false;
  const age = now - made.at;
  if (exact ?? made.seq === seq) {
    const maxAge = Math.max(limits.ttlMs, limits.maxAgeMs);
    return age <= maxAge && Math.abs(second - made.second) * 1000 <= maxAge;
  }
  return made.second === second && age <= limits.ttlMs;
}
