import type { CacheEvent, NostrEvent } from '@tide/core/nostr';
import { readCacheRow, type Store, writeCacheRow } from '../store/index.ts';
import { isMuted, type MuteRules } from './content-mutes.ts';

/*
 * `scored` answers are precomputed (semantics §1.6: every 600 s into `cache` keys
 * `precalculated_analytics_<selector>`), so every viewer sees the same trending list for ten minutes and a home page
 * load reads one row instead of ranking the window. Here the computation is driven by requests: a fresh row is
 * served as is; a stale one is served while one refresh per selector runs in the background; a missing one is
 * computed once (concurrent first requests share it).
 */

/** Seconds a precomputed `scored` answer stays fresh. */
export const SCORED_REFRESH_S = 600;

/** The `cache` table key of a selector's precomputed answer. */
export function scoredCacheKey(selector: string): string {
  return `precalculated_analytics_${selector}`;
}

const inFlight = new WeakMap<Store, Map<string, Promise<CacheEvent[]>>>();

async function readStored(store: Store, key: string): Promise<{ events: CacheEvent[]; at: number } | null> {
  const row = await readCacheRow(store, key);
  if (!row) return null;
  try {
    const events = JSON.parse(row.value) as unknown;
    return Array.isArray(events) ? { events: events as CacheEvent[], at: row.updatedAt } : null;
  } catch {
    return null;
  }
}

function refresh(
  store: Store,
  selector: string,
  now: number,
  compute: () => Promise<CacheEvent[]>,
): Promise<CacheEvent[]> {
  let running = inFlight.get(store);
  if (!running) {
    running = new Map();
    inFlight.set(store, running);
  }
  const pending = running.get(selector);
  if (pending) return pending;
  const job = (async () => {
    const events = await compute();
    await writeCacheRow(store, scoredCacheKey(selector), JSON.stringify(events), now);
    return events;
  })();
  const tracked = running;
  tracked.set(selector, job);
  const clear = () => {
    if (tracked.get(selector) === job) tracked.delete(selector);
  };
  job.then(clear, clear);
  return job;
}

/**
 * The precomputed answer of a `scored` selector at `now`: stored and fresh (< 600 s) → served; stale → served while
 * `compute` refreshes it in the background; missing → computed now and stored.
 */
export async function precomputedScored(
  store: Store,
  selector: string,
  now: number,
  compute: () => Promise<CacheEvent[]>,
  onBackgroundError: (err: unknown) => void = () => {},
): Promise<CacheEvent[]> {
  const stored = await readStored(store, scoredCacheKey(selector));
  if (!stored) return refresh(store, selector, now, compute);
  if (now - stored.at >= SCORED_REFRESH_S || stored.at > now) {
    refresh(store, selector, now, compute).catch(onBackgroundError);
  }
  return stored.events;
}

/** A viewer's view of a precomputed answer: notes the viewer's mute list hides (authors, words, hashtags, threads) are left out. */
export function withoutMuted(events: readonly CacheEvent[], rules: MuteRules): CacheEvent[] {
  return events.filter((e) => e.kind !== 1 || !isMuted(rules, e as NostrEvent));
}
