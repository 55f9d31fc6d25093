import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchLeaderboard } from '@tide/core/cache';
import { profileLink, shortDate } from '@tide/core/format';
import type { LeaderboardEntry, User } from '@tide/core/model';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { useAppData } from '../../data/data-context.tsx';
import { memberInfoOf, rememberMember, rememberMemberInfo } from '../../data/member-info.ts';
import { useFormatNumber, useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { MemberBadge } from '../member-badge/index.ts';
import { userName } from '../note/note-author.tsx';
import styles from '../search/search.module.css';
import {
  LEADERBOARD_PAGE,
  type LeaderboardPage,
  mergeLeaderboardPages,
  nextLeaderboardOffset,
} from './leaderboard-paging.ts';

export { LEADERBOARD_PAGE } from './leaderboard-paging.ts';

type Sort = 'donated_btc' | 'last_donation' | 'premium_since';

function sortedValue(entry: LeaderboardEntry, sort: Sort, formatNumber: (n: number) => string): string {
  if (sort === 'donated_btc') return `${formatNumber(entry.donated_btc)} BTC`;
  return shortDate(sort === 'last_donation' ? entry.last_donation : entry.premium_since);
}

/** Loads the next page when `target` scrolls into view (where the browser can tell). */
function useLoadOnView(target: RefObject<HTMLElement | null>, load: () => void, active: boolean) {
  useEffect(() => {
    const node = target.current;
    if (!active || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [target, load, active]);
}

/**
 * The leaderboard itself (`membership_premium_leaderboard` / `membership_legends_leaderboard` on the cache socket),
 * 20 at a time: the next 20 load at the end of the list (scrolled to, or Load more) with the service's `offset`;
 * each row shows the person, their member badge and the sorted value. A service without membership answers with a
 * NOTICE: the list says it cannot be shown.
 */
export function LeaderboardList({ kind, sort }: { kind: 'premium' | 'legends'; sort: Sort }) {
  const t = useT();
  const formatNumber = useFormatNumber();
  const { commands } = useAppData();
  const query = useInfiniteQuery({
    queryKey: ['leaderboard', kind, sort],
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }): Promise<LeaderboardPage> =>
      fetchLeaderboard(
        commands,
        kind,
        { order_by: sort, limit: LEADERBOARD_PAGE, ...(pageParam ? { offset: pageParam } : {}) },
        { signal },
      ),
    getNextPageParam: (_last, pages) => nextLeaderboardOffset(pages),
  });
  const pages = query.data?.pages;
  const entries = useMemo(() => (pages ? mergeLeaderboardPages(pages) : []), [pages]);
  const users = useMemo(() => {
    const out: Record<string, User> = {};
    for (const p of pages ?? []) Object.assign(out, p.page.users);
    return out;
  }, [pages]);
  useEffect(() => {
    for (const p of pages ?? []) rememberMemberInfo(p.page);
    // Being on the board says the tier when the answer carried nothing more.
    for (const e of entries) {
      if (!memberInfoOf(e.pubkey))
        rememberMember(e.pubkey, { tier: kind === 'legends' ? 'premium-legend' : 'premium' });
    }
  }, [pages, entries, kind]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useMemo(
    () => () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const end = useRef<HTMLDivElement>(null);
  useLoadOnView(end, loadMore, hasNextPage && !isFetchingNextPage);

  if (query.status === 'pending') return <SkeletonList label={t('common.loading')} count={4} />;
  if (query.status === 'error') {
    return (
      <p className={styles.message} role="alert" data-testid="leaderboard-unavailable">
        {t('leaderboard.unavailable')}
      </p>
    );
  }
  if (!entries.length) return <EmptyState title={t('leaderboard.empty')} />;
  return (
    <>
      <ol className={styles.userList} data-testid="leaderboard">
        {entries.map((entry) => {
          const user = users[entry.pubkey];
          return (
            <li key={entry.pubkey} className={styles.userRow} data-pubkey={entry.pubkey}>
              <Link className={styles.userLink} to={profileLink(entry.pubkey)}>
                <Avatar src={user?.picture} size="sm" />
                <span className={styles.userName}>{user ? userName(user) : entry.pubkey.slice(0, 12)}</span>
                <MemberBadge pubkey={entry.pubkey} />
                <span>{sortedValue(entry, sort, formatNumber)}</span>
              </Link>
            </li>
          );
        })}
      </ol>
      <div ref={end} className={styles.message}>
        {query.isFetchNextPageError ? <p role="alert">{t('leaderboard.moreFailed')}</p> : null}
        {hasNextPage ? (
          <Button variant="secondary" disabled={isFetchingNextPage} aria-busy={isFetchingNextPage} onClick={loadMore}>
            {isFetchingNextPage ? t('leaderboard.loadingMore') : t('leaderboard.loadMore')}
          </Button>
        ) : entries.length >= LEADERBOARD_PAGE ? (
          <p role="status">{t('leaderboard.end')}</p>
        ) : null}
      </div>
    </>
  );
}
