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

/** Fetches notes newer than `cursor` (limit {@link FUTURE_BATCH}) with a core command. */
export type FutureFetcher = (client: CommandClient, cursor: NewerCursor) => Promise<unknown>;

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
  const { client } = useAppData();
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
        const events = await captureEvents(client, (c) => fetcherRef.current(c, cursor));
        if (!stopped && events.length) setPending((p) => [...p, events]);
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
