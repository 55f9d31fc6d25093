import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { fetchNotifications, type NotificationGroup } from '@tide/core/cache';
import type { Page } from '@tide/core/model';
import { CacheKind } from '@tide/core/nostr';
import { useCallback, useMemo, useRef } from 'react';
import { useAppData } from '../../data/data-context.tsx';
import { captureEvents, PageFolder, type RawPage } from '../../data/page-fold.ts';

/** First page of notifications (spec §9: 100), then older pages of 20. */
export const FIRST_PAGE = 100;
/** Older pages of notifications (spec §9). */
export const OLDER_PAGE = 20;

type Cursor = { until: number; offset: number };
type Data = InfiniteData<RawPage, Cursor | null>;

/** What {@link useNotifications} returns. */
export interface NotificationsQuery {
  page: Page | undefined;
  status: 'pending' | 'error' | 'success';
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Loads the list again from the newest (after new notifications came in). */
  reload: () => Promise<void>;
  refetch: () => void;
}

function countOf(raw: RawPage): number {
  return raw.events.filter((e) => e.kind === CacheKind.Notification).length;
}

/**
 * The notifications of `pubkey` in one tab (`get_notifications` type group): 100 newest, then 20 older per page by
 * `until` (the oldest shown) and `offset` (those already shown at that second), merged into one page.
 */
export function useNotifications(pubkey: string | null, group: NotificationGroup): NotificationsQuery {
  const { commands } = useAppData();
  const queryClient = useQueryClient();
  const folder = useRef(new PageFolder()).current;
  const key = useMemo(() => ['notifications', pubkey, group], [pubkey, group]);
  const query = useInfiniteQuery({
    queryKey: key,
    enabled: pubkey !== null,
    initialPageParam: null as Cursor | null,
    staleTime: 0,
    queryFn: async ({ pageParam, signal }): Promise<RawPage> => ({
      events: await captureEvents(commands, (client) =>
        fetchNotifications(
          client,
          {
            pubkey: pubkey as string,
            user_pubkey: pubkey as string,
            type_group: group,
            ...(pageParam ? { until: pageParam.until, offset: pageParam.offset, limit: OLDER_PAGE } : {}),
            ...(pageParam ? {} : { limit: FIRST_PAGE }),
          },
          { signal },
        ),
      ),
    }),
    getNextPageParam: (last, pages, lastParam): Cursor | undefined => {
      if (countOf(last) < (lastParam ? OLDER_PAGE : FIRST_PAGE)) return undefined;
      const merged = folder.fold(pages);
      const oldest = merged.notifications.at(-1);
      if (!oldest) return undefined;
      const offset = merged.notifications.filter((n) => n.created_at === oldest.created_at).length;
      return { until: oldest.created_at, offset };
    },
  });
  const pages = query.data?.pages;
  const page = useMemo(() => (pages ? folder.fold(pages) : undefined), [pages, folder]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage: next, refetch } = query;
  const fetchNextPage = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void next();
  }, [hasNextPage, isFetchingNextPage, next]);
  const reload = useCallback(async () => {
    queryClient.setQueryData<Data>(key, (data) =>
      data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
    );
    await queryClient.refetchQueries({ queryKey: key, exact: true });
  }, [queryClient, key]);
  return {
    page,
    status: query.status,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
    reload,
    refetch: () => void refetch(),
  };
}
