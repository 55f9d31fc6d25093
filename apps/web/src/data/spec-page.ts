import { type CommandClient, fetchMegaFeed } from '@tide/core/cache';
import type { OlderCursor, Page } from '@tide/core/model';
import { PAGE_SIZE } from './use-paged-query.ts';

/** The paging fields of one page request: 20 items, then `until` + `offset` from the older-page cursor. */
export function pageParams(cursor: OlderCursor | undefined): { limit: number; until?: number; offset?: number } {
  return { limit: PAGE_SIZE, ...(cursor ? { until: cursor.until, offset: cursor.offset } : {}) };
}

/** One page of a mega-feed spec (`mega_feed_directive`), personalised for `viewer` when someone is signed in. */
export function fetchSpecPage(
  client: CommandClient,
  spec: string,
  cursor: OlderCursor | undefined,
  viewer: string | null,
  purpose: string,
  signal?: AbortSignal,
): Promise<Page> {
  return fetchMegaFeed(
    client,
    { spec, ...pageParams(cursor), ...(viewer ? { user_pubkey: viewer } : {}) },
    { signal, purpose },
  );
}
