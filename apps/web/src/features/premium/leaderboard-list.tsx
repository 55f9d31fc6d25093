import { fetchLeaderboard } from '@tide/core/cache';
import { profileLink, shortDate } from '@tide/core/format';
import type { LeaderboardEntry } from '@tide/core/model';
import { Link } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { useFormatNumber, useT } from '../../i18n/intl.tsx';
import { Avatar } from '../../ui/avatar.tsx';
import { EmptyState } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { userName } from '../note/note-author.tsx';
import styles from '../search/search.module.css';

/** Leaderboard page size (spec §9 paging: leaderboards load 20 at a time). */
export const LEADERBOARD_PAGE = 20;

type Sort = 'donated_btc' | 'last_donation' | 'premium_since';

function sortedValue(entry: LeaderboardEntry, sort: Sort, formatNumber: (n: number) => string): string {
  if (sort === 'donated_btc') return `${formatNumber(entry.donated_btc)} BTC`;
  return shortDate(sort === 'last_donation' ? entry.last_donation : entry.premium_since);
}

/**
 * The leaderboard itself (`membership_premium_leaderboard` / `membership_legends_leaderboard` on the cache socket):
 * loading, the people in order with the sorted value, nobody yet, or why it cannot be shown (a service without
 * membership answers the command with a NOTICE).
 */
export function LeaderboardList({ kind, sort }: { kind: 'premium' | 'legends'; sort: Sort }) {
  const t = useT();
  const formatNumber = useFormatNumber();
  const query = useCacheQuery(['leaderboard', kind, sort], (client, signal) =>
    fetchLeaderboard(client, kind, { order_by: sort, limit: LEADERBOARD_PAGE }, { signal }),
  );
  if (query.status === 'pending') return <SkeletonList label={t('common.loading')} count={4} />;
  if (query.status === 'error') {
    return (
      <p className={styles.message} role="alert" data-testid="leaderboard-unavailable">
        {t('leaderboard.unavailable')}
      </p>
    );
  }
  const { entries, page } = query.data;
  if (!entries.length) return <EmptyState title={t('leaderboard.empty')} />;
  return (
    <ol className={styles.userList} data-testid="leaderboard">
      {entries.map((entry) => {
        const user = page.users[entry.pubkey];
        return (
          <li key={entry.pubkey} className={styles.userRow}>
            <Link className={styles.userLink} to={profileLink(entry.pubkey)}>
              <Avatar src={user?.picture} size="sm" />
              <span className={styles.userName}>{user ? userName(user) : entry.pubkey.slice(0, 12)}</span>
              <span>{sortedValue(entry, sort, formatNumber)}</span>
            </Link>
          </li>
        );
      })}
    </ol>
  );
}
