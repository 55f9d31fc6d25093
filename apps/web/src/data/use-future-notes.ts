import type { CommandClient } from '@tide/core/cache';
import { assemblePage, type NewerCursor, newerCursor, type Page } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '../state/stores.ts';
import { useAppData } from './data-context.tsx';
import { captureEvents } from './page-fold.ts';

/** Future notes are checked only while fewer than this many wait (spec §9). */
export const FUTURE_PENDING_LIMIT = 100;
/** How many future notes one check asks for (spec §9). */
export const FUTURE_BATCH = 100;
/** Default time between checks for future notes. */
export const FUTURE_POLL_MS = 25_000;

/** How many gap pages one check may fetch when the service answered fewer notes than there are. */
export const FUTURE_GAP_PAGES = 3;

/** Where a future check reads: `since` (and, for a gap below an answer, `until` + `offset`). */
export interface FutureWindow extends NewerCursor {
  until?: number;
}

/** Fetches notes newer than `window.since` (limit {@link FUTURE_BATCH}; older than `until` when set) with a core command. */
export type FutureFetcher = (client: CommandClient, window: FutureWindow) => Promise<unknown>;

/**
 * One check: the newest notes since `cursor`, then, while an answer stops above `cursor.since` (the service caps
 * its answers), the gap below it page by page, so nothing between the loaded notes and the new ones is skipped.
 * Returns the responses oldest first.
 */
export async function checkFuture(
  client: CommandClient,
  fetcher: FutureFetcher,
  cursor: NewerCursor,
): Promise<CacheEvent[][]> {
  const batches: CacheEvent[][] = [];
  let window: FutureWindow = { since: cursor.since, offset: 0 };
  for (let i = 0; i <= FUTURE_GAP_PAGES; i++) {
    const events = await captureEvents(client, (c) => fetcher(c, window));
    const answer = assemblePage(events);
    if (answer.order.length === 0) break;
    batches.unshift(events);
    const lowest = answer.paging.since;
    if (lowest === undefined || lowest <= cursor.since) break;
    const ties = Object.values(answer.sortValues).filter((v) => v === lowest).length;
    window = { since: cursor.since, until: lowest, offset: ties };
  }
  return batches;
}

/** The cursor for items newer than everything in `page` (its FeedRange `until`, ties counted). */
export function futureCursorOf(page: Page): NewerCursor | undefined {
  const values = Object.values(page.sortValues).sort((a, b) => b - a);
  return newerCursor(values, page.newestUntil);
}

/** What {@link useFutureNotes} returns. */
export interface FutureNotes {
  /** How many new items wait (not already loaded). */
  count: number;
  /** The waiting responses, newest first (hand them to `prepend`), and clears them. */
  take: () => CacheEvent[][];
}

/**
 * Polls for future notes while `enabled` (home: sorted by created_at), the app is not asleep and fewer than 100
 * wait; counts only items not already in `page`.
 */
export function useFutureNotes(
  page: Page | undefined,
  fetcher: FutureFetcher,
  options: { enabled: boolean; intervalMs?: number },
): FutureNotes {
  const { commands: client } = useAppData();
  const activity = useSession((s) => s.activity);
  const [pending, setPending] = useState<CacheEvent[][]>([]);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  // Each response is merged on its own: a response's FeedRange orders (and limits) only its own items.
  const waiting = useMemo(
    () => (page && pending.length ? pending.reduce<Page>((acc, batch) => assemblePage(batch, acc), page) : undefined),
    [page, pending],
  );
  const count = waiting && page ? waiting.order.length - page.order.length : 0;
  const sortedByTime = page ? page.paging.sortBy === 'created_at' : false;
  const active = options.enabled && sortedByTime && activity !== 'sleep' && count < FUTURE_PENDING_LIMIT;
  const base = waiting ?? page;
  const baseRef = useRef(base);
  baseRef.current = base;

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const check = async () => {
      const current = baseRef.current;
      const cursor = current ? futureCursorOf(current) : undefined;
      if (!cursor) return;
      try {
        const batches = await checkFuture(client, fetcherRef.current, cursor);
        if (!stopped && batches.length) setPending((p) => [...p, ...batches]);
      } catch {
        // A failed check is retried at the next interval.
      }
    };
    const timer = setInterval(check, options.intervalMs ?? FUTURE_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, client, options.intervalMs]);

  return {
    count,
    take: () => {
      const batches = [...pending].reverse();
      setPending([]);
      return batches;
    },
  };
}
