import { useLocation } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import { ArticleList } from '../reads/article-list.tsx';
import styles from '../search/search.module.css';
import { DvmFeedHeader } from './dvm-feed-card.tsx';
import { type DvmFeed, type DvmFeedAddress, fetchDvmFeedPage, loadDvmFeed } from './dvm-feeds.ts';

function Failed({ message }: { message: string }) {
  return (
    <p className={styles.message} role="alert">
      {message}
    </p>
  );
}

/** A DVM feed's notes (or articles, for a reads feed), 20 per page with infinite scroll, moderated. */
function DvmFeedItems({ feed }: { feed: DvmFeed }) {
  const t = useT();
  const location = useLocation();
  const viewer = useSession((s) => s.publicKey);
  const key = ['explore', 'dvm-feed-items', feed.identifier, feed.pubkey, feed.kind, viewer];
  const items = usePagedQuery(key, (client, cursor, signal) => fetchDvmFeedPage(client, feed, cursor, viewer, signal));
  const moderation = useModeration('content', items.page?.filteringReasons);
  if (items.status === 'pending') return <SkeletonList label={t('common.loading')} />;
  if (items.status === 'error' || !items.page) return <Failed message={t('explore.loadFailed')} />;
  const { page } = items;
  const more = items.isFetchingNextPage ? <SkeletonList count={2} label={t('feed.loadingMore')} /> : null;
  const restoreKey = `explore:dvm:${key.join(':')}:${location.key}`;
  if (feed.kind === 'reads') {
    const reads = page.reads.filter((a) => !moderation.hidesUser(a.pubkey));
    if (!reads.length) return <p className={styles.message}>{t('search.noResults')}</p>;
    return <ArticleList articles={reads} onEndReached={items.fetchNextPage} restoreKey={restoreKey} footer={more} />;
  }
  const notes = moderation.filterNotes(page.notes);
  if (!notes.length) return <p className={styles.message}>{t('search.noResults')}</p>;
  return (
    <NoteList notes={notes} page={page} onEndReached={items.fetchNextPage} restoreKey={restoreKey} footer={more} />
  );
}

/** `/explore/feed/<identifier>_by_<pubkey>`: the DVM feed's header (`dvm_feed_info`) and its items. */
export function DvmFeedView({ address }: { address: DvmFeedAddress }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const info = useCacheQuery(['explore', 'dvm-feed', address.identifier, address.pubkey, viewer], (client, signal) =>
    loadDvmFeed(client, address, viewer, signal),
  );
  if (info.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (info.status === 'error') return <Failed message={t('explore.loadFailed')} />;
  if (!info.data) return <Failed message={t('explore.unknownFeed')} />;
  return (
    <>
      <DvmFeedHeader feed={info.data} />
      <DvmFeedItems feed={info.data} />
    </>
  );
}
