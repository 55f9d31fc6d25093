import { useLocation } from 'react-router';
import { useCacheQuery } from '../../data/use-cache-query.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import styles from './search.module.css';
import { fetchAdvancedPage, findUsers } from './search-queries.ts';
import { UserRow } from './user-row.tsx';

/** Users matching the term, best score first (at most 10); 'No results found' when none. */
export function UserResults({ query }: { query: string }) {
  const t = useT();
  const viewer = useSession((s) => s.publicKey);
  const found = useCacheQuery(['search-users', query, viewer], (client, signal) =>
    findUsers(client, query, viewer, signal),
  );
  const moderation = useModeration('content', found.data?.page.filteringReasons);
  if (found.status === 'pending') return <SkeletonList label={t('common.loading')} count={3} />;
  if (found.status === 'error')
    return (
      <p className={styles.message} role="alert">
        {t('search.failed')}
      </p>
    );
  const pubkeys = found.data.pubkeys.filter((pk) => !moderation.hidesUser(pk));
  if (!pubkeys.length)
    return (
      <p className={styles.message} data-testid="no-results">
        {t('search.noResults')}
      </p>
    );
  return (
    <ul className={styles.userList} data-testid="user-results">
      {pubkeys.map((pk) => (
        <UserRow key={pk} pubkey={pk} page={found.data.page} />
      ))}
    </ul>
  );
}

/** Notes matching the query (advanced search, 20 a page, infinite scroll); 'No results found' when none. */
export function ContentResults({ query }: { query: string }) {
  const t = useT();
  const location = useLocation();
  const viewer = useSession((s) => s.publicKey);
  const feed = usePagedQuery(['search-content', query, viewer], (client, cursor, signal) =>
    fetchAdvancedPage(client, query, false, cursor, viewer, signal),
  );
  const moderation = useModeration('content', feed.page?.filteringReasons);
  if (feed.status === 'pending') return <SkeletonList label={t('common.loading')} />;
  if (feed.status === 'error' || !feed.page)
    return (
      <p className={styles.message} role="alert">
        {t('search.failed')}
      </p>
    );
  const notes = moderation.filterNotes(feed.page.notes);
  if (!notes.length)
    return (
      <p className={styles.message} data-testid="no-results">
        {t('search.noResults')}
      </p>
    );
  return (
    <NoteList
      notes={notes}
      page={feed.page}
      onEndReached={feed.fetchNextPage}
      restoreKey={`search:${query}:${location.key}`}
      footer={feed.isFetchingNextPage ? <SkeletonList count={2} label={t('feed.loadingMore')} /> : null}
    />
  );
}
