import { bookmarksSpec, fetchFeedBySpec } from '@tide/core/cache';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pageParams } from '../../data/spec-page.ts';
import { usePagedQuery } from '../../data/use-paged-query.ts';
import { useT } from '../../i18n/intl.tsx';
import { useSession } from '../../state/stores.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, Screen } from '../../ui/screen.tsx';
import { SkeletonList } from '../../ui/skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { SignInButton } from '../account/sign-in-button.tsx';
import { useModeration } from '../moderation/use-moderation.ts';
import { NoteList } from '../note/note-list.tsx';
import styles from '../search/search.module.css';

/** One bookmark kind of the viewer (notes 1, articles 30023), paged like a feed, moderated. */
function BookmarkList({ pubkey, kind }: { pubkey: string; kind: 1 | 30023 }) {
  const t = useT();
  const location = useLocation();
  const spec = bookmarksSpec(pubkey, kind);
  const feed = usePagedQuery(['bookmarks', pubkey, kind], (client, cursor, signal) =>
    fetchFeedBySpec(client, { spec, user_pubkey: pubkey, ...pageParams(cursor) }, { signal }),
  );
  const moderation = useModeration('content', feed.page?.filteringReasons);
  if (feed.status === 'pending') return <SkeletonList label={t('common.loading')} />;
  if (feed.status === 'error' || !feed.page) {
    return (
      <p className={styles.message} role="alert">
        {t('feed.loadFailed')}
      </p>
    );
  }
  const notes = moderation.filterNotes(feed.page.notes);
  const reads = feed.page.reads;
  if (kind === 30023) {
    if (!reads.length) return <EmptyState title={t('bookmarks.empty')} />;
    return (
      <ul className={styles.userList} data-testid="bookmarked-reads">
        {reads.map((a) => (
          <li key={a.id} className={styles.userRow}>
            <Link className={styles.userLink} to={`/a/${a.naddr}`}>
              <span className={styles.userName}>{a.title || a.identifier}</span>
            </Link>
          </li>
        ))}
        {feed.hasNextPage ? (
          <li>
            <Button variant="secondary" onClick={feed.fetchNextPage} disabled={feed.isFetchingNextPage}>
              {t('bookmarks.more')}
            </Button>
          </li>
        ) : null}
      </ul>
    );
  }
  if (!notes.length) return <EmptyState title={t('bookmarks.empty')} />;
  return (
    <NoteList
      notes={notes}
      page={feed.page}
      onEndReached={feed.fetchNextPage}
      restoreKey={`bookmarks:${kind}:${location.key}`}
    />
  );
}

/** Bookmarks: the signed-in user's saved notes and articles (two tabs, paged); guests are asked to sign in. */
export function BookmarksFrame() {
  const t = useT();
  const pubkey = useSession((s) => s.publicKey);
  const [tab, setTab] = useState('notes');
  return (
    <Screen heading={t('bookmarks.heading')}>
      {pubkey ? (
        <Tabs
          label={t('bookmarks.tabsLabel')}
          items={[
            { id: 'notes', label: t('bookmarks.notes') },
            { id: 'reads', label: t('bookmarks.reads') },
          ]}
          value={tab}
          onChange={setTab}
        >
          <BookmarkList key={tab} pubkey={pubkey} kind={tab === 'reads' ? 30023 : 1} />
        </Tabs>
      ) : (
        <EmptyState title={t('bookmarks.guestTitle')}>
          <p>{t('bookmarks.guestBody')}</p>
          <SignInButton label={t('bookmarks.signIn')} />
        </EmptyState>
      )}
    </Screen>
  );
}
