import { Link, useLocation } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import { FollowAllButton } from '../people/index.ts';
import styles from '../search/search.module.css';
import { UserRow } from '../search/user-row.tsx';
import type { ExploreScope, ExploreTab, ExploreTimeframe } from './explore-options.ts';
import { fetchExploreTab, loadExploreTopics } from './explore-queries.ts';
import { ZapRow } from './zap-row.tsx';

/** What an explore panel shows: the tab and, for feeds, the timeframe and scope. */
export interface ExploreChoice {
  tab: Exclude<ExploreTab, 'topics'>;
  timeframe: ExploreTimeframe;
  scope: ExploreScope;
}

/** One paged explore tab (feeds, people, zaps, media), moderated, with infinite scroll. */
export function ExplorePagedPanel({ tab, timeframe, scope }: ExploreChoice) {
  const t = useT();
  const location = useLocation();
  const viewer = useSession((s) => s.publicKey);
  const key = tab === 'feeds' ? ['explore', tab, timeframe, scope, viewer] : ['explore', tab, viewer];
  const feed = usePagedQuery(key, (client, cursor, signal) =>
    fetchExploreTab(client, tab, { timeframe, scope, viewer }, cursor, signal),
  );
  const moderation = useModeration('trending', feed.page?.filteringReasons);
  if (feed.status === 'pending') return <SkeletonList label={t('common.loading')} />;
  if (feed.status === 'error' || !feed.page) {
    return (
      <p className={styles.message} role="alert">
        {t('explore.loadFailed')}
      </p>
    );
  }
  const { page } = feed;
  const empty = <p className={styles.message}>{t('search.noResults')}</p>;
  if (tab === 'people') {
    const people = page.people.filter((p) => !moderation.hidesUser(p));
    if (!people.length) return empty;
    return (
      <ul className={styles.userList} data-testid="explore-people">
        <li className={styles.followAll}>
          <FollowAllButton pubkeys={people} />
        </li>
        {people.map((pubkey) => (
          <UserRow key={pubkey} pubkey={pubkey} page={page} />
        ))}
      </ul>
    );
  }
  if (tab === 'zaps') {
    const zaps = page.zaps.filter((z) => !moderation.hidesUser(z.sender));
    if (!zaps.length) return empty;
    return (
      <ul className={styles.userList} data-testid="explore-zaps">
        {zaps.map((zap) => (
          <ZapRow key={zap.id} zap={zap} page={page} />
        ))}
      </ul>
    );
  }
  const notes = moderation.filterNotes(page.notes);
  if (!notes.length) return empty;
  return (
    <NoteList
      notes={notes}
      page={page}
      onEndReached={feed.fetchNextPage}
      restoreKey={`explore:${key.join(':')}:${location.key}`}
      footer={feed.isFetchingNextPage ? <SkeletonList count={2} label={t('feed.loadingMore')} /> : null}
    />
  );
}

/** Topics with their use counts, each linking to a search for the hashtag. */
export function ExploreTopicsPanel() {
  const t = useT();
  const topics = useCacheQuery(['explore', 'topics'], (client, signal) => loadExploreTopics(client, signal));
  if (topics.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (topics.status === 'error') {
    return (
      <p className={styles.message} role="alert">
        {t('explore.loadFailed')}
      </p>
    );
  }
  if (!topics.data.length) return <p className={styles.message}>{t('search.noResults')}</p>;
  return (
    <ul className={styles.userList} data-testid="explore-topics">
      {topics.data.map(([topic, count]) => (
        <li key={topic} className={styles.userRow}>
          <Link className={styles.userLink} to={`/search/${encodeURIComponent(`#${topic}`)}`}>
            <span className={styles.userName}>#{topic}</span>
            <span className={styles.userFollowers}>{t('explore.topicCount', { count })}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
