import { type InfiniteData, type QueryKey, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import type { CommandClient } from '@tide/core/cache';
import type { OlderCursor, Page } from '@tide/core/model';
import type { CacheEvent } from '@tide/core/nostr';
import { useCallback, useMemo, useRef } from 'react';
import { useAppData } from './data-context.tsx';
import { captureEvents, nextCursorOf, PageFolder, type RawPage } from './page-fold.ts';

/** Default page size (spec §9: 20 notes). */
export const PAGE_SIZE = 20;

/** Fetches one page: call a core command with `client` and `cursor` (undefined for the first page). */
export type PageFetcher = (
  client: CommandClient,
  cursor: OlderCursor | undefined,
  signal: AbortSignal,
) => Promise<unknown>;

/** What {@link usePagedQuery} returns. */
export interface PagedQuery {
  /** Every loaded page merged (ordered, de-duplicated), or undefined before the first page. */
  page: Page | undefined;
  status: 'pending' | 'error' | 'success';
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isRefetching: boolean;
  /** Loads the next (older) page unless one is loading or there is none. */
  fetchNextPage: () => void;
  /** Puts newer responses (e.g. future notes, newest first) in front of the loaded ones. */
  prepend: (batches: CacheEvent[][]) => void;
}

type Data = InfiniteData<RawPage, OlderCursor | null>;

/**
 * Infinite pages with core's paging helper and page assembler: the first page without a cursor, each next page with
 * `until` + `offset` from the merged page (`nextPageCursor`), all pages folded into one page without duplicates.
 * Pages are refetched in order after a reconnect; a remount within the router cache keeps them (no refetch on mount).
 */
export function usePagedQuery(key: QueryKey, fetcher: PageFetcher, options: { enabled?: boolean } = {}): PagedQuery {
  const { commands: client } = useAppData();
  const queryClient = useQueryClient();
  const folder = useRef(new PageFolder()).current;
  const query = useInfiniteQuery({
    queryKey: key,
    enabled: options.enabled,
    initialPageParam: null as OlderCursor | null,
    refetchOnMount: false,
    queryFn: async ({ pageParam, signal }): Promise<RawPage> => ({
      events: await captureEvents(client, (capturing) => fetcher(capturing, pageParam ?? undefined, signal)),
    }),
    getNextPageParam: (_last, pages, lastParam) => nextCursorOf(folder, pages, lastParam) ?? undefined,
  });
  const pages = query.data?.pages;
  const page = useMemo(() => (pages ? folder.fold(pages) : undefined), [pages, folder]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage: fetchNext } = query;
  const fetchNextPage = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNext();
  }, [hasNextPage, isFetchingNextPage, fetchNext]);
  const prepend = useCallback(
    (batches: CacheEvent[][]) => {
      if (!batches.length) return;
      queryClient.setQueryData<Data>(key, (data) =>
        data
          ? {
              pages: [...batches.map((events) => ({ events })), ...data.pages],
              pageParams: [...batches.map(() => null), ...data.pageParams],
            }
          : data,
      );
    },
    [queryClient, key],
  );
  return {
    page,
    status: query.status,
    error: query.error,
    hasNextPage,
    isFetchingNextPage,
    isRefetching: query.isRefetching,
    fetchNextPage,
    prepend,
  };
}
