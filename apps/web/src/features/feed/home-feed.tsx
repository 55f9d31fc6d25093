import { counterLabel, NEW_NOTES_COUNTER_CAP } from '@tide/core/format';
import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router';
import { fetchSpecPage } from '../../data/spec-page.ts';
import { useFutureNotes } from '../../data/use-future-notes.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import styles from './home.module.css';
import { fetchHomeFuture } from './home-feed-queries.ts';

/** The notes of one home feed: first page of 20, infinite scroll, the "new notes" pill that prepends future notes. */
export function HomeFeed({ spec, pollMs }: { spec: string; pollMs?: number }) {
  const t = useT();
  const location = useLocation();
  const viewer = useSession((s) => s.publicKey);
  const feed = usePagedQuery(['home-feed', spec, viewer], (client, cursor, signal) =>
    fetchSpecPage(client, spec, cursor, viewer, 'home_feed', signal),
  );
  const future = useFutureNotes(feed.page, (client, cursor) => fetchHomeFuture(client, spec, cursor, viewer), {
    enabled: feed.status === 'success',
    intervalMs: pollMs,
  });
  const moderation = useModeration('content', feed.page?.filteringReasons);
  const notes = useMemo(() => (feed.page ? moderation.filterNotes(feed.page.notes) : []), [feed.page, moderation]);
  const { prepend } = feed;
  const showNew = useCallback(() => {
    prepend(future.take());
    window.scrollTo({ top: 0 });
  }, [prepend, future]);

  if (feed.status === 'pending') return <SkeletonList label={t('home.loading')} />;
  if (feed.status === 'error' || !feed.page) {
    return (
      <p className={styles.message} role="alert">
        {t('feed.loadFailed')}
      </p>
    );
  }
  const { page } = feed;
  return (
    <>
      {future.count > 0 ? (
        <div className={styles.pillRow}>
          <button type="button" className={styles.pill} onClick={showNew} data-testid="new-notes-pill">
            {t('feed.newNotes', { count: future.count, shown: counterLabel(future.count, NEW_NOTES_COUNTER_CAP) })}
          </button>
        </div>
      ) : null}
      {notes.length === 0 && !feed.hasNextPage ? <p className={styles.message}>{t('feed.empty')}</p> : null}
      <NoteList
        notes={notes}
        page={page}
        onEndReached={feed.fetchNextPage}
        restoreKey={`home:${spec}:${location.key}`}
        footer={
          feed.isFetchingNextPage ? (
            <SkeletonList count={2} label={t('feed.loadingMore')} />
          ) : !feed.hasNextPage && page.notes.length > 0 ? (
            <p className={styles.message}>{t('feed.end')}</p>
          ) : null
        }
      />
    </>
  );
}
